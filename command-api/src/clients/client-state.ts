import { definedOnly, type ClientEvent, type ClientProfile } from '@care/events';
import { assertNever } from '../shared/assert-never';

export type ClientState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly removed: boolean;
      readonly isActive: boolean;
      readonly profile: ClientProfile;
      readonly keyworkerCarerId: string | null;
      readonly preferredCarers: readonly string[];
    };

export const initialClientState: ClientState = { exists: false };

/** Folds one client event into the state `decide` needs. Pure. */
export function evolve(state: ClientState, event: ClientEvent): ClientState {
  switch (event.type) {
    case 'ClientRegistered': {
      const { id: _id, keyworkerCarerId, preferredCarers, isActive, ...registered } = event.data;
      // A registration from before the GP fields or the home's location existed left them out: not recorded,
      // the same as null.
      const profile = {
        ...registered,
        gpPractice: registered.gpPractice ?? null,
        gpPhone: registered.gpPhone ?? null,
        postcode: registered.postcode ?? null,
        latitude: registered.latitude ?? null,
        longitude: registered.longitude ?? null,
      };
      return { exists: true, removed: false, isActive, profile, keyworkerCarerId, preferredCarers };
    }
    case 'ClientDetailsChanged':
      return state.exists ? { ...state, profile: { ...state.profile, ...definedOnly(event.data.changes) } } : state;
    case 'ClientDeactivated':
      return state.exists ? { ...state, isActive: false } : state;
    case 'ClientReactivated':
      return state.exists ? { ...state, isActive: true } : state;
    case 'ClientKeyworkerAssigned':
      return state.exists ? { ...state, keyworkerCarerId: event.data.keyworkerCarerId } : state;
    case 'ClientPreferredCarersSet':
      return state.exists ? { ...state, preferredCarers: event.data.carerIds } : state;
    case 'ClientRemoved':
      return state.exists ? { ...state, removed: true } : state;
    default:
      return assertNever(event);
  }
}
