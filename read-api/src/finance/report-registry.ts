import {
  CONTRACT_STATUSES,
  DEFAULT_PAYROLL_POLICY,
  FUNDER_KIND_LABELS,
  convertPence,
  formatMinorUnits,
  mileagePence,
  microsToDecimal,
  type ContractStatus,
  type FunderKind,
  ukDate,
} from '@care/events';
import { ageDebts, AGE_BANDS } from './aged-debt';
import type { PayrollSummaryRow } from '@care/events';
import type { ContractQueries } from './contract-queries';
import type { FinanceQueries } from './finance-queries';
import type { FinanceReportQueries, ReportRange } from './report-queries';

/**
 * Every financial report (the Financial Reports tab's tiles, the header's Export Data and Generate Report), in one
 * registry: a report is a table of cells, and the route turns the same table into a PDF or a CSV, so the two
 * never disagree. A report is one entry here and one tile in ui/src/features/finance/report-tiles.ts.
 */

/** A cell: text, a whole number, or money (integer pence: "£1,234.56" in the PDF, "1234.56" in the CSV). */
export type ReportCell = string | number | { readonly pence: number };

export interface FinanceReport {
  readonly title: string;
  readonly subtitle: string;
  /** Lines said before the table (how the figures are made, the rates used). */
  readonly notes: readonly string[];
  readonly columns: readonly { readonly header: string; readonly width?: number }[];
  readonly rows: readonly (readonly ReportCell[])[];
  /** A last row of totals, when adding the columns up means something. */
  readonly totals?: readonly ReportCell[];
}

export interface ReportSources {
  readonly reports: FinanceReportQueries;
  /** Processed payroll periods ending in the range (payroll-queries.ts `payrollSummary`). */
  readonly payroll: (range: ReportRange) => Promise<readonly PayrollSummaryRow[]>;
  readonly contracts: ContractQueries;
  readonly finance: FinanceQueries;
  readonly range: ReportRange;
  readonly today: string;
}

export interface FinanceReportDefinition {
  readonly key: string;
  readonly title: string;
  build(sources: ReportSources): Promise<FinanceReport>;
}

const period = ({ from, to }: ReportRange): string => `${ukDate(from)} to ${ukDate(to)}`;
const money = (pence: number) => ({ pence });
const sum = <T>(rows: readonly T[], of: (row: T) => number): number => rows.reduce((total, row) => total + of(row), 0);
const percentOneDecimal = (part: number, whole: number): string =>
  whole === 0 ? '–' : `${Math.round((part * 1000) / whole) / 10}%`;
const hoursText = (minutes: number): string => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
const STATUS_LABELS: Record<ContractStatus, string> = { upcoming: 'Upcoming', active: 'Active', expired: 'Expired' };

const revenueByClient: FinanceReportDefinition = {
  key: 'revenue-by-client',
  title: 'Revenue by client',
  async build({ reports, range }) {
    const rows = await reports.revenueByClient(range);
    return {
      title: 'Revenue by client',
      subtitle: `Invoices issued ${period(range)}`,
      notes: [
        'Invoiced is the invoices issued in the period; credit notes and payments are those recorded against them.',
      ],
      columns: [
        { header: 'Client', width: 3 },
        { header: 'Invoices' },
        { header: 'Invoiced', width: 1.4 },
        { header: 'Credited', width: 1.4 },
        { header: 'Paid', width: 1.4 },
        { header: 'Outstanding', width: 1.4 },
      ],
      rows: rows.map((row) => [
        row.clientName,
        row.invoices,
        money(row.invoicedPence),
        money(row.creditedPence),
        money(row.paidPence),
        money(row.outstandingPence),
      ]),
      totals: [
        'Total',
        sum(rows, (r) => r.invoices),
        money(sum(rows, (r) => r.invoicedPence)),
        money(sum(rows, (r) => r.creditedPence)),
        money(sum(rows, (r) => r.paidPence)),
        money(sum(rows, (r) => r.outstandingPence)),
      ],
    };
  },
};

