import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import {
  decideProcessPayroll,
  initialPeriodsState,
  initialPolicyState,
  londonDateOf,
  type CarerToPay,
} from '@care/command-api';
import {
  addDays,
  checkInRequestSchema,
  checkOutRequestSchema,
  createCarerRequestSchema,
  londonToday,
  mondayOf,
  payrollPeriodEnd,
  scheduleAppointmentRequestSchema,
} from '@care/events';
import { DEMO_VISIT_DAYS_BACK, demoVisits } from './demo-appointments';
import { demoCarers } from './demo-carers';
import { DEMO_PAYROLL_POLICY, demoPayrollPeriods } from './demo-payroll';

describe('demo payroll periods', () => {
  it('given today Monday 23 November 2026 and four weeks of history, pays the four whole weeks that have ended', () => {
    expect(demoPayrollPeriods('2026-11-23')).toEqual([
      { periodStart: '2026-10-26', periodKind: 'week' },
      { periodStart: '2026-11-02', periodKind: 'week' },
      { periodStart: '2026-11-09', periodKind: 'week' },
      { periodStart: '2026-11-16', periodKind: 'week' },
    ]);
  });

  it('given a Wednesday, leaves out the part week at each end (history starts mid-week, this week has not ended)', () => {
    const periods = demoPayrollPeriods('2026-11-25');
    expect(periods.map((period) => period.periodStart)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  });
});

/**
 * Every payslip the demo's weekly payroll produces, worked out as the product works it out: the demo's active
 * carers at their hourly rates (read by the API's own request schema), their completed visits (check-in to
 * check-out, with the travel and mileage recorded at check-out) on the London day each was booked for, run week by
 * week through the payroll decision with the demo's payroll policy and the product's National Living Wage table.
 */
function demoPayslips(now: Date) {
  const carers = demoCarers().filter((carer) => carer.isActive !== false);
  const carerIds = carers.map(() => uuidv7());
  const names = new Map(carerIds.map((id, index) => [id, `${carers[index]!.firstName} ${carers[index]!.lastName}`]));
  const rates = new Map(
    carerIds.map((id, index) => [id, createCarerRequestSchema.parse(carers[index]).hourlyRate ?? null]),
  );
  const clientIds = Array.from({ length: 140 }, () => uuidv7());
  const worked: (CarerToPay['visits'][number] & { carerId: string })[] = [];
  for (const { schedule, steps } of demoVisits(carerIds, clientIds, now)) {
    const checkIn = steps.find((step) => step.action === 'check-in');
    const checkOut = steps.find((step) => step.action === 'check-out');
    const { carerId, scheduledStart } = scheduleAppointmentRequestSchema.parse(schedule);
    if (!carerId || !checkIn || !checkOut) continue;
    const { checkedInAt } = checkInRequestSchema.parse(checkIn.body);
    const { checkedOutAt, travelTimeMinutes, mileage } = checkOutRequestSchema.parse(checkOut.body);
    const start = checkedInAt ?? scheduledStart;
    worked.push({
      carerId,
      appointmentId: uuidv7(),
      date: londonDateOf(scheduledStart),
      startsAt: start,
      minutes: Math.max(0, Math.round((Date.parse(checkedOutAt ?? start) - Date.parse(start)) / 60_000)),
      travelMinutes: travelTimeMinutes ?? null,
      mileageTenths: mileage ?? null,
    });
  }
  const today = londonToday(now);
  const policyState = { ...initialPolicyState, policy: DEMO_PAYROLL_POLICY };
  return demoPayrollPeriods(today, DEMO_VISIT_DAYS_BACK).flatMap(({ periodStart, periodKind }) => {
    const periodEnd = payrollPeriodEnd(periodStart, periodKind);
    const toPay = carerIds.map((carerId) => ({
      carerId,
      hourlyRatePence: rates.get(carerId) ?? null,
      visits: worked.filter(
        (visit) => visit.carerId === carerId && visit.date >= periodStart && visit.date <= periodEnd,
      ),
    }));
    const decision = decideProcessPayroll(
      { runId: uuidv7(), payslipIds: () => uuidv7(), periodKind, periodStart, periodEnd, today, carers: toPay },
      initialPeriodsState,
      policyState,
    );
    return decision.payslips.map(({ data }) => ({ ...data, carerName: names.get(data.carerId) }));
  });
}

describe('demo pay', () => {
  // Seeded today, and on a day whose thirteen weeks of history span 1 April 2026 (the wage went up from £12.21).
  for (const now of [new Date(), new Date('2026-05-20T09:00:00Z')]) {
    it(`pays every demo carer at least the National Living Wage in force at the end of each week, except the one week of unpaid rural travel (seeded ${now.toISOString().slice(0, 10)})`, () => {
      const payslips = demoPayslips(now);
      // Every active carer is paid for every week of the thirteen.
      const active = demoCarers().filter((carer) => carer.isActive !== false).length;
      expect(payslips.length).toBe(active * demoPayrollPeriods(londonToday(now), DEMO_VISIT_DAYS_BACK).length);
      const coverWeek = mondayOf(addDays(londonToday(now), -38));
      expect(
        payslips
          .filter((payslip) => payslip.belowMinimumWage)
          .map(({ carerName, periodStart }) => `${carerName}, week from ${periodStart}`),
      ).toEqual([`Mia Wright, week from ${coverWeek}`]);
    });
  }
});
