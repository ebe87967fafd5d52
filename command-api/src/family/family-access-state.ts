import type { FamilyAccessEvent, FamilyAccessStatus, FamilyMemberEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';

/** One access as decide needs it. */
export type FamilyAccessState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly accessId: string;
      readonly userId: string;
      readonly clientId: string;
      readonly status: FamilyAccessStatus;
    };

export const initialFamilyAccessState: FamilyAccessState = { exists: false };

/** Folds one access event. Pure. */
export function evolveFamilyAccess(state: FamilyAccessState, event: FamilyAccessEvent): FamilyAccessState {
  switch (event.type) {
    case 'FamilyMemberInvited': {
      const { accessId, userId, clientId } = event.data;
      return { exists: true, accessId, userId, clientId, status: 'invited' };
    }
    case 'FamilyInvitationAccepted':
      return state.exists && state.status === 'invited' ? { ...state, status: 'active' } : state;
    case 'FamilyAccessWithdrawn':
      return state.exists ? { ...state, status: 'withdrawn' } : state;
    default:
      return assertNever(event);
  }
}

/** The accesses one account was ever given (its index stream `family-member-<userId>`). */
export interface FamilyMemberState {
  readonly accesses: readonly { readonly accessId: string; readonly clientId: string }[];
}

export const initialFamilyMemberState: FamilyMemberState = { accesses: [] };

export function evolveFamilyMember(state: FamilyMemberState, event: FamilyMemberEvent): FamilyMemberState {
  return { accesses: [...state.accesses, { accessId: event.data.accessId, clientId: event.data.clientId }] };
}
