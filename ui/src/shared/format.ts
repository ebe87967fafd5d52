/** en-GB display helpers: dates dd/mm/yyyy, money in GBP. */

import { ukDate } from '@care/events';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** A calendar date ("2024-03-01" or an ISO instant) as dd/mm/yyyy, without shifting the day by time zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const text = ukDate(value);
  // ukDate leaves a value that does not start with YYYY-MM-DD as it is: such a value is read as a date another way.
  if (text !== value) return text;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-GB', { timeZone: 'Europe/London' });
}

/** Pounds as the API sends them ("12.50") to "£12.50". */
export function formatPounds(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? gbp.format(amount) : String(value);
}

/** "north" → "North": an enumeration value as a label. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Enumeration values for display: "mental_health" to "mental health". */
export function humanize(value: string | null | undefined): string {
  return (value ?? '').replaceAll('_', ' ');
}

/** An enumeration value as a label: "care_note" → "Care note", "in_progress" → "In progress". */
export function enumLabel(value: string): string {
  return capitalize(humanize(value));
}

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as UK local time, "dd/mm/yyyy HH:mm" (24-hour, Europe/London). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const part = Object.fromEntries(dateTimeParts.formatToParts(date).map(({ type, value: text }) => [type, text]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}
