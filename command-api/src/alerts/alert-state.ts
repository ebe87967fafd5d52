import {
  alertAudienceOf,
  alertGroupOf,
  type AlertAudience,
  type AlertRelatedKind,
  type AlertSeverity,
  type AlertSliceEvent,
  type AlertStatus,
} from '@care/events';
import { assertNever } from '../shared/assert-never';

/** What `decide` needs of an alert, and what a follow-up task copies from it. */
export type AlertState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly status: AlertStatus;
      readonly severity: AlertSeverity;
      /** The group it shows in on the lists (null: it stands alone): a group is acknowledged as one. */
      readonly group: string | null;
      /** Who acts on it: a person who does not read this audience is told it does not exist. */
      readonly audience: AlertAudience;
      readonly assignedTo: string | null;
      /** Who closed it last: the system may only reopen what the system resolved (a person's decision stands). */
      readonly lastResolvedBy: 'person' | 'system' | null;
      /** The escalation steps mailed since it was raised or last reopened (reopened, it may escalate again). */
      readonly escalationSteps: readonly number[];
      /** While snoozed: when the snooze ends (null: not snoozed). Acknowledging or resolving ends a snooze. */
      readonly snoozedUntil: string | null;
      readonly title: string;
      readonly description: string;
      readonly dueDate: string | null;
      readonly relatedKind: AlertRelatedKind;
      readonly carerId: string | null;
      readonly clientId: string | null;
      readonly appointmentId: string | null;
    };

export const initialAlertState: AlertState = { exists: false };

/** Folds one alert event into the state `decide` needs. Pure. */
export function evolve(state: AlertState, event: AlertSliceEvent): AlertState {
  switch (event.type) {
    case 'AlertRaised': {
      const { severity, title, description, dueDate, relatedKind, carerId, clientId, appointmentId } = event.data;
      return {
        exists: true,
        status: 'active',
        severity,
        group: alertGroupOf(event.data.rule, event.data.group),
        audience: alertAudienceOf(event.data.rule),
        assignedTo: null,
        lastResolvedBy: null,
        escalationSteps: [],
        snoozedUntil: null,
        title,
        description,
        dueDate,
        relatedKind,
        carerId,
        clientId,
        appointmentId,
      };
    }
    case 'AlertAssigned':
      return state.exists ? { ...state, assignedTo: event.data.assignedTo } : state;
    case 'AlertAcknowledged':
      return state.exists ? { ...state, status: 'acknowledged', snoozedUntil: null } : state;
    case 'AlertEscalated':
      return state.exists ? { ...state, severity: event.data.severity } : state;
    case 'AlertResolved':
      return state.exists ? { ...state, status: 'resolved', lastResolvedBy: event.data.by, snoozedUntil: null } : state;
    case 'AlertReopened':
      // Open again means nobody is on it yet: it counts in the bell until someone acknowledges it again.
      return state.exists ? { ...state, status: 'active', escalationSteps: [] } : state;
    case 'AlertSnoozed':
      return state.exists ? { ...state, snoozedUntil: event.data.until } : state;
    case 'AlertSnoozeEnded':
      return state.exists ? { ...state, snoozedUntil: null } : state;
    case 'AlertEscalationSent':
      return state.exists ? { ...state, escalationSteps: [...state.escalationSteps, event.data.step] } : state;
    default:
      return assertNever(event);
  }
}
