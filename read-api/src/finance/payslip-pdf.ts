import { formatPoundsLimit, type AgencySettings, type PayslipDetailView, ukDate } from '@care/events';
import type { CsvValue, PdfSpec } from '@care/documents';

const money = (pence: number): string => formatPoundsLimit(pence);
export const hoursText = (minutes: number): string =>
  `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
const miles = (tenths: number): string => `${Math.floor(tenths / 10)}.${tenths % 10}`;

/** Said on the payslip, the screen and the mail: the deductions are not the bureau's figures. */
export const DEDUCTIONS_ESTIMATE_NOTE =
  "Tax, National Insurance and pension are an estimate at the agency's set rates, before the payroll bureau's figures: the bureau's payslip is the one that counts.";

/** View Payslip: the carer's pay for the period, line by line, with the estimate said plainly. */
export function payslipPdfSpec(
  payslip: PayslipDetailView,
  agency: Pick<AgencySettings, 'agencyName' | 'agencyAddress'>,
): PdfSpec {
  const f = payslip.figures;
  const rate = f.hourlyRatePence;
  const rows: [string, string, string, string][] = [
    ['Regular hours', hoursText(f.regularMinutes), `${money(rate)}/h`, money(f.regularPayPence)],
    [
      'Overtime (1.5 times)',
      hoursText(f.overtimeMinutes),
      `${money(Math.floor((rate * 3 + 1) / 2))}/h`,
      money(f.overtimePayPence),
    ],
    [
      f.travelPaid
        ? 'Travel between visits (included in the hours above)'
        : 'Travel between visits (unpaid by agency policy)',
      hoursText(f.travelMinutes),
      f.travelPaid ? `${money(rate)}/h` : '-',
      f.travelPaid ? money(f.travelPayPence) : money(0),
    ],
    ['Mileage', `${miles(f.mileageTenths)} miles`, `${f.mileagePencePerMile}p/mile`, money(f.mileagePence)],
  ];
  const minimumWage =
    f.livingWageHourlyPence === null
      ? 'No National Living Wage rate in force for this period.'
      : f.belowMinimumWage
        ? `BELOW the National Living Wage (${money(f.livingWageHourlyPence)} an hour): pay for all working time, travel included, averages less than it. The agency must correct this.`
        : `At or above the National Living Wage (${money(f.livingWageHourlyPence)} an hour) for all working time, travel included.`;
  return {
    title: 'Payslip',
    subtitle: `${payslip.carerName ?? 'Carer'} · ${ukDate(payslip.periodStart)} to ${ukDate(payslip.periodEnd)}`,
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Employer', agency.agencyName ?? 'The agency (name not set in Settings)'],
          ...(agency.agencyAddress ? ([['Address', agency.agencyAddress]] as [string, string][]) : []),
          ['Employee', payslip.carerName ?? payslip.carerId],
          ['Employee ID', payslip.employeeId ?? '-'],
          ['Period', `${ukDate(payslip.periodStart)} to ${ukDate(payslip.periodEnd)}`],
          ['Visits', String(f.visitCount)],
          ['Status', 'Processed'],
        ],
      },
      { kind: 'heading', text: 'Pay' },
      {
        kind: 'table',
        columns: [
          { header: 'Item', width: 4 },
          { header: 'Quantity', width: 1.5 },
          { header: 'Rate', width: 1.5 },
          { header: 'Amount', width: 1.5 },
        ],
        rows,
      },
      ...estimatedTravelBlocks(f),
      { kind: 'fields', rows: [['Gross pay', money(f.grossPence)]] },
      { kind: 'heading', text: 'Deductions (estimate)' },
      {
        kind: 'table',
        columns: [
          { header: 'Deduction', width: 4 },
          { header: 'Rate', width: 1.5 },
          { header: 'Amount', width: 1.5 },
        ],
        rows: [
          ['Income tax (estimate)', `${f.taxPercent}%`, money(f.taxPence)],
          ['National Insurance (estimate)', `${f.nationalInsurancePercent}%`, money(f.nationalInsurancePence)],
          ['Pension (estimate)', `${f.pensionPercent}%`, money(f.pensionPence)],
        ],
      },
      { kind: 'fields', rows: [['Net pay (estimate)', money(f.netPence)]] },
      {
        kind: 'paragraph',
        text: `Estimate: ${DEDUCTIONS_ESTIMATE_NOTE} Mileage is a tax-free reimbursement at the approved rate and is not taxed in this estimate.`,
      },
      {
        kind: 'paragraph',
        text: `Holiday accrued this period: ${hoursText(f.holidayAccruedMinutes)} (12.07% of the hours worked, for irregular hours).`,
      },
      { kind: 'heading', text: 'Minimum wage check' },
      {
        kind: 'paragraph',
        text: `Working time ${hoursText(f.workingMinutes)} (visits and travel between them). ${minimumWage}`,
      },
    ],
  };
}

/**
 * Travel the carer did not record is estimated from the distance between the clients' homes; the payslip says how
 * much of the travel line that is and for how many visits, so the carer can check it and record the real time.
 */
function estimatedTravelBlocks(f: PayslipDetailView['figures']): PdfSpec['blocks'] {
  const minutes = f.estimatedTravelMinutes ?? 0;
  if (minutes === 0) return [];
  const visits = f.estimatedTravelAppointmentIds?.length ?? 0;
  return [
    {
      kind: 'paragraph',
      text: `Of the travel, ${hoursText(minutes)} was estimated from the distance between clients' homes, for ${visits} ${visits === 1 ? 'visit' : 'visits'} with no travel recorded. Tell the office if your travel took longer.`,
    },
  ];
}

/** Export CSV: one row per carer, in pounds with 2 decimals for payroll software. */
export const PAYROLL_CSV_HEADER = [
  'Employee ID',
  'Carer',
  'Period start',
  'Period end',
  'Visits',
  'Regular hours',
  'Overtime hours',
  'Travel hours',
  'Hourly rate',
  'Regular pay',
  'Overtime pay',
  'Mileage (miles)',
  'Mileage pay',
  'Gross pay',
  'Tax (estimate)',
  'NI (estimate)',
  'Pension (estimate)',
  'Net pay (estimate)',
  'Holiday accrued (hours)',
  'Below minimum wage',
  'Sent at',
] as const;

const pounds = (pence: number): string => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
const decimalHours = (minutes: number): string => (minutes / 60).toFixed(2);

export function payrollCsvRows(payslips: readonly PayslipDetailView[]): CsvValue[][] {
  return payslips.map((p) => [
    p.employeeId,
    p.carerName,
    p.periodStart,
    p.periodEnd,
    p.figures.visitCount,
    decimalHours(p.figures.regularMinutes),
    decimalHours(p.figures.overtimeMinutes),
    decimalHours(p.figures.travelMinutes),
    pounds(p.figures.hourlyRatePence),
    pounds(p.figures.regularPayPence),
    pounds(p.figures.overtimePayPence),
    miles(p.figures.mileageTenths),
    pounds(p.figures.mileagePence),
    pounds(p.figures.grossPence),
    pounds(p.figures.taxPence),
    pounds(p.figures.nationalInsurancePence),
    pounds(p.figures.pensionPence),
    pounds(p.figures.netPence),
    decimalHours(p.figures.holidayAccruedMinutes),
    p.belowMinimumWage ? 'yes' : 'no',
    p.sentAt ?? '',
  ]);
}