const agedDebtors: FinanceReportDefinition = {
  key: 'aged-debtors',
  title: 'Aged debtors',
  async build({ reports, range }) {
    const invoices = await reports.debtorInvoices(range.to);
    const aged = ageDebts(
      invoices.map((invoice) => ({
        debtorId: invoice.funderId,
        debtorName: invoice.funderName,
        issuedOn: invoice.issuedOn,
        owedPence: invoice.owedPence,
      })),
      range.to,
    );
    return {
      title: 'Aged debtors',
      subtitle: `Owed on ${ukDate(range.to)}`,
      notes: [
        'What each funder still owed on the date, by the age of the invoice (days since it was issued); payments and credit notes after the date are not counted.',
      ],
      columns: [
        { header: 'Funder', width: 3 },
        ...AGE_BANDS.map((band) => ({ header: band, width: 1.3 })),
        { header: 'Total', width: 1.4 },
      ],
      rows: aged.map((debtor) => [debtor.debtorName, ...debtor.bands.map(money), money(debtor.totalPence)]),
      totals: [
        'Total',
        ...AGE_BANDS.map((_, index) => money(sum(aged, (d) => d.bands[index] ?? 0))),
        money(sum(aged, (d) => d.totalPence)),
      ],
    };
  },
};

const funderSummary: FinanceReportDefinition = {
  key: 'funder-summary',
  title: 'Funder summary',
  async build({ reports, range }) {
    const rows = await reports.funderSummary(range);
    return {
      title: 'Funder summary',
      subtitle: `Invoices issued ${period(range)}`,
      notes: ['Every funder, with the invoices issued to it in the period.'],
      columns: [
        { header: 'Funder', width: 2.6 },
        { header: 'Kind', width: 2 },
        { header: 'Invoices' },
        { header: 'Invoiced', width: 1.4 },
        { header: 'Paid', width: 1.4 },
        { header: 'Credited', width: 1.4 },
        { header: 'Outstanding', width: 1.4 },
      ],
      rows: rows.map((row) => [
        row.funderName,
        FUNDER_KIND_LABELS[row.kind as FunderKind] ?? row.kind,
        row.invoices,
        money(row.invoicedPence),
        money(row.paidPence),
        money(row.creditedPence),
        money(row.outstandingPence),
      ]),
      totals: [
        'Total',
        '',
        sum(rows, (r) => r.invoices),
        money(sum(rows, (r) => r.invoicedPence)),
        money(sum(rows, (r) => r.paidPence)),
        money(sum(rows, (r) => r.creditedPence)),
        money(sum(rows, (r) => r.outstandingPence)),
      ],
    };
  },
};

const profitabilityByClient: FinanceReportDefinition = {
  key: 'profitability-by-client',
  title: 'Profitability by client',
  async build({ reports, range }) {
    const rows = await reports.profitabilityByClient(range);
    const margin = (row: { revenuePence: number; carerCostPence: number }) => row.revenuePence - row.carerCostPence;
    return {
      title: 'Profitability by client',
      subtitle: `Visits ${period(range)}`,
      notes: [
        "Revenue: the invoice lines for visits in the period, less credit notes issued in it. Carer cost: each completed visit's carer hourly rate times its actual time (planned time when not checked in and out).",
        'Travel time, mileage and overheads are not in the cost.',
      ],
      columns: [
        { header: 'Client', width: 3 },
        { header: 'Visits' },
        { header: 'Time', width: 1.2 },
        { header: 'Revenue', width: 1.4 },
        { header: 'Carer cost', width: 1.4 },
        { header: 'Margin', width: 1.4 },
        { header: 'Margin %' },
      ],
      rows: rows.map((row) => [
        row.clientName,
        row.visits,
        hoursText(row.visitMinutes),
        money(row.revenuePence),
        money(row.carerCostPence),
        money(margin(row)),
        percentOneDecimal(margin(row), row.revenuePence),
      ]),
      totals: [
        'Total',
        sum(rows, (r) => r.visits),
        hoursText(sum(rows, (r) => r.visitMinutes)),
        money(sum(rows, (r) => r.revenuePence)),
        money(sum(rows, (r) => r.carerCostPence)),
        money(sum(rows, margin)),
        percentOneDecimal(
          sum(rows, margin),
          sum(rows, (r) => r.revenuePence),
        ),
      ],
    };
  },
};

