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

/**
 * Abbreviations a person reads in capitals (or their own casing) wherever an enumeration value holds them:
 * "cpr" → "CPR", "dols_review" → "DoLS review".
 */
const ACRONYMS: Readonly<Record<string, string>> = {
  cpr: 'CPR',
  mar: 'MAR',
  dols: 'DoLS',
  peg: 'PEG',
  coshh: 'COSHH',
  cqc: 'CQC',
  riddor: 'RIDDOR',
  hse: 'HSE',
  gp: 'GP',
  nhs: 'NHS',
  copd: 'COPD',
  bmi: 'BMI',
  ppe: 'PPE',
  nvq: 'NVQ',
  gps: 'GPS',
  id: 'ID',
  sms: 'SMS',
  pdf: 'PDF',
  csv: 'CSV',
};

/** Sentence case with the abbreviations kept: "first_aid" → "First aid", "cpr" → "CPR", "in_progress" → "In progress". */
function sentenceCase(value: string): string {
  const words = humanize(value)
    .split(' ')
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word);
  const first = words[0] ?? '';
  // An abbreviation keeps its own casing at the start too ("DoLS review", not "DoLS Review" or "Dols review").
  words[0] = ACRONYMS[first.toLowerCase()] ? first : capitalize(first);
  return words.join(' ');
}

/** An enumeration value as a label: "care_note" → "Care note", "in_progress" → "In progress", "cpr" → "CPR". */
export function enumLabel(value: string): string {
  return sentenceCase(value);
}

/**
 * A status as every screen shows it, in sentence case: "in_progress" → "In progress", "no_show" → "No show",
 * "not_started" → "Not started". The one helper for a status's words, so the same status reads the same everywhere.
 */
export function statusLabel(status: string): string {
  return sentenceCase(status);
}

const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const wholeNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
/** Rates always to one decimal, so a column of them lines up: "50.0%", "91.5%". */
const rateDecimal = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Minutes as hours and minutes: 45 → "45 min", 60 → "1 h", 3618 → "60 h 18 min". */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '';
  const rounded = Math.round(minutes);
  const hours = Math.floor(Math.abs(rounded) / 60);
  const rest = Math.abs(rounded) % 60;
  const sign = rounded < 0 ? '−' : '';
  if (hours === 0) return `${sign}${rest} min`;
  return rest === 0 ? `${sign}${wholeNumber.format(hours)} h` : `${sign}${wholeNumber.format(hours)} h ${rest} min`;
}

/** Hours to one decimal with their unit: 60.3 → "60.3 h". */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '';
  return `${oneDecimal.format(hours)} h`;
}

/** A rate or share with its unit: 91.46 → "91.5%", 50 → "50.0%"; null (nothing to divide) → "—". */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${rateDecimal.format(value)}%`;
}

/** A distance in miles, as UK roads measure it: 12.25 → "12.3 miles", 1 → "1 mile". */
export function formatMiles(miles: number | null | undefined): string {
  if (miles === null || miles === undefined || !Number.isFinite(miles)) return '';
  return `${oneDecimal.format(miles)} ${miles === 1 ? 'mile' : 'miles'}`;
}

/** Whole pounds for a chart's axis: 60000 → "£60,000", -20000 → "−£20,000". */
export function formatPoundsAxis(value: number): string {
  const text = `£${wholeNumber.format(Math.abs(value))}`;
  return value < 0 ? `−${text}` : text;
}
