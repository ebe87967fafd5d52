import { describe, expect, it } from 'vitest';
import { payrollPeriodEnd } from '@care/events';
import { refusal } from '../shared/refusal.testing';
import {
  decideProcessPayroll,
  decideSendPayslip,
  evolvePeriods,
  evolvePolicy,
  evolveRun,
  initialPeriodsState,
  initialPolicyState,
  initialRunState,
  type CarerVisit,
  type PolicyState,
  type ProcessPayroll,
} from './payroll-decide';

const CARER = '0195f0a0-0000-7000-8000-000000000001';
const OTHER = '0195f0a0-0000-7000-8000-000000000002';
const RUN = '0195f0a0-0000-7000-8000-0000000000aa';

const visit = (
  date: string,
  time: string,
  minutes: number,
  travelMinutes: number | null = null,
  mileageTenths: number | null = null,
): CarerVisit => ({
  appointmentId: `${date}-${time}`,
  date,
  startsAt: `${date}T${time}:00Z`,
  minutes,
  travelMinutes,
  mileageTenths,
});

const command = (overrides: Partial<ProcessPayroll> = {}): ProcessPayroll => ({
  runId: RUN,
  payslipIds: (carerId) => `${carerId.slice(0, -2)}ff`,
  periodKind: 'week',
  periodStart: '2026-05-04',
  periodEnd: '2026-05-10',
  today: '2026-05-20',
  carers: [{ carerId: CARER, hourlyRatePence: 13_00, visits: [visit('2026-05-04', '09:00', 60)] }],
  ...overrides,
});

const policy = (changes: Partial<PolicyState['policy']> = {}): PolicyState =>
  evolvePolicy(initialPolicyState, { type: 'PayrollPolicySet', data: { ...initialPolicyState.policy, ...changes } });

const onlyPayslip = (decision: ReturnType<typeof decideProcessPayroll>) => {
  expect(decision.payslips).toHaveLength(1);
  return decision.payslips[0]!.data;
};

describe('process payroll: overtime', () => {
  it('given 40 contracted hours a week, when a carer works 42 hours of visits, then 2 hours are overtime at 1.5 times', () => {
    const visits = Array.from({ length: 6 }, (_, day) => visit(`2026-05-0${4 + day}`, '08:00', 7 * 60));
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({ carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits }] }),
        initialPeriodsState,
        policy({ contractedHoursPerWeek: 40 }),
      ),
    );
    expect(slip).toMatchObject({
      visitMinutes: 42 * 60,
      regularMinutes: 40 * 60,
      overtimeMinutes: 120,
      regularPayPence: 480_00,
      overtimePayPence: 36_00,
    });
    expect(slip.grossPence).toBe(516_00);
  });

  it('accrues holiday for irregular hours at 12.07% of the paid time (42 h: 5 h 04 min)', () => {
    const visits = Array.from({ length: 6 }, (_, day) => visit(`2026-05-0${4 + day}`, '08:00', 7 * 60));
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({ carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits }] }),
        initialPeriodsState,
        policy(),
      ),
    );
    // 2520 min × 12.07% = 304.164 → 304 minutes.
    expect(slip.holidayAccruedMinutes).toBe(304);
  });

  it('given a month, contracted hours are pro rata to the days (40 h a week over 31 days is 177 h 9 min)', () => {
    expect(payrollPeriodEnd('2026-05-01', 'month')).toBe('2026-05-31');
    const visits = [visit('2026-05-04', '08:00', 180 * 60)];
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({
          periodKind: 'month',
          periodStart: '2026-05-01',
          periodEnd: '2026-05-31',
          today: '2026-06-01',
          carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits }],
        }),
        initialPeriodsState,
        policy(),
      ),
    );
    expect(slip.regularMinutes).toBe(Math.round((40 * 60 * 31) / 7));
    expect(slip.overtimeMinutes).toBe(180 * 60 - Math.round((40 * 60 * 31) / 7));
  });
});

describe('process payroll: travel time', () => {
  const day = [visit('2026-05-05', '09:00', 60, 20, 50), visit('2026-05-05', '11:00', 60, 15, 40)];

  it('given travel is paid, then only the travel between consecutive visits the same day is paid (home to first visit is commuting)', () => {
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({ carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits: day }] }),
        initialPeriodsState,
        policy({ travelPaid: true }),
      ),
    );
    expect(slip).toMatchObject({
      travelMinutes: 15,
      travelPayPence: 3_00,
      regularMinutes: 135,
      regularPayPence: 27_00,
      workingMinutes: 135,
    });
  });

  it('given travel is unpaid, then travel is not paid but still counts as working time for the minimum wage', () => {
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({ carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits: day }] }),
        initialPeriodsState,
        policy({ travelPaid: false }),
      ),
    );
    expect(slip).toMatchObject({
      travelMinutes: 15,
      travelPayPence: 0,
      regularMinutes: 120,
      regularPayPence: 24_00,
      workingMinutes: 135,
      travelPaid: false,
    });
  });

  it('visits on different days have no travel between them', () => {
    const visits = [visit('2026-05-05', '09:00', 60, 20), visit('2026-05-06', '09:00', 60, 20)];
    expect(
      onlyPayslip(
        decideProcessPayroll(
          command({ carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits }] }),
          initialPeriodsState,
          policy(),
        ),
      ).travelMinutes,
    ).toBe(0);
  });
});

