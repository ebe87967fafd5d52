import { addDays, londonTimeToInstant } from '../dates';
import type { ReportFrequency } from './report-schedule-events';

/** Scheduled reports run at 07:00 London: before the office opens, after every visit of the period has ended. */
export const SCHEDULED_REPORT_HOUR = '07:00';

export interface ReportPeriod {
  readonly from: string;
  readonly to: string;
  /** When its report is due: 07:00 London on the day after `to`. */
  readonly dueAt: string;
}

function mondayOn(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The period containing `date`: its Monday-to-Sunday week, or its calendar month. */
export function periodContaining(frequency: ReportFrequency, date: string): ReportPeriod {
  let from: string;
  let to: string;
  if (frequency === 'weekly') {
    from = mondayOn(date);
    to = addDays(from, 6);
  } else {
    from = `${date.slice(0, 7)}-01`;
    const [year, month] = date.split('-').map(Number) as [number, number];
    to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  }
  return { from, to, dueAt: londonTimeToInstant(addDays(to, 1), SCHEDULED_REPORT_HOUR) };
}

/**
 * The periods of a schedule that are due at `now` and not yet generated: every period that ends on or after the day
 * the schedule started and whose due time has passed, oldest first (a runner down for a while catches up).
 */
export function duePeriods(
  frequency: ReportFrequency,
  startsOn: string,
  now: Date,
  generated: ReadonlySet<string>,
  limit = 12,
): ReportPeriod[] {
  const due: ReportPeriod[] = [];
  let period = periodContaining(frequency, startsOn);
  while (Date.parse(period.dueAt) <= now.getTime() && due.length < limit) {
    if (!generated.has(period.from)) due.push(period);
    period = periodContaining(frequency, addDays(period.to, 1));
  }
  return due;
}

/** The next period's due time after `now` (for the screen's "Next run"). */
export function nextDueAt(frequency: ReportFrequency, startsOn: string, now: Date): string {
  let period = periodContaining(frequency, startsOn);
  while (Date.parse(period.dueAt) <= now.getTime()) period = periodContaining(frequency, addDays(period.to, 1));
  return period.dueAt;
}
