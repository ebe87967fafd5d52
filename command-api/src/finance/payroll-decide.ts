import {
  addDays,
  calculatePayroll,
  DEFAULT_CONTRACTED_HOURS_PER_WEEK,
  holidayAccruedMinutes,
  DEFAULT_PAYROLL_POLICY,
  NATIONAL_LIVING_WAGE,
  periodDays,
  type PayrollPeriodKind,
  type PayrollPolicy,
  type PayrollSliceEvent,
  type PayslipFigures,
} from '@care/events';
import { DomainError } from '../shared/domain-error';

/**
 * Payroll decisions, pure (given/when/then tests in payroll-decide.unit.test.ts).
 *
 * Re-processing: a period that overlaps one already processed is REFUSED (409), never a correction run. Why: a
 * processed period has gone to the payroll bureau, so a second run would either pay visits twice or need the
 * bureau to net one run off against the other; a refusal is the only answer that cannot double pay. A visit
 * amended after its period was processed is settled with the bureau by hand (the payslip shows what was paid).
 */

export type PayrollPolicyEvent = Extract<PayrollSliceEvent, { type: 'PayrollPolicySet' | 'LivingWageRateSet' }>;
export type PayrollPeriodsEvent = Extract<PayrollSliceEvent, { type: 'PayrollPeriodProcessed' }>;
export type PayrollRunEvent = Extract<PayrollSliceEvent, { type: 'PayslipIssued' | 'PayslipSent' }>;

export interface FullPayrollPolicy extends PayrollPolicy {
  readonly contractedHoursPerWeek: number;
}
export const DEFAULT_FULL_POLICY: FullPayrollPolicy = {
  ...DEFAULT_PAYROLL_POLICY,
  contractedHoursPerWeek: DEFAULT_CONTRACTED_HOURS_PER_WEEK,
};

export interface PolicyState {
  readonly policy: FullPayrollPolicy;
  readonly livingWage: readonly { readonly effectiveFrom: string; readonly hourlyPence: number }[];
}
export const initialPolicyState: PolicyState = { policy: DEFAULT_FULL_POLICY, livingWage: NATIONAL_LIVING_WAGE };

export function evolvePolicy(state: PolicyState, event: PayrollPolicyEvent): PolicyState {
  if (event.type === 'PayrollPolicySet') return { ...state, policy: { ...event.data } };
  // A rate set again for the same date replaces it; the defaults stay unless an admin overrides their date.
  const others = state.livingWage.filter((rate) => rate.effectiveFrom !== event.data.effectiveFrom);
  return {
    ...state,
    livingWage: [...others, { ...event.data }].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)),
  };
}

export interface PeriodsState {
  readonly periods: readonly { readonly runId: string; readonly periodStart: string; readonly periodEnd: string }[];
}
export const initialPeriodsState: PeriodsState = { periods: [] };
export function evolvePeriods(state: PeriodsState, event: PayrollPeriodsEvent): PeriodsState {
  const { runId, periodStart, periodEnd } = event.data;
  return { periods: [...state.periods, { runId, periodStart, periodEnd }] };
}

/** One completed visit of a carer with its actual minutes and what the carer recorded at check-out. */
export interface CarerVisit {
  readonly appointmentId: string;
  readonly date: string;
  /** ISO instant: orders the day's visits. */
  readonly startsAt: string;
  readonly minutes: number;
  readonly travelMinutes: number | null;
  readonly mileageTenths: number | null;
  /**
   * The travel estimated from the previous visit's client to this one (estimateTravel), for when the carer
   * recorded none; null when it cannot be estimated or there is no earlier visit that day.
   */
  readonly estimatedTravelMinutes?: number | null;
}

export interface CarerToPay {
  readonly carerId: string;
  readonly hourlyRatePence: number | null;
  readonly visits: readonly CarerVisit[];
}

/**
 * Working time per visit: travel counts only between consecutive visits the same day (the journey from home to
 * the first visit is commuting, not working time, for pay and for the minimum wage). Where the carer recorded no
 * travel between two visits, the estimate from the clients' locations counts instead: travel time between visits
 * is working time for the minimum wage whether or not anyone wrote it down. Mileage is every recorded business mile.
 */
export function workedVisits(visits: readonly CarerVisit[]): {
  appointmentId: string;
  minutes: number;
  travelMinutes: number;
  travelEstimated: boolean;
  mileageTenths: number;
}[] {
  const ordered = [...visits].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return ordered.map((visit, index) => {
    const previous = ordered[index - 1];
    const between = previous !== undefined && previous.date === visit.date;
    const estimated = between && visit.travelMinutes === null && (visit.estimatedTravelMinutes ?? null) !== null;
    return {
      appointmentId: visit.appointmentId,
      minutes: visit.minutes,
      travelMinutes: between ? (visit.travelMinutes ?? visit.estimatedTravelMinutes ?? 0) : 0,
      travelEstimated: estimated,
      mileageTenths: visit.mileageTenths ?? 0,
    };
  });
}

export interface ProcessPayroll {
  readonly runId: string;
  readonly payslipIds: (carerId: string) => string;
  readonly periodKind: PayrollPeriodKind;
  readonly periodStart: string;
  readonly periodEnd: string;
  /** Today in London: a period is processed once it has ended. */
  readonly today: string;
  readonly carers: readonly CarerToPay[];
}

export interface PayrollDecision {
  readonly period: PayrollPeriodsEvent;
  readonly payslips: readonly Extract<PayrollRunEvent, { type: 'PayslipIssued' }>[];
  /** Carers with worked visits but no hourly rate on their record: not paid by this run, named to the admin. */
  readonly skipped: readonly { readonly carerId: string; readonly reason: string }[];
}

