import { dosesBetween, MEDICATION_LIMITS, type DoseSchedule, type DueDose } from '@care/events';

const DAY_MS = 86_400_000;
export const ADHERENCE_DAYS = 30;

/** The outcome recorded for each due dose of a prescription: due instant (ISO) → status. */
export type OutcomesByDue = ReadonlyMap<string, string>;

export interface AdherenceCount {
  readonly given: number;
  /** Doses that were due (up to now) and were not "not required". */
  readonly due: number;
}

/**
 * Avg Adherence's rule: given ÷ the doses that were due over the last 30 days and not "not required".
 * A dose still without an outcome counts as due and not given once its due time has passed.
 */
export function adherenceOf(schedule: DoseSchedule, outcomes: OutcomesByDue, now: Date): AdherenceCount {
  const doses = dosesBetween(
    schedule,
    new Date(now.getTime() - ADHERENCE_DAYS * DAY_MS).toISOString(),
    now.toISOString(),
  );
  let given = 0;
  let due = 0;
  for (const dose of doses) {
    const status = outcomes.get(dose.dueAt);
    if (status === 'not_required') continue;
    due += 1;
    if (status === 'given') given += 1;
  }
  return { given, due };
}

export const percent = ({ given, due }: AdherenceCount): number | null =>
  due === 0 ? null : Math.round((given / due) * 1000) / 10;

/** Due & Overdue's window: from 24 hours back to an hour ahead ("due now" is due within the next hour or earlier). */
export function dueWindow(now: Date): { from: string; to: string } {
  return {
    from: new Date(now.getTime() - MEDICATION_LIMITS.overdueLookbackHours * 3_600_000).toISOString(),
    to: new Date(now.getTime() + MEDICATION_LIMITS.dueNowAheadMinutes * 60_000 + 1).toISOString(),
  };
}

/** The doses of the window without an outcome, oldest first. */
export function openDoses(
  schedule: DoseSchedule,
  outcomes: { has(dueAt: string): boolean },
  now: Date,
  window = dueWindow(now),
): DueDose[] {
  return dosesBetween(schedule, window.from, window.to).filter((dose) => !outcomes.has(dose.dueAt));
}

/**
 * Doses of one window for many prescriptions: prescriptions share a handful of schedules (08:00; 08:00 and 20:00…),
 * so each distinct schedule is expanded once per request and the rest are map lookups.
 */
export function dosesInWindow(window: {
  from: string;
  to: string;
}): (scheduleJson: string) => readonly (DueDose & { readonly at: number })[] {
  const memo = new Map<string, readonly (DueDose & { readonly at: number })[]>();
  return (scheduleJson) => {
    let doses = memo.get(scheduleJson);
    if (doses === undefined) {
      doses = dosesBetween(JSON.parse(scheduleJson) as DoseSchedule, window.from, window.to).map((dose) => ({
        ...dose,
        at: Date.parse(dose.dueAt),
      }));
      memo.set(scheduleJson, doses);
    }
    return doses;
  };
}
