import { addDays } from '@care/events';
import type { MonitoringRange } from '../monitoring/monitoring-params';

export { londonToday } from '@care/events';

/** Spec part 2 section 9: operations offers today through 3 months (no custom range). */
export const MANAGE_RANGES = ['today', 'yesterday', '7d', '30d', '3m'] as const satisfies readonly MonitoringRange[];
export type ManageRange = (typeof MANAGE_RANGES)[number];

/** The same day `months` earlier, or that month's last day when it is shorter (31 May − 3 months = 28/29 Feb). */
function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - months, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 - months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/**
 * The London dates a range covers, both included, ending today ("last 7 days" is today and the 6 days
 * before), exactly as GET /api/monitoring reads its `range`, so the tabs and the records agree.
 */
export function rangeDates(range: ManageRange, today: string): { from: string; to: string } {
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '3m':
      return { from: addDays(monthsBefore(today, 3), 1), to: today };
  }
}
