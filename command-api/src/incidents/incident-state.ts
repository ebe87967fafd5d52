import {
  definedOnly,
  londonToday,
  type EventMetadata,
  type IncidentDetails,
  type IncidentDuty,
  type IncidentDutyReason,
  type IncidentSliceEvent,
  type IncidentStatus,
} from '@care/events';
import { assertNever } from '../shared/assert-never';

/** An incident event as read from its stream: the report's metadata says when the agency learnt of it. */
export type IncidentStreamEvent = IncidentSliceEvent & { readonly metadata: Pick<EventMetadata, 'occurredAt'> };

export interface DutyState {
  readonly reason: IncidentDutyReason;
  readonly dueDate: string;
  readonly steps: ReadonlySet<string>;
}

export type IncidentState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly status: IncidentStatus;
      readonly details: IncidentDetails;
      /** London date of the report: when the agency became aware (duty due dates count from it). */
      readonly reportedOn: string;
      readonly followUpDone: boolean;
      readonly escalatedTo: string | null;
      readonly referrals: ReadonlySet<string>;
      readonly duties: ReadonlyMap<IncidentDuty, DutyState>;
    };

export const initialIncidentState: IncidentState = { exists: false };

/** Folds one incident event into the state `decide` needs. Pure. */
export function evolve(state: IncidentState, event: IncidentStreamEvent): IncidentState {
  if (event.type === 'IncidentReported') {
    const { id: _id, appointmentId: _appointmentId, diaryEntryId: _diaryEntryId, ...details } = event.data;
    return {
      exists: true,
      status: 'reported',
      details,
      reportedOn: londonToday(new Date(event.metadata.occurredAt)),
      followUpDone: false,
      escalatedTo: null,
      referrals: new Set(),
      duties: new Map(),
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'IncidentAmended':
      return { ...state, details: { ...state.details, ...definedOnly(event.data.changes) } };
    case 'IncidentInvestigationStarted':
      return { ...state, status: 'investigating' };
    case 'IncidentNoteAdded':
      return state;
    case 'IncidentFollowUpCompleted':
      return { ...state, followUpDone: true };
    case 'IncidentResolved':
      return { ...state, status: 'resolved' };
    case 'IncidentClosed':
      return { ...state, status: 'closed' };
    case 'IncidentReopened':
      return { ...state, status: 'investigating' };
    case 'IncidentEscalated':
      return {
        ...state,
        details: { ...state.details, severity: event.data.severity },
        escalatedTo: event.data.escalatedTo ?? state.escalatedTo,
      };
    case 'IncidentSafeguardingReferred':
      return { ...state, referrals: new Set([...state.referrals, event.data.referralId]) };
    case 'IncidentSafeguardingReferralUpdated':
      return state;
    case 'IncidentDutyIdentified': {
      const duties = new Map(state.duties);
      duties.set(event.data.duty, { reason: event.data.reason, dueDate: event.data.dueDate, steps: new Set() });
      return { ...state, duties };
    }
    case 'IncidentDutyStepRecorded': {
      const current = state.duties.get(event.data.duty);
      if (!current) return state;
      const duties = new Map(state.duties);
      duties.set(event.data.duty, { ...current, steps: new Set([...current.steps, event.data.step]) });
      return { ...state, duties };
    }
    default:
      return assertNever(event);
  }
}
