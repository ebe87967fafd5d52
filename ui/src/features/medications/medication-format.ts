import { londonClock, londonToday } from '@care/events';
import { formatDateTime, formatPercent } from '../../shared/format';

/** "08:00 today" for a dose of today (London), the date and time otherwise. */
export function formatDue(instant: string, now: Date = new Date()): string {
  return londonToday(new Date(instant)) === londonToday(now)
    ? `${londonClock(instant)} today`
    : formatDateTime(instant);
}

export const percentText = (value: number | null): string => (value === null ? 'No doses due' : formatPercent(value));
