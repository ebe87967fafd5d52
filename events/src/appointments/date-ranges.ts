import { addDays } from '../dates';

/** London calendar dates, both included. */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

/** The monitoring screen's date range options; custom takes from and to. */
export const MONITORING_RANGES = ['today', 'yesterday', '7d', '30d', '3m', 'custom'] as const;
export type MonitoringRange = (typeof MONITORING_RANGES)[number];
export type FixedRange = Exclude<MonitoringRange, 'custom'>;
/** Manage Care Operations offers today through 3 months, no custom range. */
export const FIXED_RANGES = ['today', 'yesterday', '7d', '30d', '3m'] as const satisfies readonly FixedRange[];

/** The same day `months` earlier, or the month's last day when it has fewer days (31 May − 3 months = 28/29 Feb). */
function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 - months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 - months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** London dates, both included, ending today: "last 7 days" is today and the 6 days before it. */
export function monitoringRange(range: FixedRange, today: string): DateRange {
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
