import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventInteger, eventPence, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { FINANCE_MONEY_LIMITS } from './finance-enums';

/**
 * Payroll: the agency's payroll policy, the National Living Wage rates, processed periods and the payslips they
 * issued. Integer pence throughout (docs/decisions/0009-money-in-pence-durations-in-minutes.md).
 */

export const PAYROLL_PERIOD_KINDS = ['week', 'two_weeks', 'four_weeks', 'month'] as const;
export type PayrollPeriodKind = (typeof PAYROLL_PERIOD_KINDS)[number];
export const PAYROLL_PERIOD_LABELS: Record<PayrollPeriodKind, string> = {
  week: 'Weekly',
  two_weeks: 'Two weeks',
  four_weeks: 'Four weeks',
  month: 'Monthly',
};

export const PAYROLL_LIMITS = {
  /** A carer's pay for one period: £100,000.00 is far above any period's pay. */
  payslipPence: 10_000_000,
  minutes: { min: 0, max: 100_000 },
  mileageTenths: { min: 0, max: 1_000_000 },
  percent: { min: 0, max: 100 },
  contractedHoursPerWeek: { min: 0, max: 80 },
  carersPerRun: 5000,
} as const;

/** Contracted hours a week until an admin sets the policy (a full-time carer). */
export const DEFAULT_CONTRACTED_HOURS_PER_WEEK = 40;

/**
 * Holiday accrual for irregular hours (leave years from April 2024): 12.07% of the hours worked in the pay period,
 * in basis points. Paid minutes × 1207 ÷ 10,000, rounded half up, in integers.
 */
export const HOLIDAY_ACCRUAL_BASIS_POINTS = 1207;
export const holidayAccruedMinutes = (paidMinutes: number): number =>
  Math.floor((paidMinutes * HOLIDAY_ACCRUAL_BASIS_POINTS + 5000) / 10_000);

const payslipPence = eventPence(PAYROLL_LIMITS.payslipPence);
const minutes = eventInteger(PAYROLL_LIMITS.minutes);

/** The agency's payroll policy (one stream, the latest event wins): applies to periods processed after it. */
export const PayrollPolicySet = defineEvent(
  'PayrollPolicySet',
  1,
  z.object({
    travelPaid: z.boolean(),
    mileagePencePerMile: eventPence(FINANCE_MONEY_LIMITS.mileagePencePerMile),
    taxPercent: eventInteger(PAYROLL_LIMITS.percent),
    nationalInsurancePercent: eventInteger(PAYROLL_LIMITS.percent),
    pensionPercent: eventInteger(PAYROLL_LIMITS.percent),
    /** Contracted hours a week; the paid time beyond them in a period (pro rata) is overtime at 1.5 times. */
    contractedHoursPerWeek: eventInteger(PAYROLL_LIMITS.contractedHoursPerWeek),
  }),
);

/** A National Living Wage rate from a date on (an admin adds the new rate each April). */
export const LivingWageRateSet = defineEvent(
  'LivingWageRateSet',
  1,
  z.object({ effectiveFrom: eventDate(), hourlyPence: eventPence(FINANCE_MONEY_LIMITS.hourlyRatePence) }),
);

/**
 * A period was processed (on the one payroll-periods stream, appended with its expected revision): a period
 * overlapping one already processed is refused, so no visit is ever paid twice.
 */
export const PayrollPeriodProcessed = defineEvent(
  'PayrollPeriodProcessed',
  1,
  z.object({
    runId: z.uuid(),
    periodKind: z.enum(PAYROLL_PERIOD_KINDS),
    periodStart: eventDate(),
    periodEnd: eventDate(),
    carerIds: z.array(z.uuid()).max(PAYROLL_LIMITS.carersPerRun),
  }),
);

export const payslipFiguresSchema = z.object({
  hourlyRatePence: eventPence(FINANCE_MONEY_LIMITS.hourlyRatePence),
  visitCount: eventInteger({ min: 0, max: 10_000 }),
  visitMinutes: minutes,
  travelMinutes: minutes,
  regularMinutes: minutes,
  overtimeMinutes: minutes,
  regularPayPence: payslipPence,
  overtimePayPence: payslipPence,
  travelPayPence: payslipPence,
  mileageTenths: eventInteger(PAYROLL_LIMITS.mileageTenths),
  mileagePence: payslipPence,
  grossPence: payslipPence,
  taxPence: payslipPence,
  nationalInsurancePence: payslipPence,
  pensionPence: payslipPence,
  netPence: payslipPence,
  /** Visits plus travel between them, paid or not: the minimum wage check's working time. */
  workingMinutes: minutes,
  /** Holiday accrued for irregular hours: 12.07% of the paid minutes (statutory 5.6 weeks), in minutes. */
  holidayAccruedMinutes: minutes,
  livingWageHourlyPence: eventPence(FINANCE_MONEY_LIMITS.hourlyRatePence).nullable(),
  belowMinimumWage: z.boolean(),
  /** The policy applied, copied so the payslip stands on its own whatever the policy later becomes. */
  travelPaid: z.boolean(),
  mileagePencePerMile: eventPence(FINANCE_MONEY_LIMITS.mileagePencePerMile),
  taxPercent: eventInteger(PAYROLL_LIMITS.percent),
  nationalInsurancePercent: eventInteger(PAYROLL_LIMITS.percent),
  pensionPercent: eventInteger(PAYROLL_LIMITS.percent),
  /**
   * Of travelMinutes, the minutes estimated from the clients' locations because the carer recorded no travel
   * between two consecutive visits, and the visits whose travel was estimated. A payslip issued before travel was
   * estimated leaves them out: all its travel was recorded.
   */
  estimatedTravelMinutes: minutes.optional(),
  estimatedTravelAppointmentIds: z.array(z.uuid()).max(10_000).optional(),
});
export type PayslipFigures = z.infer<typeof payslipFiguresSchema>;

/** One carer's payslip for a processed period (stream payroll-run-<runId>). */
export const PayslipIssued = defineEvent(
  'PayslipIssued',
  1,
  payslipFiguresSchema.extend({
    payslipId: z.uuid(),
    runId: z.uuid(),
    carerId: z.uuid(),
    periodStart: eventDate(),
    periodEnd: eventDate(),
  }),
);

/** The payslip was queued by mail to the carer (through the outbox). */
export const PayslipSent = defineEvent(
  'PayslipSent',
  1,
  z.object({ payslipId: z.uuid(), runId: z.uuid(), carerId: z.uuid(), sentTo: eventText(TEXT_LIMITS.email) }),
);

export const payrollSliceEvents = [
  PayrollPolicySet,
  LivingWageRateSet,
  PayrollPeriodProcessed,
  PayslipIssued,
  PayslipSent,
] as const;
export type PayrollSliceEvent = EventOf<typeof payrollSliceEvents>;

export const PAYROLL_POLICY_STREAM_ID = 'payroll-policy';
/** Every processed period, in one stream: the overlap check reads it whole (a few dozen periods a year). */
export const PAYROLL_PERIODS_STREAM_ID = 'payroll-periods';
export const payrollRunStreamId = (runId: string): string => `payroll-run-${runId}`;
