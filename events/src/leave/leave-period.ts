import { addDays, londonTimeToInstant } from '../dates';
import type { LeaveDayPart } from './leave-events';

/** Half days split at 13:00 London time. */
export const HALF_DAY_SPLIT = '13:00';

/** The instants a leave covers, the end exclusive: whole days run midnight to midnight, London time. */
export function leaveInterval(period: { from: string; to: string; dayPart: LeaveDayPart }): {
  start: string;
  end: string;
} {
  const dayStart = londonTimeToInstant(period.from, '00:00');
  const nextMidnight = londonTimeToInstant(addDays(period.to, 1), '00:00');
  switch (period.dayPart) {
    case 'morning':
      return { start: dayStart, end: londonTimeToInstant(period.from, HALF_DAY_SPLIT) };
    case 'afternoon':
      return { start: londonTimeToInstant(period.from, HALF_DAY_SPLIT), end: nextMidnight };
    default:
      return { start: dayStart, end: nextMidnight };
  }
}

/** Whether two spans of time share a moment: one ending at 13:00 and one starting at 13:00 do not. */
export function spansOverlap(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

/** Number of calendar days from `from` to `to`, both counted. */
export function leaveDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
