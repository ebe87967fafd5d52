import { describe, expect, it } from 'vitest';
import type { UserEvent, UserProfile } from '@care/events';
import { refusal as refusalOf } from '../shared/refusal.testing';
import { decideUser, FAMILY_ROLE, OWN_ACCOUNT, OWN_ROLE, USER_NOT_FOUND, type UserCommand } from './decide-user';
import { evolveUser, initialUserState, type UserState } from './user-state';

const userId = '0190a5b2-7c3d-7e4f-8a1b-00000000000a';
const adminId = '0190a5b2-7c3d-7e4f-8a1b-0000000000ad';
const profile: UserProfile = { firstName: 'Cora', lastName: 'Ndiaye', region: 'north', profileImageUrl: null };
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'cora@example.org', role: 'carer', ...profile },
};

const given = (...events: UserEvent[]): UserState => events.reduce(evolveUser, initialUserState);
const refusal = (command: UserCommand, state: UserState) => refusalOf(() => decideUser(command, state));

describe('user accounts: given events, when a command, then events or a refusal', () => {
  it('registers a new account and records that its first password was set (never the password)', () => {
    const events = decideUser(
      { type: 'RegisterUser', userId, email: 'cora@example.org', role: 'carer', profile },
      given(),
    );
    expect(events).toEqual([registered, { type: 'UserPasswordSet', data: { userId, reason: 'initial' } }]);
    expect(JSON.stringify(events)).not.toMatch(/password"\s*:/i);
  });

  it('knows whether the account has a password: not from registration alone (a family account), then from the first one set', () => {
    expect(given(registered)).toMatchObject({ exists: true, hasPassword: false });
    const passwordSet: UserEvent = { type: 'UserPasswordSet', data: { userId, reason: 'initial' } };
    expect(given(registered, passwordSet)).toMatchObject({ exists: true, hasPassword: true });
    expect(given(registered, passwordSet, { type: 'UserDeactivated', data: { userId } })).toMatchObject({
      isActive: false,
      hasPassword: true,
    });
  });

  it('refuses to register the same account twice', () => {
    const command: UserCommand = { type: 'RegisterUser', userId, email: 'x@example.org', role: 'carer', profile };
    expect(refusal(command, given(registered))).toEqual({
      kind: 'conflict',
      message: 'User already exists',
      field: undefined,
    });
  });

  it('refuses every change to an account that does not exist', () => {
    for (const command of [
      { type: 'ChangeUserRole', userId, role: 'admin', actorId: adminId },
      { type: 'DeactivateUser', userId, actorId: adminId },
      { type: 'ReactivateUser', userId },
      { type: 'ChangeUserProfile', userId, changes: { firstName: 'X' } },
      { type: 'SetPassword', userId, reason: 'admin' },
    ] satisfies UserCommand[]) {
      expect(refusal(command, given()).kind).toBe('not_found');
      expect(refusal(command, given()).message).toBe(USER_NOT_FOUND);
    }
  });

  it("refuses to change a family account's role: a relative never becomes staff", () => {
    const family: UserEvent = { ...registered, data: { ...registered.data, role: 'family' } } as UserEvent;
    expect(refusal({ type: 'ChangeUserRole', userId, role: 'carer', actorId: adminId }, given(family))).toEqual({
      kind: 'conflict',
      message: FAMILY_ROLE,
      field: 'role',
    });
  });

  it('changes a role and remembers the previous one', () => {
    expect(
      decideUser({ type: 'ChangeUserRole', userId, role: 'coordinator', actorId: adminId }, given(registered)),
    ).toEqual([{ type: 'UserRoleChanged', data: { userId, role: 'coordinator', previousRole: 'carer' } }]);
  });

  it('records nothing when the role is already the one asked for', () => {
    expect(decideUser({ type: 'ChangeUserRole', userId, role: 'carer', actorId: adminId }, given(registered))).toEqual(
      [],
    );
  });

  it('refuses an administrator changing their own role', () => {
    expect(refusal({ type: 'ChangeUserRole', userId, role: 'carer', actorId: userId }, given(registered))).toEqual({
      kind: 'conflict',
      message: OWN_ROLE,
      field: 'role',
    });
  });

  it('deactivates an active account, once', () => {
    const command: UserCommand = { type: 'DeactivateUser', userId, actorId: adminId };
    const events = decideUser(command, given(registered));
    expect(events).toEqual([{ type: 'UserDeactivated', data: { userId } }]);
    expect(decideUser(command, given(registered, ...events))).toEqual([]);
  });

  it('refuses an administrator deactivating their own account', () => {
    expect(refusal({ type: 'DeactivateUser', userId, actorId: userId }, given(registered)).message).toBe(OWN_ACCOUNT);
  });

  it('reactivates only a deactivated account', () => {
    const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId } };
    expect(decideUser({ type: 'ReactivateUser', userId }, given(registered))).toEqual([]);
    expect(decideUser({ type: 'ReactivateUser', userId }, given(registered, deactivated))).toEqual([
      { type: 'UserReactivated', data: { userId } },
    ]);
  });

  it('records only the profile fields that really change', () => {
    const command: UserCommand = {
      type: 'ChangeUserProfile',
      userId,
      changes: { firstName: 'Cora', lastName: 'Diallo', region: null },
    };
    expect(decideUser(command, given(registered))).toEqual([
      { type: 'UserProfileChanged', data: { userId, changes: { lastName: 'Diallo', region: null } } },
    ]);
    expect(
      decideUser({ type: 'ChangeUserProfile', userId, changes: { firstName: 'Cora' } }, given(registered)),
    ).toEqual([]);
  });

  it('records a password change with its reason', () => {
    expect(decideUser({ type: 'SetPassword', userId, reason: 'reset' }, given(registered))).toEqual([
      { type: 'UserPasswordSet', data: { userId, reason: 'reset' } },
    ]);
  });
});
