import { mileagePence, penceForMinutes, rateInForce } from './pricing';

/**
 * Pure payroll figures for one carer and one period, integer pence throughout. Groundwork
 * for the payroll slice: the commands, read model and screen are not built yet.
 */

/** National Living Wage (21 and over), pence an hour, from its effective date (gov.uk; an admin edits them later). */
export const NATIONAL_LIVING_WAGE: readonly { readonly effectiveFrom: string; readonly hourlyPence: number }[] = [
  { effectiveFrom: '2024-04-01', hourlyPence: 11_44 },
  { effectiveFrom: '2025-04-01', hourlyPence: 12_21 },
  { effectiveFrom: '2026-04-01', hourlyPence: 12_71 },
];

export interface PayrollPolicy {
  /** Whether travel time between visits is paid at the hourly rate (unpaid travel still counts as working time). */
  readonly travelPaid: boolean;
  /** HMRC's approved mileage rate, 45p a mile, by default. */
  readonly mileagePencePerMile: number;
  /**
   * The deduction estimate an admin sets (for example tax 20%, NI 10%, pension 4%). An estimate before the
   * payroll bureau's figures: the payslip says so.
   */
  readonly taxPercent: number;
  readonly nationalInsurancePercent: number;
  readonly pensionPercent: number;
}

export const DEFAULT_PAYROLL_POLICY: PayrollPolicy = {
  travelPaid: true,
  mileagePencePerMile: 45,
  taxPercent: 20,
  nationalInsurancePercent: 10,
  pensionPercent: 4,
};

export interface WorkedVisit {
  readonly minutes: number;
  readonly travelMinutes: number;
  readonly mileageTenths: number;
}

export interface PayrollInput {
  readonly hourlyRatePence: number;
  /** Contracted minutes in the period; the minutes worked beyond them are overtime at 1.5 times. */
  readonly contractedMinutes: number;
  readonly visits: readonly WorkedVisit[];
  /** The period's last day: the National Living Wage in force on it applies. */
  readonly periodEnd: string;
  readonly policy?: PayrollPolicy;
  readonly livingWage?: readonly { readonly effectiveFrom: string; readonly hourlyPence: number }[];
}

export interface PayrollFigures {
  readonly visitMinutes: number;
  readonly travelMinutes: number;
  readonly regularMinutes: number;
  readonly overtimeMinutes: number;
  readonly regularPayPence: number;
  readonly overtimePayPence: number;
  readonly travelPayPence: number;
  readonly mileagePence: number;
  readonly grossPence: number;
  readonly taxPence: number;
  readonly nationalInsurancePence: number;
  readonly pensionPence: number;
  readonly netPence: number;
  readonly minimumWage: {
    /** Visits plus travel between them, paid or not. */
    readonly workingMinutes: number;
    /** Pay for that time (mileage is a reimbursement, not pay, so it is left out). */
    readonly payPence: number;
    readonly livingWageHourlyPence: number | null;
    /** True when pay for all working time divided by that time is below the National Living Wage. */
    readonly below: boolean;
  };
}

const percentOf = (pence: number, percent: number): number => Math.floor((pence * percent + 50) / 100);

export function calculatePayroll(input: PayrollInput): PayrollFigures {
  const policy = input.policy ?? DEFAULT_PAYROLL_POLICY;
  const visitMinutes = input.visits.reduce((sum, visit) => sum + visit.minutes, 0);
  const travelMinutes = input.visits.reduce((sum, visit) => sum + visit.travelMinutes, 0);
  const mileageTenths = input.visits.reduce((sum, visit) => sum + visit.mileageTenths, 0);
  // Overtime is counted on paid time: visits, and travel when the policy pays it.
  const paidMinutes = visitMinutes + (policy.travelPaid ? travelMinutes : 0);
  const overtimeMinutes = Math.max(0, paidMinutes - input.contractedMinutes);
  const regularMinutes = paidMinutes - overtimeMinutes;
  const regularPayPence = penceForMinutes(regularMinutes, input.hourlyRatePence);
  // 1.5 × minutes × rate ÷ 60, rounded half up once: (minutes × rate × 3 + 60) ÷ 120.
  const overtimePayPence = Math.floor((overtimeMinutes * input.hourlyRatePence * 3 + 60) / 120);
  // Travel pay is inside the regular and overtime pay above (it is paid time); shown apart on the payslip.
  const travelPayPence = policy.travelPaid ? penceForMinutes(travelMinutes, input.hourlyRatePence) : 0;
  const mileage = mileagePence(mileageTenths, policy.mileagePencePerMile);
  const pay = regularPayPence + overtimePayPence;
  const grossPence = pay + mileage;
  // Mileage at HMRC's approved rate is tax free: the estimate deducts from pay only.
  const taxPence = percentOf(pay, policy.taxPercent);
  const nationalInsurancePence = percentOf(pay, policy.nationalInsurancePercent);
  const pensionPence = percentOf(pay, policy.pensionPercent);
  const workingMinutes = visitMinutes + travelMinutes;
  const livingWage = rateInForce(input.livingWage ?? NATIONAL_LIVING_WAGE, input.periodEnd);
  return {
    visitMinutes,
    travelMinutes,
    regularMinutes,
    overtimeMinutes,
    regularPayPence,
    overtimePayPence,
    travelPayPence,
    mileagePence: mileage,
    grossPence,
    taxPence,
    nationalInsurancePence,
    pensionPence,
    netPence: grossPence - taxPence - nationalInsurancePence - pensionPence,
    minimumWage: {
      workingMinutes,
      payPence: pay,
      livingWageHourlyPence: livingWage?.hourlyPence ?? null,
      // Below when the pay is less than the same minutes at the wage, rounded to the penny as pay is: a carer paid
      // exactly the wage is never flagged for the fraction of a penny that rounding takes off.
      below: livingWage !== null && workingMinutes > 0 && pay < penceForMinutes(workingMinutes, livingWage.hourlyPence),
    },
  };
}
