import {
  INCIDENT_DUTY_LABELS,
  INCIDENT_DUTY_REASON_LABELS,
  INCIDENT_DUTY_STEP_LABELS,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TYPE_LABELS,
  type IncidentDetailView,
  type IncidentDuty,
  type IncidentDutyReason,
  type IncidentDutyStep,
  type IncidentSeverity,
  type IncidentTimelineEntry,
  type IncidentType,
  type PersonRef,
  ukDate,
} from '@care/events';

/** A row of incident_events as the read side reads it. */
export interface IncidentEventRow {
  event_id: string;
  revision: string;
  type: string;
  user_id: string;
  occurred_at: Date;
  data: Record<string, unknown>;
}

/** The report's fields in the order the form shows them, with their labels. */
const FIELDS: readonly [key: string, label: string][] = [
  ['type', 'Type'],
  ['severity', 'Severity'],
  ['title', 'Title'],
  ['description', 'Description'],
  ['dateOccurred', 'Date occurred'],
  ['location', 'Location'],
  ['clientId', 'Client'],
  ['carerId', 'Carer'],
  ['witnessDetails', 'Witness details'],
  ['immediateAction', 'Immediate action'],
  ['followUpRequired', 'Follow-up required'],
  ['followUpNotes', 'Follow-up notes'],
];

const londonDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** dd/mm/yyyy HH:mm in London (what people read). */
export const formatLondonDateTime = (instant: string | Date): string =>
  londonDateTime.format(new Date(instant)).replace(',', '');
/** dd/mm/yyyy from a London date. */

type Named = (kind: 'client' | 'carer', id: string | null) => string | null;

