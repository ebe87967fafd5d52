import Router from '@koa/router';
import { z } from 'zod';
import { queryDate } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { attachCsv, attachPdf, renderPdf, toCsv } from '@care/documents';
import { SettingsQueries } from '../settings/settings-queries';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { PayrollQueries, payrollSummary } from './payroll-queries';
import { PAYROLL_CSV_HEADER, payrollCsvRows, payslipPdfSpec } from './payslip-pdf';
import { parseQuery } from '../shared/query-parsing';

export const PAYSLIP_NOT_FOUND = 'Payslip not found';
export const PAYROLL_RUN_NOT_FOUND = 'Payroll period not found';

const uuidOr404 = (raw: string | undefined, message: string): string => {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw new HttpError(404, message);
  return parsed.data;
};

export const pageQuery = z.object({ ...pagingFields() });
export const summaryQuery = z.object({
  from: queryDate('From'),
  to: queryDate('To'),
});

/** Payroll reads on the finance router (finance.read: administrators, coordinators, auditors). */
export function addPayrollReadRoutes(router: Router<ReadState>, deps: ReadDeps): void {
  const queries = new PayrollQueries(deps.db);
  const settings = new SettingsQueries(deps.db);

  router.get('/payroll/runs', async (ctx) => {
    sendPage(ctx, await queries.runs(parseQuery(pageQuery, ctx)));
  });

  router.get('/payroll/policy', async (ctx) => {
    ctx.body = await queries.policy();
  });

  router.get('/payroll/summary', async (ctx) => {
    const { from, to } = parseQuery(summaryQuery, ctx);
    ctx.body = await payrollSummary(deps.db, {
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    });
  });

  router.get('/payroll/runs/:runId/payslips', async (ctx) => {
    const runId = uuidOr404(ctx.params.runId, PAYROLL_RUN_NOT_FOUND);
    sendPage(ctx, await queries.runPayslips(runId, parseQuery(pageQuery, ctx)));
  });

  router.get('/payroll/runs/:runId/payroll.csv', async (ctx) => {
    const run = await queries.run(uuidOr404(ctx.params.runId, PAYROLL_RUN_NOT_FOUND));
    if (!run) throw new HttpError(404, PAYROLL_RUN_NOT_FOUND);
    attachCsv(
      ctx,
      `payroll-${run.periodStart}-to-${run.periodEnd}.csv`,
      toCsv(PAYROLL_CSV_HEADER, payrollCsvRows(await queries.allRunPayslips(run.runId))),
    );
  });

  router.get('/payroll/payslips/:id/payslip.pdf', async (ctx) => {
    const payslip = await queries.payslip(uuidOr404(ctx.params.id, PAYSLIP_NOT_FOUND));
    if (!payslip) throw new HttpError(404, PAYSLIP_NOT_FOUND);
    attachPdf(
      ctx,
      `payslip-${payslip.periodStart}-${payslip.employeeId ?? payslip.carerId}.pdf`,
      await renderPdf(payslipPdfSpec(payslip, await settings.settings())),
    );
  });
}

/**
 * A carer's own payslips (payslips.readOwn). The query is limited to the carer record linked to the caller's
 * account, so another carer's payslip answers 404, exactly as one that does not exist.
 */
export function myPayslipRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new PayrollQueries(deps.db);
  const settings = new SettingsQueries(deps.db);
  const router = new Router<ReadState>({ prefix: '/api/finance/payslips/mine' });
  router.use(requirePermission('payslips.readOwn'));

  router.get('/', async (ctx) => {
    sendPage(ctx, await queries.mine(ctx.state.session.userId, parseQuery(pageQuery, ctx)));
  });

  router.get('/:id/payslip.pdf', async (ctx) => {
    const payslip = await queries.payslip(uuidOr404(ctx.params.id, PAYSLIP_NOT_FOUND), ctx.state.session.userId);
    if (!payslip) throw new HttpError(404, PAYSLIP_NOT_FOUND);
    attachPdf(
      ctx,
      `payslip-${payslip.periodStart}.pdf`,
      await renderPdf(payslipPdfSpec(payslip, await settings.settings())),
    );
  });
  return router;
}
