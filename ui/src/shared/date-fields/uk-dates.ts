/**
 * Dates as a UK user types and reads them: dd/mm/yyyy and 24-hour time, whatever the browser's locale (Chromium's
 * own date input shows mm/dd/yyyy even with --lang=en-GB). Values stay ISO ("2026-11-23", "2026-11-23T14:30")
 * between the field and the form, as the native inputs gave them.
 */

import { ukDate } from '@care/events';

const DATE = /^\s*(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4})\s*$/;
const DATE_DIGITS = /^\s*(\d{2})(\d{2})(\d{4})\s*$/;
const TIME = /^\s*(\d{1,2})\s*[:.]?\s*(\d{2})\s*$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/;

const pad = (value: number) => String(value).padStart(2, '0');

/** The ISO date of a real calendar day, or null (31/02 is not a day). */
function isoDate(day: number, month: number, year: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > daysInMonth ? null : `${year}-${pad(month)}-${pad(day)}`;
}

/** "23/11/2026", "23-11-2026", "23.11.2026", "23 11 2026" or "23112026" → "2026-11-23"; null when not a real date. */
export function parseUkDate(text: string): string | null {
  const match = DATE.exec(text) ?? DATE_DIGITS.exec(text);
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** "2026-11-23" → "23/11/2026"; anything else is shown as it is (a half-typed value stays the user's). */
export function formatUkDate(iso: string): string {
  return ISO_DATE.test(iso) ? ukDate(iso) : iso;
}

/** "14:30", "14.30", "1430" or "9:05" → "14:30"; null when not a time of day. */
export function parseTime(text: string): string | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours <= 23 && minutes <= 59 ? `${pad(hours)}:${pad(minutes)}` : null;
}

/** "23/11/2026 14:30" (date, then the time after a space or comma) → "2026-11-23T14:30"; null when either part is wrong. */
export function parseUkDateTime(text: string): string | null {
  const match = /^\s*(.+?)[\s,]+(\d{1,2}\s*[:.]?\s*\d{2})\s*$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const date = parseUkDate(match[1]);
  const time = parseTime(match[2]);
  return date && time ? `${date}T${time}` : null;
}

/** "2026-11-23T14:30" → "23/11/2026 14:30". */
export function formatUkDateTime(iso: string): string {
  const match = ISO_DATE_TIME.exec(iso);
  return match?.[1] ? `${formatUkDate(match[1])} ${match[2]}:${match[3]}` : iso;
}

/** A calendar day picked in the calendar (a local Date at midnight) as ISO. */
export function isoOfDay(day: Date): string {
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** An ISO date as a local Date for the calendar, or undefined. */
export function dayOfIso(iso: string | undefined): Date | undefined {
  const match = iso ? ISO_DATE.exec(iso.slice(0, 10)) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}
