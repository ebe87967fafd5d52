import { definedOnly, type TrainingDetails, type TrainingSliceEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';

export type TrainingState =
  | { readonly exists: false }
  | { readonly exists: true; readonly removed: boolean; readonly details: TrainingDetails };

export const initialTrainingState: TrainingState = { exists: false };

/** Folds one training event into the state `decide` needs. Pure. */
export function evolve(state: TrainingState, event: TrainingSliceEvent): TrainingState {
  switch (event.type) {
    case 'TrainingRecorded': {
      const { id: _id, ...details } = event.data;
      return { exists: true, removed: false, details };
    }
    case 'TrainingRecordUpdated':
      return state.exists ? { ...state, details: { ...state.details, ...definedOnly(event.data.changes) } } : state;
    case 'TrainingRenewed': {
      if (!state.exists) return state;
      const { completedDate, expiryDate, certificateNumber } = event.data;
      return {
        ...state,
        details: { ...state.details, completedDate, expiryDate, certificateNumber, status: 'current' },
      };
    }
    case 'TrainingRecordRemoved':
      return state.exists ? { ...state, removed: true } : state;
    default:
      return assertNever(event);
  }
}
