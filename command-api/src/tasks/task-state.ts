import { definedOnly, type TaskDetails, type TaskSliceEvent, type TaskStatus } from '@care/events';
import { assertNever } from '../shared/assert-never';

export type TaskState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly status: TaskStatus;
      readonly assignedTo: string | null;
      readonly details: TaskDetails;
    };

export const initialTaskState: TaskState = { exists: false };

/** Folds one task event into the state `decide` needs. Pure. */
export function evolve(state: TaskState, event: TaskSliceEvent): TaskState {
  switch (event.type) {
    case 'TaskCreated': {
      const { id: _id, assignedTo, alertId: _alertId, ...details } = event.data;
      return { exists: true, status: 'pending', assignedTo, details };
    }
    case 'TaskAssigned':
      return state.exists ? { ...state, assignedTo: event.data.assignedTo } : state;
    case 'TaskDetailsChanged':
      return state.exists ? { ...state, details: { ...state.details, ...definedOnly(event.data.changes) } } : state;
    case 'TaskStarted':
      return state.exists ? { ...state, status: 'in_progress' } : state;
    case 'TaskCompleted':
      return state.exists ? { ...state, status: 'completed' } : state;
    case 'TaskCancelled':
      return state.exists ? { ...state, status: 'cancelled' } : state;
    case 'TaskReopened':
      return state.exists ? { ...state, status: 'pending' } : state;
    default:
      return assertNever(event);
  }
}