const contractsRegister: FinanceReportDefinition = {
  key: 'contracts-register',
  title: 'Contracts register',
  async build({ contracts, today }) {
    const all = await contracts.allContracts(today);
    const counts = CONTRACT_STATUSES.map(
      (status) => `${STATUS_LABELS[status]}: ${all.filter((contract) => contract.status === status).length}`,
    ).join(', ');
    return {
      title: 'Contracts register',
      subtitle: `Every client contract on ${ukDate(today)}`,
      notes: [counts],
      columns: [
        { header: 'Number', width: 1.4 },
        { header: 'Client', width: 2.2 },
        { header: 'Start', width: 1.1 },
        { header: 'End', width: 1.1 },
        { header: 'Renewal', width: 1.1 },
        { header: 'Value', width: 1.3 },
        { header: 'Status', width: 1 },
        { header: 'Services', width: 3 },
      ],
      rows: all.map((c) => [
        c.contractNumber,
        c.clientName ?? c.clientId,
        ukDate(c.startDate),
        ukDate(c.endDate),
        ukDate(c.renewalDate),
        money(c.valuePence),
        STATUS_LABELS[c.status],
        c.services.join('; '),
      ]),
      totals: ['Total', '', '', '', '', money(sum(all, (c) => c.valuePence)), '', ''],
    };
  },
};

/** Export Data: every invoice issued in the period, one row each. */
const invoicesExport: FinanceReportDefinition = {
  key: 'invoices',
  title: 'Invoices',
  async build({ reports, range, today }) {
    const rows = await reports.invoicesIssued(range);
    return {
      title: 'Invoices',
      subtitle: `Issued ${period(range)}`,
      notes: [],
      columns: [
        { header: 'Number' },
        { header: 'Issued' },
        { header: 'Due' },
        { header: 'Period start' },
        { header: 'Period end' },
        { header: 'Client', width: 2 },
        { header: 'Funder', width: 2 },
        { header: 'Total' },
        { header: 'Paid' },
        { header: 'Credited' },
        { header: 'Outstanding' },
        { header: 'Sent' },
        { header: 'Overdue' },
      ],
      rows: rows.map((row) => {
        const outstanding = row.totalPence - row.paidPence - row.creditedPence;
        return [
          row.number,
          ukDate(row.issuedOn),
          ukDate(row.dueOn),
          ukDate(row.periodStart),
          ukDate(row.periodEnd),
          row.clientName,
          row.funderName,
          money(row.totalPence),
          money(row.paidPence),
          money(row.creditedPence),
          money(outstanding),
          row.sent ? 'Yes' : 'No',
          outstanding > 0 && row.dueOn < today ? 'Yes' : 'No',
        ];
      }),
    };
  },
};

/** Generate Report: the finance screen's figures for six months, in GBP with the USD and EUR equivalents. */
const financialSummary: FinanceReportDefinition = {
  key: 'financial-summary',
  title: 'Financial summary',
  async build({ finance, contracts, today }) {
    const [overview, rates] = await Promise.all([finance.overview(today), contracts.exchangeRates(today)]);
    const current = rates.current;
    const equivalents = (pence: number): string[] =>
      current === null
        ? ['–', '–']
        : [
            formatMinorUnits(convertPence(pence, current.rates.USD), 'USD'),
            formatMinorUnits(convertPence(pence, current.rates.EUR), 'EUR'),
          ];
    const totals = {
      revenue: sum(overview.months, (m) => m.revenuePence),
      expenses: sum(overview.months, (m) => m.expensesPence),
      net: sum(overview.months, (m) => m.netProfitPence),
    };
    return {
      title: 'Financial summary',
      subtitle: `Six months to ${ukDate(today)}`,
      notes: [
        current === null
          ? 'No exchange rates have been set: USD and EUR are not shown.'
          : `Exchange rates set by ${current.setByName ?? 'an administrator'} for ${ukDate(current.effectiveOn)}: 1 GBP = ${microsToDecimal(current.rates.USD)} USD, ${microsToDecimal(current.rates.EUR)} EUR (not live rates).`,
        `Pending invoices: ${overview.pendingInvoicesCount}; overdue invoices: ${overview.overdueInvoicesCount}.`,
      ],
      columns: [
        { header: 'Month', width: 1.2 },
        { header: 'Revenue', width: 1.4 },
        { header: 'Expenses', width: 1.4 },
        { header: 'Net profit', width: 1.4 },
        { header: 'Net profit (USD)', width: 1.5 },
        { header: 'Net profit (EUR)', width: 1.5 },
      ],
      rows: overview.months.map((month) => [
        month.month,
        money(month.revenuePence),
        money(month.expensesPence),
        money(month.netProfitPence),
        ...equivalents(month.netProfitPence),
      ]),
      totals: ['Total', money(totals.revenue), money(totals.expenses), money(totals.net), ...equivalents(totals.net)],
    };
  },
};

