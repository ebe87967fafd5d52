import { INITIAL_FEEDBACK_STATUS, type FeedbackSliceEvent, type FeedbackStatus, type FeedbackType } from '@care/events';
import { assertNever } from '../shared/assert-never';

export type FeedbackState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly type: FeedbackType;
      readonly status: FeedbackStatus;
      readonly adminNotes: string | null;
    };

export const initialFeedbackState: FeedbackState = { exists: false };

/** Folds one feedback event into the state `decide` needs. Pure. */
export function evolve(state: FeedbackState, event: FeedbackSliceEvent): FeedbackState {
  switch (event.type) {
    case 'FeedbackSubmitted':
      return { exists: true, type: event.data.type, status: INITIAL_FEEDBACK_STATUS, adminNotes: null };
    case 'FeedbackStatusChanged':
      return state.exists ? { ...state, status: event.data.status } : state;
    case 'FeedbackAdminNotesChanged':
      return state.exists ? { ...state, adminNotes: event.data.adminNotes } : state;
    default:
      return assertNever(event);
  }
}