describe('process payroll: estimated travel', () => {
  const estimated = (visit: CarerVisit, minutes: number | null): CarerVisit => ({
    ...visit,
    estimatedTravelMinutes: minutes,
  });

  it('given the carer recorded no travel between two visits, the estimate counts, is paid and the payslip names it', () => {
    const second = estimated(visit('2026-05-05', '11:00', 60), 12);
    const visits = [estimated(visit('2026-05-05', '09:00', 60), 30), second];
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({ carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits }] }),
        initialPeriodsState,
        policy({ travelPaid: true }),
      ),
    );
    // The first visit's estimate is the journey from home: commuting, not counted.
    expect(slip).toMatchObject({
      travelMinutes: 12,
      travelPayPence: 2_40,
      workingMinutes: 132,
      estimatedTravelMinutes: 12,
      estimatedTravelAppointmentIds: [second.appointmentId],
    });
  });

  it('given the carer recorded travel, what they recorded counts, even 0, and nothing is said to be estimated', () => {
    const visits = [visit('2026-05-05', '09:00', 60), estimated(visit('2026-05-05', '11:00', 60, 0), 12)];
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({ carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits }] }),
        initialPeriodsState,
        policy({ travelPaid: true }),
      ),
    );
    expect(slip).toMatchObject({ travelMinutes: 0, estimatedTravelMinutes: 0, estimatedTravelAppointmentIds: [] });
  });

  it('given unpaid travel, the estimated travel still counts as working time and can put the carer below the minimum wage', () => {
    // £13.00 an hour, 2 h of visits and an estimated 60 min between them: £26.00 for 3 h is £8.67 an hour.
    const visits = [visit('2026-05-05', '09:00', 60), estimated(visit('2026-05-05', '11:00', 60), 60)];
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({ carers: [{ carerId: CARER, hourlyRatePence: 13_00, visits }] }),
        initialPeriodsState,
        policy({ travelPaid: false }),
      ),
    );
    expect(slip).toMatchObject({ workingMinutes: 180, travelPayPence: 0, belowMinimumWage: true });
  });
});

describe('process payroll: mileage and deductions', () => {
  it('given 9.0 recorded miles at the HMRC 45p default, mileage is £4.05, added to gross but not taxed', () => {
    const visits = [visit('2026-05-05', '09:00', 60, null, 50), visit('2026-05-05', '11:00', 60, 0, 40)];
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({ carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits }] }),
        initialPeriodsState,
        initialPolicyState,
      ),
    );
    expect(slip).toMatchObject({
      mileageTenths: 90,
      mileagePence: 4_05,
      grossPence: 28_05,
      taxPence: 4_80,
      nationalInsurancePence: 2_40,
      pensionPence: 96,
    });
    expect(slip.netPence).toBe(28_05 - 4_80 - 2_40 - 96);
  });

  it('given an admin-set rate of 30p and 0% pension, the payslip uses them and records them', () => {
    const visits = [visit('2026-05-05', '09:00', 60, null, 100)];
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({ carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits }] }),
        initialPeriodsState,
        policy({ mileagePencePerMile: 30, pensionPercent: 0 }),
      ),
    );
    expect(slip).toMatchObject({ mileagePence: 3_00, pensionPence: 0, mileagePencePerMile: 30, pensionPercent: 0 });
  });
});

