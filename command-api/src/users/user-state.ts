import { definedOnly, type Role, type UserEvent, type UserProfile } from '@care/events';
import { assertNever } from '../shared/assert-never';

export type UserState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly email: string;
      readonly role: Role;
      readonly isActive: boolean;
      /** A password has been set (staff: at creation; a family member: when they accept their first invitation). */
      readonly hasPassword: boolean;
      readonly profile: UserProfile;
    };

export const initialUserState: UserState = { exists: false };

/** Folds one user event into the state `decide` needs. Pure. */
export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId: _userId, email, role, ...profile } = event.data;
      return { exists: true, email, role, isActive: true, hasPassword: false, profile };
    }
    case 'UserProfileChanged':
      return state.exists ? { ...state, profile: { ...state.profile, ...definedOnly(event.data.changes) } } : state;
    case 'UserRoleChanged':
      return state.exists ? { ...state, role: event.data.role } : state;
    case 'UserDeactivated':
      return state.exists ? { ...state, isActive: false } : state;
    case 'UserReactivated':
      return state.exists ? { ...state, isActive: true } : state;
    case 'UserPasswordSet':
      return state.exists ? { ...state, hasPassword: true } : state;
    default:
      return assertNever(event);
  }
}