/** A field's value as words. */
function shown(key: string, value: unknown, named: Named): string | null {
  if (value === null || value === undefined) return null;
  if (key === 'type') return INCIDENT_TYPE_LABELS[value as IncidentType];
  if (key === 'severity') return INCIDENT_SEVERITY_LABELS[value as IncidentSeverity];
  if (key === 'dateOccurred') return formatLondonDateTime(value as string);
  if (key === 'clientId') return named('client', value as string) ?? 'Unknown client';
  if (key === 'carerId') return named('carer', value as string) ?? 'Unknown carer';
  if (key === 'followUpRequired') return value ? 'Yes' : 'No';
  return String(value);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One sentence per event: what happened, in a coordinator's words. */
function summaryOf(row: IncidentEventRow): string {
  const data = row.data;
  switch (row.type) {
    case 'IncidentReported':
      return data.diaryEntryId
        ? 'Reported from a diary entry'
        : data.appointmentId
          ? 'Reported from a visit'
          : 'Reported';
    case 'IncidentAmended':
      return `Amended: ${str(data.reason)}`;
    case 'IncidentInvestigationStarted':
      return 'Investigation started';
    case 'IncidentNoteAdded':
      return `Investigation note: ${str(data.note)}`;
    case 'IncidentFollowUpCompleted':
      return `Follow-up done: ${str(data.notes)}`;
    case 'IncidentResolved':
      return `Resolved: ${str(data.resolutionSummary)}`;
    case 'IncidentClosed':
      return data.followUpWaivedReason ? `Closed; follow-up waived: ${str(data.followUpWaivedReason)}` : 'Closed';
    case 'IncidentReopened':
      return `Reopened: ${str(data.reason)}`;
    case 'IncidentEscalated': {
      const parts: string[] = [];
      if (data.severity !== data.fromSeverity) {
        parts.push(
          `severity raised from ${INCIDENT_SEVERITY_LABELS[data.fromSeverity as IncidentSeverity]} to ${INCIDENT_SEVERITY_LABELS[data.severity as IncidentSeverity]}`,
        );
      }
      if (data.escalatedTo) parts.push('handed to a named person');
      return `Escalated (${parts.join(', ')}): ${str(data.reason)}`;
    }
    case 'IncidentSafeguardingReferred':
      return `Referred to the safeguarding team (${str(data.referredTo)}) on ${ukDate(str(data.referredOn))}${data.localAuthorityReference ? `, reference ${str(data.localAuthorityReference)}` : ''}${data.outcome ? `; outcome: ${str(data.outcome)}` : ''}`;
    case 'IncidentSafeguardingReferralUpdated':
      return `Safeguarding referral updated${data.localAuthorityReference ? `: reference ${str(data.localAuthorityReference)}` : ''}${data.outcome ? `; outcome: ${str(data.outcome)}` : ''}`;
    case 'IncidentDutyIdentified':
      return `${INCIDENT_DUTY_LABELS[data.duty as IncidentDuty]} required (${INCIDENT_DUTY_REASON_LABELS[data.reason as IncidentDutyReason]}), due ${ukDate(str(data.dueDate))}`;
    case 'IncidentDutyStepRecorded':
      return `${INCIDENT_DUTY_STEP_LABELS[data.step as IncidentDutyStep]} on ${ukDate(str(data.doneOn))}${data.reference ? ` (reference ${str(data.reference)})` : ''}`;
    default:
      return row.type;
  }
}

/**
 * The timeline (every event, oldest first, with who and when; the report and each amendment with every field's
 * value before and after, so the original report is always readable), the notes and the referrals.
 */
export function timelineOf(
  events: readonly IncidentEventRow[],
  person: (id: string | null) => PersonRef | null,
  named: Named,
): Pick<IncidentDetailView, 'notes' | 'referrals' | 'timeline'> {
  let current: Record<string, unknown> = {};
  const timeline: IncidentTimelineEntry[] = [];
  const notes: IncidentDetailView['notes'] = [];
  const referrals = new Map<string, IncidentDetailView['referrals'][number]>();
  for (const row of events) {
    const at = row.occurred_at.toISOString();
    const by = person(row.user_id);
    let changes: IncidentTimelineEntry['changes'] = [];
    if (row.type === 'IncidentReported') {
      current = { ...row.data };
      changes = FIELDS.filter(([key]) => row.data[key] !== null && row.data[key] !== undefined).map(([key, label]) => ({
        field: label,
        before: null,
        after: shown(key, row.data[key], named),
      }));
    } else if (row.type === 'IncidentAmended') {
      const amended = (row.data.changes ?? {}) as Record<string, unknown>;
      changes = FIELDS.filter(([key]) => key in amended).map(([key, label]) => ({
        field: label,
        before: shown(key, current[key], named),
        after: shown(key, amended[key], named),
      }));
      current = { ...current, ...amended };
    } else if (row.type === 'IncidentEscalated') {
      current = { ...current, severity: row.data.severity };
    } else if (row.type === 'IncidentNoteAdded') {
      notes.push({ id: str(row.data.noteId), note: str(row.data.note), by, at });
    } else if (row.type === 'IncidentSafeguardingReferred') {
      referrals.set(str(row.data.referralId), {
        id: str(row.data.referralId),
        referredOn: str(row.data.referredOn),
        referredTo: str(row.data.referredTo),
        localAuthorityReference: (row.data.localAuthorityReference as string | null) ?? null,
        outcome: (row.data.outcome as string | null) ?? null,
        by,
        at,
      });
    } else if (row.type === 'IncidentSafeguardingReferralUpdated') {
      const referral = referrals.get(str(row.data.referralId));
      if (referral) {
        if (row.data.localAuthorityReference !== undefined)
          referral.localAuthorityReference = (row.data.localAuthorityReference as string | null) ?? null;
        if (row.data.outcome !== undefined) referral.outcome = (row.data.outcome as string | null) ?? null;
      }
    }
    timeline.push({
      eventId: row.event_id,
      revision: row.revision,
      type: row.type,
      at,
      by,
      summary: summaryOf(row),
      changes,
    });
  }
  return { notes, referrals: [...referrals.values()], timeline };
}
