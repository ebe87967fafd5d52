import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { checkLinkableAccount, NO_SUCH_ACCOUNT, NOT_A_CARER_ACCOUNT } from './carer-account';
import type { UserState } from '../users/user-state';

const account = (role: 'admin' | 'coordinator' | 'carer'): UserState => ({
  exists: true,
  email: 'a@example.org',
  role,
  isActive: true,
  hasPassword: true,
  profile: { firstName: 'A', lastName: 'B', region: null, profileImageUrl: null },
});

function refusal(state: UserState) {
  try {
    checkLinkableAccount(state);
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? { kind: error.kind, message: error.message, field: error.field } : error;
  }
}

describe('which account may be linked to a carer', () => {
  it('a carer account may', () => {
    expect(refusal(account('carer'))).toBeUndefined();
  });

  it('an unknown account or another role is refused on userId', () => {
    expect(refusal({ exists: false })).toEqual({ kind: 'invalid', message: NO_SUCH_ACCOUNT, field: 'userId' });
    for (const role of ['admin', 'coordinator'] as const) {
      expect(refusal(account(role))).toEqual({ kind: 'invalid', message: NOT_A_CARER_ACCOUNT, field: 'userId' });
    }
  });
});
