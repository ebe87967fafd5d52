import { addDays, londonTimeToInstant, londonToday } from '../dates';

/** Monday = 1 … Sunday = 7 (ISO weekdays, as the UK week runs). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The most hours a week the law allows a carer to work even after opting out of the 48-hour week. */
export const MAX_WEEKLY_HOURS_LIMIT = 78;
/** The Working Time Regulations' weekly limit for a carer who has not opted out. */
export const DEFAULT_WEEKLY_HOURS_LIMIT = 48;

/**
 * When a carer usually works. `weekly`: per weekday one or more London wall-clock ranges ('HH:MM', an end of '24:00'
 * is midnight at the end of the day). `exceptions`: dated changes; the exceptions of a London date replace that
 * day's weekly hours (unavailable, or available at the hours given). `weeklyHoursLimit`: 48 unless the carer
 * opted out of the 48-hour week.
 */
export type WorkingPattern = {
  weekly: { weekday: Weekday; start: string; end: string }[];
  exceptions: { date: string; available: boolean; start: string | null; end: string | null; note: string | null }[];
  contractedHoursPerWeek: number | null;
  weeklyHoursLimit: number;
};

/** The pattern as recorded: with the date the carer opted out of the 48-hour week (null when they have not). */
export type RecordedWorkingPattern = WorkingPattern & { optedOutOn: string | null };

/** Minutes after midnight of 'HH:MM' ('24:00' is 1440). */
export function minutesOfClock(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

/** The ISO weekday (Monday = 1) of a calendar date. */
export function weekdayOf(date: string): Weekday {
  const sunday0 = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as Weekday;
}

/** A London wall-clock time on a date as epoch milliseconds; '24:00' is the next day's midnight. */
function instantOf(date: string, clock: string): number {
  return clock === '24:00'
    ? Date.parse(londonTimeToInstant(addDays(date, 1), '00:00'))
    : Date.parse(londonTimeToInstant(date, clock));
}

/** The hours the carer is available on one London date, as epoch-millisecond spans. */
function spansOn(pattern: WorkingPattern, date: string): [number, number][] {
  const exceptions = pattern.exceptions.filter((exception) => exception.date === date);
  const ranges =
    exceptions.length > 0
      ? exceptions.flatMap((exception) =>
          exception.available && exception.start !== null && exception.end !== null
            ? [{ start: exception.start, end: exception.end }]
            : [],
        )
      : pattern.weekly.filter((range) => range.weekday === weekdayOf(date));
  return ranges.map((range) => [instantOf(date, range.start), instantOf(date, range.end)]);
}

/**
 * Whether a visit (its planned start and end, ISO instants) falls inside the carer's usual hours: 'inside' when
 * every moment of it is within the available hours (ranges that meet, such as 22:00–24:00 and the next day's
 * 00:00–06:00, count as one, so a visit may cross midnight), 'outside' when any part is not, 'unknown' when no
 * pattern is recorded. Pure: London dates and clock changes come from the time zone rules, not the machine.
 */
export function availabilityOf(
  pattern: WorkingPattern | null,
  startIso: string,
  endIso: string,
): 'inside' | 'outside' | 'unknown' {
  if (pattern === null) return 'unknown';
  const start = Date.parse(startIso);
  const end = Math.max(Date.parse(endIso), start);
  const first = londonToday(new Date(start));
  const last = londonToday(new Date(end));
  const spans: [number, number][] = [];
  // The day before too: its ranges cannot reach past its own midnight, but a visit starting at midnight
  // sits at the very end of them.
  for (let date = addDays(first, -1); date <= last; date = addDays(date, 1)) spans.push(...spansOn(pattern, date));
  spans.sort((a, b) => a[0] - b[0]);
  let coveredUntil = start;
  for (const [from, to] of spans) {
    if (from > coveredUntil) break;
    if (to > coveredUntil) coveredUntil = to;
    if (coveredUntil >= end && (end > start || to > start)) return 'inside';
  }
  return 'outside';
}
