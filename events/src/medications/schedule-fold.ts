import type { DoseSchedule, SchedulePeriod } from './dose-schedule';
import type { PrescriptionStatus } from './medication-enums';
import type { PrescriptionEvent } from './prescription-events';

/** A prescription's status and dose schedule after one event: one fold for `decide` and the projection alike. */
export interface ScheduleFold {
  readonly status: PrescriptionStatus;
  readonly schedule: DoseSchedule;
}

export function foldSchedule(current: ScheduleFold | undefined, event: PrescriptionEvent): ScheduleFold | undefined {
  if (event.type === 'MedicationPrescribed') {
    const { details } = event.data;
    return {
      status: 'active',
      schedule: {
        startDate: details.startDate,
        endDate: details.endDate,
        periods: [{ from: null, doseTimes: details.doseTimes, active: true }],
      },
    };
  }
  if (!current) return undefined;
  const last = current.schedule.periods.at(-1) as SchedulePeriod;
  const withPeriod = (
    period: SchedulePeriod,
    status: PrescriptionStatus,
    dates: Partial<Pick<DoseSchedule, 'startDate' | 'endDate'>> = {},
  ) => ({
    status,
    schedule: { ...current.schedule, ...dates, periods: [...current.schedule.periods, period] },
  });
  switch (event.type) {
    case 'PrescriptionChanged': {
      const { doseTimes, startDate, endDate } = event.data.changes;
      const dates = { ...(startDate !== undefined && { startDate }), ...(endDate !== undefined && { endDate }) };
      if (doseTimes === undefined) return { ...current, schedule: { ...current.schedule, ...dates } };
      return withPeriod({ from: event.data.effectiveAt, doseTimes, active: last.active }, current.status, dates);
    }
    case 'PrescriptionPaused':
      return withPeriod({ from: event.data.effectiveAt, doseTimes: last.doseTimes, active: false }, 'paused');
    case 'PrescriptionResumed':
      return withPeriod({ from: event.data.effectiveAt, doseTimes: last.doseTimes, active: true }, 'active');
    case 'PrescriptionDiscontinued':
      return withPeriod({ from: event.data.effectiveAt, doseTimes: last.doseTimes, active: false }, 'discontinued');
    default:
      return current;
  }
}