export function decideProcessPayroll(
  command: ProcessPayroll,
  periods: PeriodsState,
  policyState: PolicyState,
): PayrollDecision {
  const { periodStart, periodEnd } = command;
  if (periodEnd < periodStart) throw new DomainError('invalid', 'The period ends before it starts', 'periodStart');
  if (periodEnd >= command.today)
    throw new DomainError(
      'invalid',
      `The period has not ended yet: process it from ${addDays(periodEnd, 1)}`,
      'periodStart',
    );
  const overlap = periods.periods.find((period) => period.periodStart <= periodEnd && periodStart <= period.periodEnd);
  if (overlap) {
    throw new DomainError(
      'conflict',
      `Payroll was already processed for ${overlap.periodStart} to ${overlap.periodEnd}: a period is never paid twice`,
      'periodStart',
    );
  }
  const { policy } = policyState;
  // Contracted minutes pro rata: hours a week × days ÷ 7, rounded to the minute.
  const contractedMinutes = Math.round((policy.contractedHoursPerWeek * 60 * periodDays(periodStart, periodEnd)) / 7);
  const payslips: PayrollDecision['payslips'][number][] = [];
  const skipped: { carerId: string; reason: string }[] = [];
  for (const carer of command.carers) {
    if (carer.visits.length === 0) continue;
    if (carer.hourlyRatePence === null) {
      skipped.push({ carerId: carer.carerId, reason: 'No hourly rate on the carer record' });
      continue;
    }
    const figures = payslipFigures(carer, contractedMinutes, periodEnd, policyState);
    payslips.push({
      type: 'PayslipIssued',
      data: {
        payslipId: command.payslipIds(carer.carerId),
        runId: command.runId,
        carerId: carer.carerId,
        periodStart,
        periodEnd,
        ...figures,
      },
    });
  }
  if (payslips.length === 0)
    throw new DomainError(
      'invalid',
      'No completed visits with a paid carer in this period: nothing to process',
      'periodStart',
    );
  return {
    period: {
      type: 'PayrollPeriodProcessed',
      data: {
        runId: command.runId,
        periodKind: command.periodKind,
        periodStart,
        periodEnd,
        carerIds: payslips.map((payslip) => payslip.data.carerId),
      },
    },
    payslips,
    skipped,
  };
}

export function payslipFigures(
  carer: CarerToPay,
  contractedMinutes: number,
  periodEnd: string,
  policyState: PolicyState,
): PayslipFigures {
  const { policy, livingWage } = policyState;
  const visits = workedVisits(carer.visits);
  const hourlyRatePence = carer.hourlyRatePence ?? 0;
  const figures = calculatePayroll({ hourlyRatePence, contractedMinutes, visits, periodEnd, policy, livingWage });
  return {
    hourlyRatePence,
    visitCount: visits.length,
    visitMinutes: figures.visitMinutes,
    travelMinutes: figures.travelMinutes,
    regularMinutes: figures.regularMinutes,
    overtimeMinutes: figures.overtimeMinutes,
    regularPayPence: figures.regularPayPence,
    overtimePayPence: figures.overtimePayPence,
    travelPayPence: figures.travelPayPence,
    mileageTenths: visits.reduce((sum, visit) => sum + visit.mileageTenths, 0),
    mileagePence: figures.mileagePence,
    grossPence: figures.grossPence,
    taxPence: figures.taxPence,
    nationalInsurancePence: figures.nationalInsurancePence,
    pensionPence: figures.pensionPence,
    netPence: figures.netPence,
    workingMinutes: figures.minimumWage.workingMinutes,
    holidayAccruedMinutes: holidayAccruedMinutes(figures.regularMinutes + figures.overtimeMinutes),
    livingWageHourlyPence: figures.minimumWage.livingWageHourlyPence,
    belowMinimumWage: figures.minimumWage.below,
    travelPaid: policy.travelPaid,
    mileagePencePerMile: policy.mileagePencePerMile,
    taxPercent: policy.taxPercent,
    nationalInsurancePercent: policy.nationalInsurancePercent,
    pensionPercent: policy.pensionPercent,
    estimatedTravelMinutes: visits.reduce((sum, visit) => sum + (visit.travelEstimated ? visit.travelMinutes : 0), 0),
    estimatedTravelAppointmentIds: visits.filter((visit) => visit.travelEstimated).map((visit) => visit.appointmentId),
  };
}

export interface PayslipState {
  readonly payslips: ReadonlyMap<string, { readonly carerId: string }>;
}
export const initialRunState: PayslipState = { payslips: new Map() };
export function evolveRun(state: PayslipState, event: PayrollRunEvent): PayslipState {
  if (event.type !== 'PayslipIssued') return state;
  const payslips = new Map(state.payslips);
  payslips.set(event.data.payslipId, { carerId: event.data.carerId });
  return { payslips };
}

export const PAYSLIP_NOT_FOUND = 'Payslip not found';

/** Send to Employee: sending again is allowed (a lost mail), each send recorded. */
export function decideSendPayslip(
  state: PayslipState,
  runId: string,
  payslipId: string,
  carerEmail: string | null,
): PayrollRunEvent[] {
  const payslip = state.payslips.get(payslipId);
  if (!payslip) throw new DomainError('not_found', PAYSLIP_NOT_FOUND);
  if (carerEmail === null || carerEmail.trim() === '')
    throw new DomainError('invalid', 'The carer has no email address on their record');
  return [{ type: 'PayslipSent', data: { payslipId, runId, carerId: payslip.carerId, sentTo: carerEmail } }];
}