describe('minimum wage check', () => {
  it('given £12.71 an hour in force from 2026-04-01, a carer paid £12.00 is below it', () => {
    const slip = onlyPayslip(
      decideProcessPayroll(
        command({ carers: [{ carerId: CARER, hourlyRatePence: 12_00, visits: [visit('2026-05-05', '09:00', 60)] }] }),
        initialPeriodsState,
        initialPolicyState,
      ),
    );
    expect(slip).toMatchObject({ livingWageHourlyPence: 12_71, belowMinimumWage: true });
  });

  it('given £13.00 an hour, a carer is above it when travel is paid, and below it when the same travel is unpaid', () => {
    // 2 h of visits + 1 h of travel between them: unpaid, £26.00 for 3 h is £8.67 an hour.
    const visits = [visit('2026-05-05', '09:00', 60), visit('2026-05-05', '11:00', 60, 60)];
    const carers = [{ carerId: CARER, hourlyRatePence: 13_00, visits }];
    expect(
      onlyPayslip(decideProcessPayroll(command({ carers }), initialPeriodsState, policy({ travelPaid: true })))
        .belowMinimumWage,
    ).toBe(false);
    expect(
      onlyPayslip(decideProcessPayroll(command({ carers }), initialPeriodsState, policy({ travelPaid: false })))
        .belowMinimumWage,
    ).toBe(true);
  });

  it('the rate in force on the period end applies, and an admin-added rate with a date overrides it', () => {
    const carers = [{ carerId: CARER, hourlyRatePence: 12_50, visits: [visit('2026-03-05', '09:00', 60)] }];
    const march = command({
      periodKind: 'month',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      today: '2026-04-02',
      carers,
    });
    expect(onlyPayslip(decideProcessPayroll(march, initialPeriodsState, initialPolicyState))).toMatchObject({
      livingWageHourlyPence: 12_21,
      belowMinimumWage: false,
    });
    const raised = evolvePolicy(initialPolicyState, {
      type: 'LivingWageRateSet',
      data: { effectiveFrom: '2026-03-01', hourlyPence: 13_00 },
    });
    expect(onlyPayslip(decideProcessPayroll(march, initialPeriodsState, raised))).toMatchObject({
      livingWageHourlyPence: 13_00,
      belowMinimumWage: true,
    });
  });
});

describe('refusal of double processing', () => {
  const processed = evolvePeriods(initialPeriodsState, {
    type: 'PayrollPeriodProcessed',
    data: { runId: RUN, periodKind: 'month', periodStart: '2026-04-01', periodEnd: '2026-04-30', carerIds: [CARER] },
  });

  it('given April was processed, when April is processed again, then it is refused with 409', () => {
    const refused = refusal(() =>
      decideProcessPayroll(
        command({ periodKind: 'month', periodStart: '2026-04-01', periodEnd: '2026-04-30' }),
        processed,
        initialPolicyState,
      ),
    );
    expect(refused.kind).toBe('conflict');
    expect(refused.message).toContain('already processed for 2026-04-01 to 2026-04-30');
  });

  it('given April was processed, a week overlapping its end is refused too, and the next week is processed', () => {
    expect(
      refusal(() =>
        decideProcessPayroll(
          command({ periodStart: '2026-04-27', periodEnd: '2026-05-03' }),
          processed,
          initialPolicyState,
        ),
      ).kind,
    ).toBe('conflict');
    expect(
      decideProcessPayroll(
        command({ periodStart: '2026-05-01', periodEnd: '2026-05-07' }),
        processed,
        initialPolicyState,
      ).payslips,
    ).toHaveLength(1);
  });

  it('a period that has not ended yet is refused (its later visits could never be paid)', () => {
    expect(
      refusal(() => decideProcessPayroll(command({ today: '2026-05-10' }), initialPeriodsState, initialPolicyState)),
    ).toMatchObject({ kind: 'invalid', field: 'periodStart' });
  });

  it('a carer without an hourly rate is skipped and named; with no one to pay the run is refused', () => {
    const decision = decideProcessPayroll(
      command({
        carers: [
          { carerId: CARER, hourlyRatePence: 13_00, visits: [visit('2026-05-05', '09:00', 60)] },
          { carerId: OTHER, hourlyRatePence: null, visits: [visit('2026-05-05', '09:00', 60)] },
        ],
      }),
      initialPeriodsState,
      initialPolicyState,
    );
    expect(decision.skipped).toEqual([{ carerId: OTHER, reason: 'No hourly rate on the carer record' }]);
    expect(decision.period.data.carerIds).toEqual([CARER]);
    expect(
      refusal(() => decideProcessPayroll(command({ carers: [] }), initialPeriodsState, initialPolicyState)).kind,
    ).toBe('invalid');
  });
});

describe('send to employee', () => {
  it('given an issued payslip, sending records PayslipSent to the carer email; an unknown payslip is 404', () => {
    const decision = decideProcessPayroll(command(), initialPeriodsState, initialPolicyState);
    const state = decision.payslips.reduce(evolveRun, initialRunState);
    const payslipId = decision.payslips[0]!.data.payslipId;
    expect(decideSendPayslip(state, RUN, payslipId, 'amy@example.org')).toEqual([
      { type: 'PayslipSent', data: { payslipId, runId: RUN, carerId: CARER, sentTo: 'amy@example.org' } },
    ]);
    expect(refusal(() => decideSendPayslip(state, RUN, OTHER, 'amy@example.org')).kind).toBe('not_found');
    expect(refusal(() => decideSendPayslip(state, RUN, payslipId, null)).kind).toBe('invalid');
  });
});
