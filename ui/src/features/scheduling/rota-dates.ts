import { addDays, londonTimeToInstant } from '@care/events';

/**
 * Calendar arithmetic of the rota on London calendar dates (YYYY-MM-DD). The rota week starts on Monday, as UK
 * rotas do, and has 24 hourly rows.
 */
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The seven dates of the week that holds `date`, Monday first. */
export function weekOf(date: string): string[] {
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The month of `date` as whole weeks (Monday to Sunday) around its first and last day. */
export function monthGridOf(date: string): { readonly month: string; readonly days: string[] } {
  const month = date.slice(0, 7);
  const first = `${month}-01`;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
  const start = mondayOf(first);
  const end = addDays(mondayOf(last), 6);
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return { month, days };
}

/** The hour row of a London wall-clock time "HH:mm". */
export function hourOf(clock: string): number {
  return Number(clock.slice(0, 2));
}

/** The instants an hour row spans on a London date (an hour skipped in spring is empty). */
export function hourSpan(date: string, hour: number): { readonly start: number; readonly end: number } {
  const clock = (value: number) => `${String(value).padStart(2, '0')}:00`;
  const start = Date.parse(londonTimeToInstant(date, clock(hour)));
  const end =
    hour === 23
      ? Date.parse(londonTimeToInstant(addDays(date, 1), '00:00'))
      : Date.parse(londonTimeToInstant(date, clock(hour + 1)));
  return { start, end: Math.max(start, end) };
}

/** Whether an interval of instants overlaps another (touching ends do not). */
export function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Mon 14/10" for column headers. */
export function shortDayLabel(date: string): string {
  return `${DAY_NAMES[isoWeekday(date) - 1]} ${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

export const WEEKDAY_NAMES = DAY_NAMES;

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "October 2026". */
export function monthLabel(month: string): string {
  return monthName.format(new Date(`${month}-01T12:00:00Z`));
}

const longDayName = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** "Monday 23 November": the heading of a day in the phone's list of the week. */
export function longDayLabel(date: string): string {
  return longDayName.format(new Date(`${date}T12:00:00Z`));
}
