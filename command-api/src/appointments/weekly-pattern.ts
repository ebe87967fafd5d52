import { addDays, londonTimeToInstant, MAX_RECURRING_OCCURRENCES } from '@care/events';
import { DomainError } from '../shared/domain-error';

export interface WeeklyPattern {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  readonly daysOfWeek: readonly number[];
  /** London wall-clock time, HH:mm. */
  readonly startTime: string;
  readonly startDate: string;
  /** Included. */
  readonly untilDate: string;
}

/** 1 = Monday … 7 = Sunday, of a calendar date (no time zone involved). */
export function isoWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

/**
 * The start instant (UTC) of every occurrence: each matching day at the same London wall-clock time, so a
 * 09:00 visit stays at 09:00 for the client across the clock changes. Refuses a pattern that matches no day
 * or more than MAX_RECURRING_OCCURRENCES.
 */
export function expandWeeklyPattern(pattern: WeeklyPattern): string[] {
  const starts: string[] = [];
  for (let date = pattern.startDate; date <= pattern.untilDate; date = addDays(date, 1)) {
    if (!pattern.daysOfWeek.includes(isoWeekday(date))) continue;
    if (starts.length === MAX_RECURRING_OCCURRENCES) {
      throw new DomainError(
        'invalid',
        `A weekly pattern can create at most ${MAX_RECURRING_OCCURRENCES} visits: choose an earlier until date`,
        'untilDate',
      );
    }
    starts.push(londonTimeToInstant(date, pattern.startTime));
  }
  if (starts.length === 0)
    throw new DomainError(
      'invalid',
      'No day between the start and until dates is one of the chosen days',
      'daysOfWeek',
    );
  return starts;
}
