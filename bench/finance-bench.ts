import type { Row } from './table';
import { measureInvoiceRun } from './invoice-run';
import { runAlone } from './run-alone';

/** The finance figures. */
export function financeRows(results: Record<string, number>): Row[] {
  return [
    { metric: 'invoiceRunVisits', value: results.invoiceRunVisits ?? Number.NaN, unit: 'visits' },
    { metric: 'invoiceRunInvoices', value: results.invoiceRunInvoices ?? Number.NaN, unit: 'invoices' },
    { metric: 'invoiceRunMs', value: results.invoiceRunMs ?? Number.NaN, unit: 'ms', target: { atMost: 10_000 } },
  ];
}

if (process.argv[1]?.endsWith('finance-bench.ts')) {
  runAlone(
    [
      {
        name: 'invoices',
        says: 'invoicing a month of about 10,000 completed visits for 400 clients',
        measure: async (postgres) => ({ ...(await measureInvoiceRun(await postgres.freshDatabase('invoice_run'))) }),
      },
    ],
    financeRows,
  );
}