const payrollSummaryReport: FinanceReportDefinition = {
  key: 'payroll-summary',
  title: 'Payroll summary',
  async build({ payroll, range }) {
    const rows = [...(await payroll(range))].reverse();
    return {
      title: 'Payroll summary',
      subtitle: `Payroll periods ending ${period(range)}`,
      notes: [
        'Each processed period: its carers, the hours worked (visits and travel between them), gross pay with mileage, the deductions and net pay.',
        "Deductions are the agency's estimate (tax, National Insurance and pension at the rates set), before the payroll bureau's figures.",
      ],
      columns: [
        { header: 'Period', width: 2.4 },
        { header: 'Carers' },
        { header: 'Hours', width: 1.2 },
        { header: 'Gross', width: 1.4 },
        { header: 'Deductions (estimate)', width: 1.6 },
        { header: 'Net', width: 1.4 },
        { header: 'Mileage', width: 1.2 },
        { header: 'Below minimum wage', width: 1.4 },
      ],
      rows: rows.map((row) => [
        `${ukDate(row.periodStart)} to ${ukDate(row.periodEnd)}`,
        row.carers,
        hoursText(row.workedMinutes),
        money(row.grossPence),
        money(row.deductionsPence),
        money(row.netPence),
        money(row.mileagePence),
        row.belowMinimumWage,
      ]),
      totals: [
        'Total',
        sum(rows, (r) => r.carers),
        hoursText(sum(rows, (r) => r.workedMinutes)),
        money(sum(rows, (r) => r.grossPence)),
        money(sum(rows, (r) => r.deductionsPence)),
        money(sum(rows, (r) => r.netPence)),
        money(sum(rows, (r) => r.mileagePence)),
        sum(rows, (r) => r.belowMinimumWage),
      ],
    };
  },
};

const mileageAndExpenses: FinanceReportDefinition = {
  key: 'mileage-and-expenses',
  title: 'Mileage and expenses',
  async build({ reports, range }) {
    const { rows, pencePerMile } = await reports.mileageAndExpenses(range);
    const rate = pencePerMile ?? DEFAULT_PAYROLL_POLICY.mileagePencePerMile;
    const milesText = (tenths: number) => `${Math.floor(tenths / 10)}.${tenths % 10}`;
    const pay = (tenths: number) => mileagePence(tenths, rate);
    return {
      title: 'Mileage and expenses',
      subtitle: `Completed visits ${period(range)}`,
      notes: [
        'Miles and expenses (parking, fares) as each carer recorded them at check-out, per carer, for the completed visits of the period.',
        `Mileage pay at the payroll policy's ${rate}p a mile${pencePerMile === null ? " (HMRC's approved rate: no policy has been set)" : ''}; payroll pays it with the period each visit falls in.`,
      ],
      columns: [
        { header: 'Carer', width: 2.6 },
        { header: 'Visits' },
        { header: 'With mileage', width: 1.2 },
        { header: 'Miles', width: 1.1 },
        { header: 'Mileage pay', width: 1.4 },
        { header: 'Expenses', width: 1.4 },
        { header: 'Total', width: 1.4 },
      ],
      rows: rows.map((row) => [
        row.carerName,
        row.visits,
        row.visitsWithMileage,
        milesText(row.mileageTenths),
        money(pay(row.mileageTenths)),
        money(row.expensesPence),
        money(pay(row.mileageTenths) + row.expensesPence),
      ]),
      totals: [
        'Total',
        sum(rows, (r) => r.visits),
        sum(rows, (r) => r.visitsWithMileage),
        milesText(sum(rows, (r) => r.mileageTenths)),
        money(sum(rows, (r) => pay(r.mileageTenths))),
        money(sum(rows, (r) => r.expensesPence)),
        money(sum(rows, (r) => pay(r.mileageTenths) + r.expensesPence)),
      ],
    };
  },
};

export const FINANCE_REPORTS: readonly FinanceReportDefinition[] = [
  revenueByClient,
  agedDebtors,
  funderSummary,
  profitabilityByClient,
  contractsRegister,
  invoicesExport,
  financialSummary,
  payrollSummaryReport,
  mileageAndExpenses,
];

export const financeReportNamed = (key: string): FinanceReportDefinition | undefined =>
  FINANCE_REPORTS.find((report) => report.key === key);
