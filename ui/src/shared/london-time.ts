import { londonTimeToInstant, londonWallClockOf } from '@care/events';

/**
 * Date-and-time inputs are datetime-local: a wall-clock time without a zone. The agency works in UK time
 * (docs/decisions/0019-uk-dates-times-and-money.md), so the wall clock is read as Europe/London whatever the
 * browser's own zone, and sent as an ISO instant in UTC; screens show it back in UK time (shared/format.ts
 * formatDateTime).
 */

/** An instant as a datetime-local value ("2025-07-01T10:30") on the London wall clock. */
export function toLondonInputValue(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  return londonWallClockOf(date);
}

/**
 * A datetime-local value read as London time, as an ISO instant in UTC; anything else (e.g. '') is returned
 * trimmed, for the form's validation to report.
 */
export function londonInputToIso(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value.trim());
  if (!match || Number.isNaN(Date.parse(`${value.trim()}:00Z`))) return value.trim();
  return londonTimeToInstant(match[1]!, match[2]!);
}
