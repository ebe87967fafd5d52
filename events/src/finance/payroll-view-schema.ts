import { z } from 'zod';
import { PAYROLL_PERIOD_KINDS, payslipFiguresSchema } from './payroll-events';

/** The payroll read API's replies (GET /api/finance/payroll..., /api/finance/payslips/mine). Money is integer pence. */
const pence = z.int();

export const payrollRunViewSchema = z.strictObject({
  runId: z.uuid(),
  periodKind: z.enum(PAYROLL_PERIOD_KINDS),
  periodStart: z.string(),
  periodEnd: z.string(),
  processedAt: z.string(),
});
export type PayrollRunView = z.infer<typeof payrollRunViewSchema>;

/** One row of the period's list: a carer's payslip. */
export const payslipViewSchema = z.strictObject({
  payslipId: z.uuid(),
  runId: z.uuid(),
  carerId: z.uuid(),
  carerName: z.string().nullable(),
  employeeId: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  visitCount: z.int(),
  /** Paid minutes (regular + overtime). */
  workedMinutes: z.int(),
  overtimeMinutes: z.int(),
  grossPence: pence,
  deductionsPence: pence,
  netPence: pence,
  mileagePence: pence,
  belowMinimumWage: z.boolean(),
  status: z.literal('processed'),
  processedAt: z.string(),
  sentAt: z.string().nullable(),
  sentTo: z.string().nullable(),
});
export type PayslipView = z.infer<typeof payslipViewSchema>;

export const payslipDetailViewSchema = payslipViewSchema.extend({ figures: payslipFiguresSchema });
export type PayslipDetailView = z.infer<typeof payslipDetailViewSchema>;

export const payrollPolicyViewSchema = z.strictObject({
  travelPaid: z.boolean(),
  mileagePencePerMile: pence,
  taxPercent: z.int(),
  nationalInsurancePercent: z.int(),
  pensionPercent: z.int(),
  contractedHoursPerWeek: z.int(),
  /** Who set the policy in force and when; null while the defaults apply. */
  setBy: z.string().nullable(),
  setAt: z.string().nullable(),
  /** Every National Living Wage rate (defaults and those an admin added), oldest first. */
  livingWage: z.array(z.strictObject({ effectiveFrom: z.string(), hourlyPence: pence })),
});
export type PayrollPolicyView = z.infer<typeof payrollPolicyViewSchema>;

/** Per processed period: the Financial Reports tab's payroll summary. */
export const payrollSummaryRowSchema = z.strictObject({
  runId: z.uuid(),
  periodStart: z.string(),
  periodEnd: z.string(),
  carers: z.int(),
  workedMinutes: z.int(),
  grossPence: pence,
  deductionsPence: pence,
  netPence: pence,
  mileagePence: pence,
  belowMinimumWage: z.int(),
});
export type PayrollSummaryRow = z.infer<typeof payrollSummaryRowSchema>;
