import { DEFAULT_TRAVEL_MODE, type CarerEvent, type CarerProfile } from '@care/events';
import { assertNever } from '../shared/assert-never';

export type CarerState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly removed: boolean;
      readonly isActive: boolean;
      /** The account that signs in as this carer, or null. */
      readonly userId: string | null;
      readonly profile: CarerProfile;
    };

export const initialCarerState: CarerState = { exists: false };

/** Folds one carer event into the state `decide` needs. Pure. */
export function evolve(state: CarerState, event: CarerEvent): CarerState {
  switch (event.type) {
    case 'CarerRegistered': {
      const { carerId: _carerId, userId, isActive, ...registered } = event.data;
      // A carer registered before travel modes were recorded drives.
      const profile = { ...registered, travelMode: registered.travelMode ?? DEFAULT_TRAVEL_MODE };
      return { exists: true, removed: false, isActive, userId, profile };
    }
    case 'CarerDetailsChanged':
      return state.exists ? { ...state, profile: { ...state.profile, ...stripUndefined(event.data.changes) } } : state;
    case 'CarerDeactivated':
      return state.exists ? { ...state, isActive: false } : state;
    case 'CarerReactivated':
      return state.exists ? { ...state, isActive: true } : state;
    case 'CarerRemoved':
      return state.exists ? { ...state, removed: true } : state;
    case 'CarerAccountLinked':
      return state.exists ? { ...state, userId: event.data.userId } : state;
    case 'CarerAccountUnlinked':
      return state.exists ? { ...state, userId: null } : state;
    default:
      return assertNever(event);
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
