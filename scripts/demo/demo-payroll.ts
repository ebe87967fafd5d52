import { addDays, mondayOf, type ProcessPayrollRequest } from '@care/events';

/**
 * Payroll for the demo: every whole week (Monday to Sunday) of the demo's visit history that has ended, oldest
 * first, processed weekly through the API like an agency's weekly pay run. The history reaches four weeks back
 * (demo-appointments DAYS_BACK), so that is three or four weeks of payroll, never a period without visits.
 */
export function demoPayrollPeriods(today: string, daysBack = 28): ProcessPayrollRequest[] {
  const periods: ProcessPayrollRequest[] = [];
  // The first Monday on or after the history's first day: a week that starts before it would be paid in part.
  let monday = mondayOf(addDays(today, -daysBack));
  if (monday < addDays(today, -daysBack)) monday = addDays(monday, 7);
  for (; addDays(monday, 6) < today; monday = addDays(monday, 7))
    periods.push({ periodStart: monday, periodKind: 'week' });
  return periods;
}

/**
 * The payroll policy the demo sets: typical sample deductions, HMRC's 45p, 37.5 hours rounded to 38, and travel time
 * unpaid (the hourly rate allows for it: demo-carers.ts), so the minimum wage check has something to watch.
 */
export const DEMO_PAYROLL_POLICY = {
  travelPaid: false,
  mileagePencePerMile: 45,
  taxPercent: 20,
  nationalInsurancePercent: 10,
  pensionPercent: 4,
  contractedHoursPerWeek: 38,
} as const;
