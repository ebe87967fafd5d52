import { londonClock, TEXT_LIMITS, ukDate } from '@care/events';
import type { RaiseAlertInput } from '../alerts/alert-commands';
import { londonDateOf } from '../appointments/london-texts';

/** The alert rule name of a record made offline that the server refused (AlertRaised.rule). */
export const OFFLINE_RECORD_RULE = 'offline-record-unapplied';

export interface UnappliedRecordFacts {
  readonly id: string;
  /** Who made it, as their account names them. */
  readonly recordedBy: string;
  readonly label: string;
  readonly capturedAt: string;
  readonly reason: string;
  /** The body the phone sent. */
  readonly body: unknown;
  readonly appointmentId: string | null;
  readonly clientId: string | null;
}

/** "notes: Ate well; tasks completed: Breakfast, Wash": the fields the carer filled in, in their own words. */
export function recordedFields(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return JSON.stringify(body ?? null);
  const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return Object.entries(body)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => {
      // A signature is an image: the alert says there was one; the record's history keeps it.
      if (key === 'signature') return 'signature: captured';
      const text = Array.isArray(value)
        ? value.map((each) => (typeof each === 'object' ? JSON.stringify(each) : String(each))).join(', ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
      return `${words(key)}: ${text}`;
    })
    .join('; ');
}

/**
 * The office's alert for a refused offline record: what it was, when the carer recorded it, why it was refused, and
 * what they wrote, so it can be entered another way. Staff only (no carerId): the carer's phone keeps its own copy.
 */
export function unappliedRecordAlert(facts: UnappliedRecordFacts): RaiseAlertInput {
  const when = `${londonClock(facts.capturedAt)} on ${ukDate(londonDateOf(facts.capturedAt))}`;
  const head = `${facts.label}, recorded offline by ${facts.recordedBy} at ${when}, was refused: ${facts.reason}. What was recorded: `;
  const fields = recordedFields(facts.body);
  const room = TEXT_LIMITS.notes - head.length;
  const tail = ' (cut short: the whole record is in its history)';
  const content = fields.length <= room ? fields : `${fields.slice(0, room - tail.length)}${tail}`;
  return {
    rule: OFFLINE_RECORD_RULE,
    subject: facts.id,
    severity: 'high',
    title: 'An offline record could not be applied',
    description: `${head}${content}`,
    relatedKind: 'offline_record',
    relatedId: facts.id,
    carerId: null,
    clientId: facts.clientId,
    appointmentId: facts.appointmentId,
    actionRequired: `Enter it another way if it still applies, or tell ${facts.recordedBy} why not`,
    dueDate: null,
  };
}
