import Router from '@koa/router';
import { z } from 'zod';
import { blankAsAbsent, INVOICE_STATUSES, queryOneOf, searchText } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { attachPdf, invoicePdfSpec, renderPdf } from '@care/documents';
import { SettingsQueries } from '../settings/settings-queries';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { FinanceQueries } from './finance-queries';
import { addPayrollReadRoutes } from './payroll-routes';
import { parseQuery } from '../shared/query-parsing';

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** A derived status, or `unpaid`: every invoice still owed (overdue, processing or pending), oldest due date first. */
const INVOICE_LIST_FILTERS = [...INVOICE_STATUSES, 'unpaid'] as const;

export const invoiceListQuery = z.object({
  status: queryOneOf(INVOICE_LIST_FILTERS, 'Status'),
  clientId: z.preprocess(blankAsAbsent, z.uuid({ error: 'Client not found' }).optional()),
  ...pagingFields(),
});

export const clientFundingListQuery = z.object({
  search: searchText().optional(),
  unfunded: z.preprocess(
    blankAsAbsent,
    z.enum(['true', 'false'], { error: 'Unfunded must be true or false' }).optional(),
  ),
  ...pagingFields(),
});

export const bankHolidayListQuery = z.object({
  year: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: 'Year must be a year' })
      .int('Year must be a year')
      .min(2000, 'Year must be 2000 or later')
      .max(2100, 'Year must be 2100 or earlier')
      .optional(),
  ),
});

const invoiceId = (raw: string | undefined): string => {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw new HttpError(404, INVOICE_NOT_FOUND);
  return parsed.data;
};

/** GET /api/finance/... (finance.read: administrators, coordinators, auditors). */
export function financeRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new FinanceQueries(deps.db);
  const settings = new SettingsQueries(deps.db);
  const router = new Router<ReadState>({ prefix: '/api/finance' });
  router.use(requirePermission('finance.read'));

  router.get('/overview', async (ctx) => {
    ctx.body = await queries.overview();
  });

  router.get('/funders', async (ctx) => {
    ctx.body = await queries.funders();
  });

  router.get('/client-funding', async (ctx) => {
    const { search, unfunded, limit, offset } = parseQuery(clientFundingListQuery, ctx);
    sendPage(
      ctx,
      await queries.clientFunding({ search: search || undefined, unfunded: unfunded === 'true' }, { limit, offset }),
    );
  });

  router.get('/bank-holidays', async (ctx) => {
    const { year } = parseQuery(bankHolidayListQuery, ctx);
    ctx.body = await queries.bankHolidays(year);
  });

  router.get('/invoices', async (ctx) => {
    const { status, clientId, limit, offset } = parseQuery(invoiceListQuery, ctx);
    sendPage(ctx, await queries.listInvoices({ status, clientId }, { limit, offset }));
  });

  router.get('/invoices/:id', async (ctx) => {
    const invoice = await queries.invoice(invoiceId(ctx.params.id));
    if (!invoice) throw new HttpError(404, INVOICE_NOT_FOUND);
    ctx.body = invoice;
  });

  router.get('/invoices/:id/invoice.pdf', async (ctx) => {
    const invoice = await queries.invoice(invoiceId(ctx.params.id));
    if (!invoice) throw new HttpError(404, INVOICE_NOT_FOUND);
    const funder = (await queries.funders()).find((candidate) => candidate.id === invoice.funderId);
    const pdf = await renderPdf(invoicePdfSpec(invoice, await settings.settings(), funder?.kind ?? null));
    attachPdf(ctx, `${invoice.number}.pdf`, pdf);
  });

  addPayrollReadRoutes(router, deps);
  return router;
}
