import { addDays } from '../dates';
import {
  INCIDENT_DUTY_REASONS,
  INCIDENT_DUTY_STEPS,
  type IncidentDuty,
  type IncidentDutyReason,
  type IncidentDutyStep,
} from '../enums';

/** Whether `reason` is one of the reasons `duty` applies for (a CQC reason is not a RIDDOR one). */
export function dutyAppliesFor(duty: IncidentDuty, reason: string): reason is IncidentDutyReason {
  return (INCIDENT_DUTY_REASONS[duty] as readonly string[]).includes(reason);
}

/** Whether `step` is one of the steps of `duty`. */
export function isStepOf(duty: IncidentDuty, step: string): step is IncidentDutyStep {
  return (INCIDENT_DUTY_STEPS[duty] as readonly string[]).includes(step);
}

/** A date moved by working days (Monday to Friday; bank holidays are not known here, so it may fall a day early). */
export function addWorkingDays(date: string, days: number): string {
  let current = date;
  let left = days;
  while (left > 0) {
    current = addDays(current, 1);
    const weekday = new Date(`${current}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return current;
}

/**
 * The date a duty must be met by, counted from the London date the agency learnt of the incident (`aware`) or the
 * date it happened (`occurred`). Conservative readings of the rules, so the alert comes early rather than late:
 * - CQC notification (Regulation 18): "without delay": by the next day.
 * - RIDDOR 2013: a specified injury or dangerous occurrence within 10 days of the incident; an over-seven-day
 *   incapacitation within 15 days; an occupational disease "without delay" once diagnosed: 10 days.
 * - Duty of candour (Regulation 20): the notification (the apology) and the written notice "as soon as reasonably
 *   practicable"; CQC's guidance takes that as within 10 working days of becoming aware.
 */
export function defaultDutyDueDate(
  duty: IncidentDuty,
  reason: IncidentDutyReason,
  dates: { readonly aware: string; readonly occurred: string },
): string {
  switch (duty) {
    case 'cqc_notification':
      return addDays(dates.aware, 1);
    case 'riddor':
      return addDays(dates.occurred, reason === 'over_seven_day_injury' ? 15 : 10);
    case 'duty_of_candour':
      return addWorkingDays(dates.aware, 10);
  }
}

/** A duty is met when every one of its steps is recorded. */
export function dutyMet(duty: IncidentDuty, done: ReadonlySet<string>): boolean {
  return INCIDENT_DUTY_STEPS[duty].every((step) => done.has(step));
}
