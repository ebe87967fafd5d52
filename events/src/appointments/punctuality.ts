import { LATE_ARRIVAL_MINUTES } from '../enums';
import type { Punctuality } from './appointment-view';

const WINDOW_MS = LATE_ARRIVAL_MINUTES * 60_000;

/**
 * The one punctuality rule, as every screen that counts punctuality states it: a check-in within 15 minutes either side of the planned
 * start is On Time, later is Late, earlier is Early. The check-in decides `lateArrival` with it, the projector
 * stores it, and every screen and figure (Care Monitoring, the punctuality rate) reads what it stored.
 */
export function punctualityOf(scheduledStart: string | Date, checkedInAt: string | Date | null): Punctuality | null {
  if (checkedInAt === null) return null;
  const difference = new Date(checkedInAt).getTime() - new Date(scheduledStart).getTime();
  if (difference > WINDOW_MS) return 'Late';
  if (difference < -WINDOW_MS) return 'Early';
  return 'On Time';
}

/** A late arrival: more than 15 minutes after the planned start. */
export const isLateArrival = (scheduledStart: string | Date, checkedInAt: string | Date): boolean =>
  punctualityOf(scheduledStart, checkedInAt) === 'Late';
