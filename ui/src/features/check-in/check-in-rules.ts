import { isLateArrival, type AppointmentView, type CheckInSource } from '@care/events';

/** A visit can be started when it is assigned and not yet begun; a missed one too (a phone that was offline). */
export function canCheckIn(visit: Pick<AppointmentView, 'status' | 'carerId'>): boolean {
  return visit.carerId !== null && (visit.status === 'scheduled' || visit.status === 'missed');
}

export function canCheckOut(visit: Pick<AppointmentView, 'status'>): boolean {
  return visit.status === 'in_progress';
}

/** Minutes after the planned start, when checking in now would be a late arrival; else 0. */
export function minutesLate(visit: Pick<AppointmentView, 'scheduledDate'>, now: Date): number {
  // The same rule the check-in records lateArrival by (events punctuality.ts).
  return isLateArrival(visit.scheduledDate, now)
    ? Math.floor((now.getTime() - Date.parse(visit.scheduledDate)) / 60_000)
    : 0;
}

/**
 * Where the record comes from: the carer's own device when it shared a position (a phone-sized screen is
 * Mobile), office staff recording on a carer's behalf is Computer, and no position at all is Manual.
 */
export function recordSource(options: { onBehalf: boolean; located: boolean; narrowScreen: boolean }): CheckInSource {
  if (options.onBehalf) return 'Computer';
  if (!options.located) return 'Manual';
  return options.narrowScreen ? 'Mobile' : 'Computer';
}
