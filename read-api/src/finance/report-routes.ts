import type { ParsedUrlQuery } from 'node:querystring';
import Router from '@koa/router';
import { z } from 'zod';
import { formatPoundsLimit, londonToday, queryDate } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { attachCsv, attachPdf, type CsvValue, type PdfSpec, renderPdf, toCsv } from '@care/documents';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { ContractQueries } from './contract-queries';
import { FinanceQueries } from './finance-queries';
import { financeReportNamed, type FinanceReport, type ReportCell } from './report-registry';
import { FinanceReportQueries, type ReportRange } from './report-queries';
import { payrollSummary } from './payroll-queries';
import { parseQuery } from '../shared/query-parsing';

export const REPORT_NOT_FOUND = 'Report not found';

/** ?from=&to= (London dates): the year so far when not given. */
export const reportRangeQuery = z
  .object({ from: queryDate('From'), to: queryDate('To') })
  .transform(({ from, to }) => {
    const today = londonToday();
    return { from: from ?? `${today.slice(0, 4)}-01-01`, to: to ?? today };
  })
  .refine(({ from, to }) => from <= to, { message: 'From must be on or before To', path: ['from'] });

/** Integer pence as "1234.56" for a spreadsheet (no float on the way). */
const poundsText = (pence: number): string =>
  `${pence < 0 ? '-' : ''}${Math.floor(Math.abs(pence) / 100)}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;
const pdfCell = (cell: ReportCell): string =>
  typeof cell === 'object'
    ? cell.pence < 0
      ? `-${formatPoundsLimit(-cell.pence)}`
      : formatPoundsLimit(cell.pence)
    : String(cell);
const csvCell = (cell: ReportCell): CsvValue => (typeof cell === 'object' ? { decimal: poundsText(cell.pence) } : cell);

export function reportPdfSpec(report: FinanceReport): PdfSpec {
  const rows = [...report.rows, ...(report.totals ? [report.totals] : [])].map((row) => row.map(pdfCell));
  return {
    title: report.title,
    subtitle: report.subtitle,
    layout: report.columns.length > 6 ? 'landscape' : 'portrait',
    blocks: [
      ...report.notes.map((text) => ({ kind: 'paragraph' as const, text })),
      rows.length === 0
        ? { kind: 'paragraph' as const, text: 'Nothing to report for this period.' }
        : { kind: 'table' as const, columns: report.columns, rows, fontSize: 8 },
    ],
  };
}

export function reportCsv(report: FinanceReport): string {
  const rows = [...report.rows, ...(report.totals ? [report.totals] : [])].map((row) => row.map(csvCell));
  return toCsv(
    report.columns.map((column) => column.header),
    rows,
  );
}

/** GET /api/finance/reports/:key/report.pdf|csv (finance.read): each report of the registry as a file. */
export function financeReportRoutes(deps: ReadDeps): Router<ReadState> {
  const sources = {
    reports: new FinanceReportQueries(deps.db),
    contracts: new ContractQueries(deps.db),
    finance: new FinanceQueries(deps.db),
    payroll: (range: ReportRange) => payrollSummary(deps.db, range),
  };
  const router = new Router<ReadState>({ prefix: '/api/finance/reports' });
  const read = requirePermission('finance.read');

  const build = async (key: string | undefined, ctx: { readonly query: ParsedUrlQuery }) => {
    const definition = financeReportNamed(key ?? '');
    if (!definition) throw new HttpError(404, REPORT_NOT_FOUND);
    const range = parseQuery(reportRangeQuery, ctx);
    const report = await definition.build({ ...sources, range, today: londonToday() });
    return { report, filename: `${definition.key}-${range.from}-to-${range.to}` };
  };

  router.get('/:key/report.pdf', read, async (ctx) => {
    const { report, filename } = await build(ctx.params.key, ctx);
    attachPdf(ctx, `${filename}.pdf`, await renderPdf(reportPdfSpec(report)));
  });

  router.get('/:key/report.csv', read, async (ctx) => {
    const { report, filename } = await build(ctx.params.key, ctx);
    attachCsv(ctx, `${filename}.csv`, reportCsv(report));
  });

  return router;
}
