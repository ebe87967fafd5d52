import {
  definedOnly,
  type AppointmentEvent,
  type AppointmentPlan,
  type AppointmentStatus,
  type VisitOutcome,
} from '@care/events';
import { assertNever } from '../shared/assert-never';

export interface ExistingAppointment {
  readonly exists: true;
  readonly status: AppointmentStatus;
  readonly carerId: string | null;
  readonly seriesId: string | null;
  readonly plan: AppointmentPlan;
  /** Raised by the timeliness policy while scheduled; a reschedule clears it (the new start has not passed). */
  readonly runningLate: boolean;
  readonly checkedInAt: string | null;
  readonly lateReason: string | null;
  /** Set by the check-out, corrected by amendments. */
  readonly outcome: VisitOutcome | null;
}

export type AppointmentState = { readonly exists: false } | ExistingAppointment;

export const initialAppointmentState: AppointmentState = { exists: false };

/** The planned end: start plus duration. */
export function scheduledEndOf(plan: Pick<AppointmentPlan, 'scheduledStart' | 'durationMinutes'>): string {
  return new Date(Date.parse(plan.scheduledStart) + plan.durationMinutes * 60_000).toISOString();
}

/** Folds one appointment event into the state `decide` needs. Pure. */
export function evolve(state: AppointmentState, event: AppointmentEvent): AppointmentState {
  if (event.type === 'AppointmentScheduled') {
    const { id: _id, carerId, seriesId, ...plan } = event.data;
    return {
      exists: true,
      status: 'scheduled',
      carerId,
      seriesId,
      plan,
      runningLate: false,
      checkedInAt: null,
      lateReason: null,
      outcome: null,
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'AppointmentCarerAssigned':
      return { ...state, carerId: event.data.carerId };
    case 'AppointmentCarerUnassigned':
      return { ...state, carerId: null };
    case 'AppointmentRescheduled':
      return {
        ...state,
        plan: { ...state.plan, scheduledStart: event.data.scheduledStart, durationMinutes: event.data.durationMinutes },
        runningLate: false,
      };
    case 'AppointmentDetailsChanged':
      return { ...state, plan: { ...state.plan, ...definedOnly(event.data.changes) } };
    case 'AppointmentCancelled':
      return { ...state, status: 'cancelled' };
    case 'AppointmentNoShowRecorded':
      return { ...state, status: 'no_show' };
    case 'VisitRunningLate':
      return { ...state, runningLate: true };
    case 'VisitMissed':
      return { ...state, status: 'missed' };
    case 'VisitCheckedIn':
      return {
        ...state,
        status: 'in_progress',
        checkedInAt: event.data.checkedInAt,
        lateReason: event.data.lateReason,
      };
    case 'VisitCheckedOut': {
      const {
        id: _id,
        location: _location,
        source: _source,
        manualInputReason: _reason,
        recordedAt: _recordedAt,
        handEnteredReason: _handReason,
        ...outcome
      } = event.data;
      return { ...state, status: 'completed', outcome };
    }
    case 'VisitAmended': {
      const { checkedInAt, lateReason, ...outcomeChanges } = definedOnly(event.data.changes);
      return {
        ...state,
        checkedInAt: checkedInAt ?? state.checkedInAt,
        lateReason: lateReason !== undefined ? lateReason : state.lateReason,
        outcome: state.outcome ? { ...state.outcome, ...outcomeChanges } : state.outcome,
      };
    }
    default:
      return assertNever(event);
  }
}
