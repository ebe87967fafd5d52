import type { AppointmentView, ShiftView, VisitType } from '@care/events';

/** The Filter panel's choices: one carer and/or one visit type ('' = all). */
export interface RotaFilter {
  readonly carerId: string;
  readonly visitType: VisitType | '';
}

export const NO_FILTER: RotaFilter = { carerId: '', visitType: '' };

export function activeFilterCount(filter: RotaFilter): number {
  return (filter.carerId ? 1 : 0) + (filter.visitType ? 1 : 0);
}

export function filterVisits(visits: readonly AppointmentView[], filter: RotaFilter): AppointmentView[] {
  return visits.filter(
    (visit) =>
      (!filter.carerId || visit.carerId === filter.carerId) &&
      (!filter.visitType || visit.visitType === filter.visitType),
  );
}

/** Shifts have no visit type: only the carer choice applies to them. */
export function filterShifts(shifts: readonly ShiftView[], filter: RotaFilter): ShiftView[] {
  return shifts.filter((shift) => !filter.carerId || shift.carerId === filter.carerId);
}
