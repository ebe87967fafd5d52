import type { Insertable, Selectable } from 'kysely';
import { dutyMet, type IncidentSliceEvent, type RecordedEvent } from '@care/events';
import { iso, isoOrNull } from '../shared/fold-batch';
import type { IncidentDutyRecord, IncidentsTable } from './incident-tables';

/** A row of `incidents` as the projection folds it in memory: instants as ISO text. */
export type IncidentRecord = Omit<
  Selectable<IncidentsTable>,
  | 'date_occurred'
  | 'escalated_at'
  | 'resolved_at'
  | 'first_resolved_at'
  | 'closed_at'
  | 'created_at'
  | 'updated_at'
  | 'revision'
  | 'duties'
> & {
  date_occurred: string;
  escalated_at: string | null;
  resolved_at: string | null;
  first_resolved_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
  revision: string;
  duties: IncidentDutyRecord[];
};

export type IncidentRecorded = RecordedEvent<IncidentSliceEvent>;

export function recordOf(row: Selectable<IncidentsTable>): IncidentRecord {
  return {
    ...row,
    date_occurred: iso(row.date_occurred),
    escalated_at: isoOrNull(row.escalated_at),
    resolved_at: isoOrNull(row.resolved_at),
    first_resolved_at: isoOrNull(row.first_resolved_at),
    closed_at: isoOrNull(row.closed_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    revision: String(row.revision),
  };
}

export const rowOf = (record: IncidentRecord): Insertable<IncidentsTable> => ({
  ...record,
  duties: JSON.stringify(record.duties),
});

/** The earliest due date among duties not yet met. */
function nextDue(duties: readonly IncidentDutyRecord[]): string | null {
  const open = duties.filter((duty) => !duty.met).map((duty) => duty.dueDate);
  return open.length === 0 ? null : open.sort()[0]!;
}

function withDuties(duties: IncidentDutyRecord[]): Pick<IncidentRecord, 'duties' | 'next_duty_due'> {
  return { duties, next_duty_due: nextDue(duties) };
}

/** The row after one event (a pure fold); undefined for an event about an incident this projection never saw reported. */
export function evolveIncident(
  current: IncidentRecord | undefined,
  event: IncidentRecorded,
): IncidentRecord | undefined {
  const at = iso(event.metadata.occurredAt);
  const stamp = { revision: String(event.revision), updated_at: at };
  if (event.type === 'IncidentReported') {
    const data = event.data;
    return {
      id: data.id,
      type: data.type,
      severity: data.severity,
      title: data.title,
      description: data.description,
      location: data.location,
      client_id: data.clientId,
      carer_id: data.carerId,
      reported_by: event.metadata.userId,
      witness_details: data.witnessDetails,
      immediate_action: data.immediateAction,
      follow_up_required: data.followUpRequired,
      follow_up_notes: data.followUpNotes,
      follow_up_done_notes: null,
      follow_up_waived_reason: null,
      status: 'reported',
      date_occurred: iso(data.dateOccurred),
      appointment_id: data.appointmentId,
      diary_entry_id: data.diaryEntryId,
      escalated: false,
      escalated_to: null,
      escalated_at: null,
      escalation_reason: null,
      resolution_summary: null,
      resolved_at: null,
      first_resolved_at: null,
      closed_at: null,
      amended: false,
      notes_count: 0,
      referrals_count: 0,
      duties: [],
      next_duty_due: null,
      created_at: at,
      ...stamp,
    };
  }
  if (!current) return undefined;
  switch (event.type) {
    case 'IncidentAmended': {
      const changes = event.data.changes;
      return {
        ...current,
        ...(changes.type !== undefined && { type: changes.type }),
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.location !== undefined && { location: changes.location }),
        ...(changes.clientId !== undefined && { client_id: changes.clientId }),
        ...(changes.carerId !== undefined && { carer_id: changes.carerId }),
        ...(changes.witnessDetails !== undefined && { witness_details: changes.witnessDetails }),
        ...(changes.immediateAction !== undefined && { immediate_action: changes.immediateAction }),
        ...(changes.followUpRequired !== undefined && { follow_up_required: changes.followUpRequired }),
        ...(changes.followUpNotes !== undefined && { follow_up_notes: changes.followUpNotes }),
        ...(changes.dateOccurred !== undefined && { date_occurred: iso(changes.dateOccurred) }),
        amended: true,
        ...stamp,
      };
    }
    case 'IncidentInvestigationStarted':
      return { ...current, status: 'investigating', ...stamp };
    case 'IncidentNoteAdded':
      return { ...current, notes_count: current.notes_count + 1, ...stamp };
    case 'IncidentFollowUpCompleted':
      return { ...current, follow_up_done_notes: event.data.notes, ...stamp };
    case 'IncidentResolved':
      return {
        ...current,
        status: 'resolved',
        resolution_summary: event.data.resolutionSummary,
        resolved_at: at,
        first_resolved_at: current.first_resolved_at ?? at,
        ...stamp,
      };
    case 'IncidentClosed':
      return {
        ...current,
        status: 'closed',
        closed_at: at,
        follow_up_waived_reason: event.data.followUpWaivedReason,
        ...stamp,
      };
    case 'IncidentReopened':
      return { ...current, status: 'investigating', resolved_at: null, closed_at: null, ...stamp };
    case 'IncidentEscalated':
      return {
        ...current,
        severity: event.data.severity,
        escalated: true,
        escalated_to: event.data.escalatedTo ?? current.escalated_to,
        escalated_at: at,
        escalation_reason: event.data.reason,
        ...stamp,
      };
    case 'IncidentSafeguardingReferred':
      return { ...current, referrals_count: current.referrals_count + 1, ...stamp };
    case 'IncidentSafeguardingReferralUpdated':
      return { ...current, ...stamp };
    case 'IncidentDutyIdentified': {
      const duties = [
        ...current.duties.filter((duty) => duty.duty !== event.data.duty),
        { duty: event.data.duty, reason: event.data.reason, dueDate: event.data.dueDate, steps: [], met: false },
      ];
      return { ...current, ...withDuties(duties), ...stamp };
    }
    case 'IncidentDutyStepRecorded': {
      const duties = current.duties.map((duty) => {
        if (duty.duty !== event.data.duty) return duty;
        const steps = [
          ...duty.steps,
          { step: event.data.step, doneOn: event.data.doneOn, reference: event.data.reference },
        ];
        return { ...duty, steps, met: dutyMet(duty.duty, new Set(steps.map((entry) => entry.step))) };
      });
      return { ...current, ...withDuties(duties), ...stamp };
    }
  }
}
