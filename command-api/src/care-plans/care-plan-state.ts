import { definedOnly, type CarePlanContent, type CarePlanEvent, type CarePlanStatus } from '@care/events';
import { assertNever } from '../shared/assert-never';

export type CarePlanState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly clientId: string;
      readonly status: CarePlanStatus;
      readonly content: CarePlanContent;
      readonly version: number;
      /** The latest version someone consented to (null: none yet). */
      readonly agreedVersion: number | null;
      readonly reviewDate: string;
      /** The version in force at the last review (1 before any): a later version is what a review can call "updated". */
      readonly versionAtLastReview: number;
    };

export const initialCarePlanState: CarePlanState = { exists: false };

/** Folds one care-plan event into the state `decide` needs. Pure. */
export function evolve(state: CarePlanState, event: CarePlanEvent): CarePlanState {
  switch (event.type) {
    case 'CarePlanCreated':
      return {
        exists: true,
        clientId: event.data.clientId,
        status: 'active',
        content: event.data.content,
        version: 1,
        agreedVersion: null,
        reviewDate: event.data.reviewDate,
        versionAtLastReview: 1,
      };
    case 'CarePlanUpdated':
      return state.exists
        ? { ...state, content: { ...state.content, ...definedOnly(event.data.changes) }, version: event.data.version }
        : state;
    case 'CarePlanAgreed':
      return state.exists ? { ...state, agreedVersion: event.data.version } : state;
    case 'CarePlanReviewScheduled':
      return state.exists ? { ...state, reviewDate: event.data.reviewDate } : state;
    case 'CarePlanReviewRecorded':
      return state.exists
        ? { ...state, reviewDate: event.data.nextReviewDate, versionAtLastReview: event.data.version }
        : state;
    case 'CarePlanStatusChanged':
      return state.exists ? { ...state, status: event.data.status } : state;
    default:
      return assertNever(event);
  }
}
