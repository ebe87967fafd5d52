import { londonToday } from './dates';

/** Where a text starts with a calendar date, YYYY-MM-DD: a date on its own, or the date part of an ISO instant. */
const ISO_DATE_START = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A calendar date as UK users read it: "2026-11-27" → "27/11/2026". An ISO instant ("2026-11-27T10:00:00Z") gives
 * the date written in it, with no time zone shift (a caller that wants the London day converts the instant
 * first, e.g. with londonToday). A text that does not start with a date is returned unchanged, so a half-typed or
 * free-text value is never turned into something that looks like a different date.
 */
export function ukDate(date: string): string {
  const match = ISO_DATE_START.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}

/** The London calendar day of an instant, as UK users read it: "2026-07-14T23:30:00Z" → "15/07/2026" (BST). */
export function ukDateOfInstant(instant: string | Date): string {
  return ukDate(londonToday(typeof instant === 'string' ? new Date(instant) : instant));
}
