import { londonTimeToInstant, londonWallClockOf } from '@care/events';
import { formatDate } from '../../shared/format';

/** A due date is chosen as a London calendar day; the task is due at the end of it. */
export function dueDateToInstant(date: string): string | undefined {
  return date === '' ? undefined : londonTimeToInstant(date, '23:59');
}

/** A due instant as the London day it falls on, dd/mm/yyyy. */
export function formatDueDate(instant: string | null): string {
  return instant ? formatDate(londonWallClockOf(new Date(instant))) : '';
}
