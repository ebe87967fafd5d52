import { londonWallClockOf } from '@care/events';

/** The London calendar date of an instant, YYYY-MM-DD. */
export function londonDateOf(instant: string): string {
  return londonWallClockOf(new Date(instant)).slice(0, 10);
}
