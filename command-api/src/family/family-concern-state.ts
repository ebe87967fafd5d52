import type { FamilyConcernEvent, FamilyConcernKind } from '@care/events';
import { assertNever } from '../shared/assert-never';

/** One family message as decide needs it: whose client it is about, and whether the office has answered. */
export type FamilyConcernState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly concernId: string;
      readonly clientId: string;
      readonly kind: FamilyConcernKind;
      readonly answered: boolean;
    };

export const initialFamilyConcernState: FamilyConcernState = { exists: false };

/** Folds one event of a `family-concern-<id>` stream. Pure. */
export function evolveFamilyConcern(state: FamilyConcernState, event: FamilyConcernEvent): FamilyConcernState {
  switch (event.type) {
    case 'FamilyConcernRaised': {
      const { concernId, clientId, kind } = event.data;
      return { exists: true, concernId, clientId, kind, answered: false };
    }
    case 'FamilyConcernAnswered':
      return state.exists ? { ...state, answered: true } : state;
    default:
      return assertNever(event);
  }
}
