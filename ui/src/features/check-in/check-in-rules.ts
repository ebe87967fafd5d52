import { offlineNote } from '../../records/visit-records/recorded-offline';
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

type DayVisit = Pick<AppointmentView, 'status' | 'scheduledDate'>;

/** Today's visits as a carer works through them: the one under way, those still to come, and the rest. */
export interface ArrangedDay<V extends DayVisit> {
  readonly inProgress: readonly V[];
  /** Still to be started, in time order: the first is the next visit. */
  readonly upcoming: readonly V[];
  /** Completed, missed, no-show or cancelled: nothing more to do but look back. */
  readonly done: readonly V[];
}

/**
 * Sorts the day so the work in hand comes first: a carer should not scroll past the morning's completed visits to
 * find the next one. Each group keeps the planned time order.
 */
export function arrangeDay<V extends DayVisit>(visits: readonly V[]): ArrangedDay<V> {
  const inTimeOrder = [...visits].sort((a, b) => Date.parse(a.scheduledDate) - Date.parse(b.scheduledDate));
  return {
    inProgress: inTimeOrder.filter((visit) => visit.status === 'in_progress'),
    upcoming: inTimeOrder.filter((visit) => visit.status === 'scheduled'),
    done: inTimeOrder.filter((visit) => visit.status !== 'in_progress' && visit.status !== 'scheduled'),
  };
}

const HOW_RECORDED: Record<CheckInSource, string> = {
  Mobile: 'on the phone',
  Computer: 'on a computer',
  Manual: 'without a location',
};

type RecordedVisit = Pick<
  AppointmentView,
  | 'actualStartTime'
  | 'actualEndTime'
  | 'checkInSource'
  | 'checkInEnteredByHand'
  | 'checkOutEnteredByHand'
  | 'checkInOffline'
  | 'checkOutOffline'
  | 'lateArrival'
>;

/**
 * What was recorded, in words a carer reads: "Checked in 08:02 on the phone · checked out 08:44", or "Checked in
 * 07:59, entered by hand". Undefined before the check-in: a visit not yet begun has no time and no source to show.
 */
export function recordedTimes(visit: RecordedVisit, clock: (instant: string) => string): string | undefined {
  if (visit.actualStartTime === null) return undefined;
  const how = visit.checkInOffline
    ? ` (${offlineNote(visit.checkInOffline)})`
    : visit.checkInEnteredByHand
      ? ', entered by hand'
      : visit.checkInSource
        ? ` ${HOW_RECORDED[visit.checkInSource]}`
        : '';
  const parts = [`Checked in ${clock(visit.actualStartTime)}${how}`];
  if (visit.lateArrival) parts.push('late arrival');
  if (visit.actualEndTime !== null) {
    const outHow = visit.checkOutOffline
      ? ` (${offlineNote(visit.checkOutOffline)})`
      : visit.checkOutEnteredByHand
        ? ', entered by hand'
        : '';
    parts.push(`checked out ${clock(visit.actualEndTime)}${outHow}`);
  }
  return parts.join(' · ');
}
