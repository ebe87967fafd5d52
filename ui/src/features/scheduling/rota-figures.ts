import type { AppointmentView, CarerView, ShiftView } from '@care/events';

/** A shift that still stands (a cancelled one stays on the record but covers nothing). */
export const isPlanned = (shift: Pick<ShiftView, 'status'>): boolean => shift.status !== 'cancelled';

/** A visit that still takes the carer's time. */
export const isBooked = (visit: Pick<AppointmentView, 'status'>): boolean => visit.status !== 'cancelled';

/** Paid hours of a shift: its length less the break, to one decimal. */
export function shiftHours(shift: Pick<ShiftView, 'startTime' | 'endTime' | 'breakMinutes'>): number {
  const minutes = (Date.parse(shift.endTime) - Date.parse(shift.startTime)) / 60_000 - shift.breakMinutes;
  return Math.max(0, minutes) / 60;
}

export interface ShiftCounts {
  readonly total: number;
  readonly confirmed: number;
  readonly pending: number;
}

/** The shift cards: every shift that is not cancelled, and how many of them are confirmed or pending. */
export function shiftCounts(shifts: readonly ShiftView[]): ShiftCounts {
  const planned = shifts.filter(isPlanned);
  return {
    total: planned.length,
    confirmed: planned.filter((shift) => shift.status === 'confirmed').length,
    pending: planned.filter((shift) => shift.status === 'pending').length,
  };
}

/**
 * Available Carers on a date: active carers with neither a shift nor a visit that day, i.e. free to be rostered
 * or booked. Computed from the week's shifts and visits already on screen.
 */
export function availableCarers(
  carers: readonly CarerView[],
  shifts: readonly ShiftView[],
  visits: readonly AppointmentView[],
  date: string,
): CarerView[] {
  const busy = new Set<string>();
  for (const shift of shifts) if (isPlanned(shift) && shift.date === date) busy.add(shift.carerId);
  for (const visit of visits) if (isBooked(visit) && visit.date === date && visit.carerId) busy.add(visit.carerId);
  return carers.filter((carer) => carer.isActive && !busy.has(carer.id));
}
