import { londonWallClockOf } from '@care/events';

/** A calendar date as UK users read it: 21/11/2026. */
export function ukDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** The London calendar date of an instant, YYYY-MM-DD. */
export function londonDateOf(instant: string): string {
  return londonWallClockOf(new Date(instant)).slice(0, 10);
}
