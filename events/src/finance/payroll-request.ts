import { z } from 'zod';
import { integerBetween, requiredDate } from '../fields';
import { addDays } from '../dates';
import { FINANCE_MONEY_LIMITS } from './finance-enums';
import { PAYROLL_LIMITS, PAYROLL_PERIOD_KINDS, type PayrollPeriodKind } from './payroll-events';

/** POST /api/finance/payroll/process: a period from its first day and its length. */
export const processPayrollRequestSchema = z.object({
  periodStart: requiredDate('Period start is required'),
  periodKind: z.enum(PAYROLL_PERIOD_KINDS, { error: `Period must be one of: ${PAYROLL_PERIOD_KINDS.join(', ')}` }),
});
export type ProcessPayrollCommandInput = z.output<typeof processPayrollRequestSchema>;
export type ProcessPayrollRequest = z.input<typeof processPayrollRequestSchema>;

const percent = (label: string) =>
  integerBetween(
    PAYROLL_LIMITS.percent.min,
    PAYROLL_LIMITS.percent.max,
    `${label} must be a whole percentage from 0 to 100`,
  );

/** PUT /api/finance/payroll/policy */
export const setPayrollPolicyRequestSchema = z.object({
  travelPaid: z.boolean({ error: 'Say whether travel time is paid' }),
  mileagePencePerMile: integerBetween(
    0,
    FINANCE_MONEY_LIMITS.mileagePencePerMile,
    'Mileage rate must be a whole number of pence from 0 to 500',
  ),
  taxPercent: percent('Tax'),
  nationalInsurancePercent: percent('National Insurance'),
  pensionPercent: percent('Pension'),
  contractedHoursPerWeek: integerBetween(
    0,
    PAYROLL_LIMITS.contractedHoursPerWeek.max,
    'Contracted hours must be 0 to 80 a week',
  ),
});
export type SetPayrollPolicyCommandInput = z.output<typeof setPayrollPolicyRequestSchema>;

/** POST /api/finance/payroll/living-wage */
export const setLivingWageRequestSchema = z.object({
  effectiveFrom: requiredDate('Effective date is required'),
  hourlyPence: integerBetween(
    1,
    FINANCE_MONEY_LIMITS.hourlyRatePence,
    'Hourly rate must be a whole number of pence above 0',
  ),
});
export type SetLivingWageCommandInput = z.output<typeof setLivingWageRequestSchema>;

/** The period's last day: a week is 7 days, then 14 and 28; a month ends the day before the same date next month. */
export function payrollPeriodEnd(periodStart: string, kind: PayrollPeriodKind): string {
  if (kind === 'week') return addDays(periodStart, 6);
  if (kind === 'two_weeks') return addDays(periodStart, 13);
  if (kind === 'four_weeks') return addDays(periodStart, 27);
  const [year, month, day] = periodStart.split('-').map(Number) as [number, number, number];
  // Day 31 of a 30-day month clamps to the month's last day (31 January → 28 February is the whole month).
  const nextMonth = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(nextMonth.getUTCFullYear(), nextMonth.getUTCMonth() + 1, 0)).getUTCDate();
  const sameDay = new Date(Date.UTC(nextMonth.getUTCFullYear(), nextMonth.getUTCMonth(), Math.min(day, lastDay)));
  return addDays(sameDay.toISOString().slice(0, 10), -1);
}

/** Days in the period, both ends counted. */
export function periodDays(periodStart: string, periodEnd: string): number {
  return Math.round((Date.parse(`${periodEnd}T00:00:00Z`) - Date.parse(`${periodStart}T00:00:00Z`)) / 86_400_000) + 1;
}

/** POST /api/finance/payroll/process answers the run's id, the period and what it did. */
export const processPayrollReplySchema = z.strictObject({
  id: z.uuid(),
  revision: z.string(),
  position: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  payslips: z.int(),
  belowMinimumWage: z.int(),
  skipped: z.array(z.strictObject({ carerId: z.uuid(), reason: z.string() })),
});

/** POST .../payslips/:payslipId/send answers where it was sent. */
export const sendPayslipReplySchema = z.strictObject({
  id: z.uuid(),
  revision: z.string(),
  position: z.string().nullable(),
  sentTo: z.string(),
});
