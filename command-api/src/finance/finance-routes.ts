import Router from '@koa/router';
import { z } from 'zod';
import {
  addBankHolidayRequestSchema,
  addFunderRequestSchema,
  editInvoiceDraftRequestSchema,
  removeBankHolidayRequestSchema,
  generateInvoicesRequestSchema,
  issueCreditNoteRequestSchema,
  markInvoiceSentRequestSchema,
  positionToToken,
  recordPaymentRequestSchema,
  requiredDate,
  setClientFundingRequestSchema,
  setFunderRateRequestSchema,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { FinanceService, FUNDER_NOT_FOUND } from './finance-service';
import { INVOICE_NOT_FOUND } from './invoice-decide';
import { sendInvoice } from './invoice-sending';
import { addPayrollRoutes } from './payroll-routes';
import { readModelVisitSource, type VisitSource } from './visit-source';

/** Finance commands: administrators only (finance.manage). */
export function financeRoutes(
  deps: CommandDeps,
  visits: VisitSource = readModelVisitSource(deps.pool),
): Router<CommandState> {
  const service = new FinanceService(deps.store, visits);
  const router = new Router<CommandState>({ prefix: '/api/finance' });
  const manage = requirePermission('finance.manage');

  router.post('/funders', manage, async (ctx) => {
    ctx.status = 201;
    ctx.body = reply(
      await service.addFunder(parseOr400(addFunderRequestSchema, ctx.request.body), commandContext(ctx)),
    );
  });

  router.post('/funders/:id/rates', manage, async (ctx) => {
    const funderId = parseRecordId(ctx.params.id, FUNDER_NOT_FOUND);
    ctx.status = 201;
    ctx.body = reply(
      await service.setRate(funderId, parseOr400(setFunderRateRequestSchema, ctx.request.body), commandContext(ctx)),
    );
  });

  router.put('/clients/:id/funding', manage, async (ctx) => {
    const clientId = parseRecordId(ctx.params.id, 'Client not found');
    ctx.body = reply(
      await service.setClientFunding(
        clientId,
        parseOr400(setClientFundingRequestSchema, ctx.request.body),
        commandContext(ctx),
      ),
    );
  });

  router.post('/invoices/generate', manage, async (ctx) => {
    const input = parseOr400(generateInvoicesRequestSchema, ctx.request.body);
    const result = await service.generateInvoices({ ...input, clientId: input.clientId ?? null }, commandContext(ctx));
    ctx.status = 201;
    ctx.body = {
      invoices: result.invoices,
      problems: result.problems,
      position: result.position === undefined ? null : positionToToken(result.position),
    };
  });

  router.post('/invoices/:id/payments', manage, async (ctx) => {
    const invoiceId = parseRecordId(ctx.params.id, INVOICE_NOT_FOUND);
    ctx.status = 201;
    ctx.body = reply(
      await service.recordPayment(
        invoiceId,
        parseOr400(recordPaymentRequestSchema, ctx.request.body),
        commandContext(ctx),
      ),
    );
  });

  router.post('/invoices/:id/credit-notes', manage, async (ctx) => {
    const invoiceId = parseRecordId(ctx.params.id, INVOICE_NOT_FOUND);
    ctx.status = 201;
    ctx.body = reply(
      await service.issueCreditNote(
        invoiceId,
        parseOr400(issueCreditNoteRequestSchema, ctx.request.body),
        commandContext(ctx),
      ),
    );
  });

  router.patch('/invoices/:id', manage, async (ctx) => {
    const invoiceId = parseRecordId(ctx.params.id, INVOICE_NOT_FOUND);
    const ifMatch = parseIfMatch(ctx);
    ctx.body = reply(
      await service.editDraft(
        invoiceId,
        parseOr400(editInvoiceDraftRequestSchema, ctx.request.body),
        ifMatch,
        commandContext(ctx),
      ),
    );
  });

  router.post('/invoices/:id/sent', manage, async (ctx) => {
    const invoiceId = parseRecordId(ctx.params.id, INVOICE_NOT_FOUND);
    const body = parseOr400(markInvoiceSentRequestSchema, ctx.request.body ?? {});
    const sent = await sendInvoice(deps, invoiceId, body.sentTo ?? null, commandContext(ctx));
    ctx.body = { ...reply(sent), sentTo: sent.sentTo };
  });

  router.post('/bank-holidays', manage, async (ctx) => {
    const { date, name } = parseOr400(addBankHolidayRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.addBankHoliday(date, name, commandContext(ctx)));
  });

  router.post('/bank-holidays/:date/removal', manage, async (ctx) => {
    const date = parseOr400(bankHolidayDateParam, { date: ctx.params.date }).date;
    const { reason } = parseOr400(removeBankHolidayRequestSchema, ctx.request.body);
    ctx.body = reply(await service.removeBankHoliday(date, reason, commandContext(ctx)));
  });

  addPayrollRoutes(router, deps);

  return router;
}

/** The day in the path, checked as any date field is (a real calendar date). */
const bankHolidayDateParam = z.object({ date: requiredDate('Date is required') });
