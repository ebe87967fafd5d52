/**
 * The Financial Reports tab's tiles, in one registry (read-api/src/finance/report-registry.ts builds each key).
 * A report is one entry here and one there.
 */
export interface ReportTile {
  readonly key: string;
  readonly title: string;
  readonly description: string;
}

export const REPORT_TILES: readonly ReportTile[] = [
  {
    key: 'revenue-by-client',
    title: 'Revenue by client',
    description: 'Invoiced, credited, paid and outstanding per client, for invoices issued in the period.',
  },
  {
    key: 'aged-debtors',
    title: 'Aged debtors',
    description: 'What each funder owes on the end date, by invoice age: 0-30, 31-60, 61-90 and 90+ days.',
  },
  {
    key: 'funder-summary',
    title: 'Funder summary',
    description: 'Every funder with its invoices, payments, credit notes and balance for the period.',
  },
  {
    key: 'profitability-by-client',
    title: 'Profitability by client',
    description: "Revenue of the period's visits less their carer pay cost (hourly rate times visit time).",
  },
  {
    key: 'contracts-register',
    title: 'Contracts register',
    description: 'Every client contract with its dates, renewal, value, services and status.',
  },
  {
    key: 'financial-summary',
    title: 'Financial summary',
    description: 'Six months of revenue, expenses and net profit, with USD and EUR at the rates set.',
  },
  {
    key: 'mileage-and-expenses',
    title: 'Mileage and expenses',
    description: 'Miles and expenses each carer recorded on completed visits, with mileage pay at the payroll rate.',
  },
  {
    key: 'payroll-summary',
    title: 'Payroll summary',
    description:
      'Each processed payroll period: carers, hours, gross, estimated deductions, net, mileage and pay below the minimum wage.',
  },
];

/** Export Data (the header button): every invoice issued in the period, as CSV. */
export const EXPORT_DATA_REPORT = 'invoices';
/** Generate Report (the header button): the financial summary, as PDF. */
export const GENERATE_REPORT_REPORT = 'financial-summary';
