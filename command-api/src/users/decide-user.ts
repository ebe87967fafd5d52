import type { Role, UserEvent, UserProfile } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { UserState } from './user-state';

export type UserCommand =
  | { type: 'RegisterUser'; userId: string; email: string; role: Role; profile: UserProfile }
  | { type: 'ChangeUserProfile'; userId: string; changes: Partial<UserProfile> }
  | { type: 'ChangeUserRole'; userId: string; role: Role; actorId: string }
  | { type: 'DeactivateUser'; userId: string; actorId: string }
  | { type: 'ReactivateUser'; userId: string }
  | { type: 'SetPassword'; userId: string; reason: 'initial' | 'reset' | 'admin' | 'self' };

export const USER_NOT_FOUND = 'User not found';
export const OWN_ROLE = 'You cannot change your own role';
/** A family account is tied to clients by its invitations; making it staff would hand a relative the office's rights. */
export const FAMILY_ROLE = "A family account's role cannot be changed";
export const OWN_ACCOUNT = 'You cannot deactivate your own account';

/**
 * Pure rules of an account. An admin cannot demote or deactivate themselves, so the platform
 * always keeps the administrator who is acting.
 */
export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.exists) throw new DomainError('conflict', 'User already exists');
    const { userId, email, role, profile } = command;
    return [
      { type: 'UserRegistered', data: { userId, email, role, ...profile } },
      { type: 'UserPasswordSet', data: { userId, reason: 'initial' } },
    ];
  }
  if (!state.exists) throw new DomainError('not_found', USER_NOT_FOUND);
  switch (command.type) {
    case 'ChangeUserProfile': {
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([key, value]) => value !== undefined && state.profile[key as keyof UserProfile] !== value,
        ),
      ) as Partial<UserProfile>;
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'UserProfileChanged', data: { userId: command.userId, changes } }];
    }
    case 'ChangeUserRole':
      if (command.actorId === command.userId) throw new DomainError('conflict', OWN_ROLE, 'role');
      if (state.role === 'family') throw new DomainError('conflict', FAMILY_ROLE, 'role');
      if (state.role === command.role) return [];
      return [
        { type: 'UserRoleChanged', data: { userId: command.userId, role: command.role, previousRole: state.role } },
      ];
    case 'DeactivateUser':
      if (command.actorId === command.userId) throw new DomainError('conflict', OWN_ACCOUNT);
      return state.isActive ? [{ type: 'UserDeactivated', data: { userId: command.userId } }] : [];
    case 'ReactivateUser':
      return state.isActive ? [] : [{ type: 'UserReactivated', data: { userId: command.userId } }];
    case 'SetPassword':
      return [{ type: 'UserPasswordSet', data: { userId: command.userId, reason: command.reason } }];
    default:
      return assertNever(command);
  }
}
