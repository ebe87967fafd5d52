import { describe, expect, it } from 'vitest';
import { changeOwnPasswordRequestSchema } from '../account/account-request';
import { raiseEmergencyRequestSchema } from './emergency-request';

describe('Raise emergency', () => {
  it('takes the position, or null when the browser shares none, and nothing else is required', () => {
    expect(raiseEmergencyRequestSchema.parse({ location: null })).toEqual({
      appointmentId: null,
      location: null,
      note: null,
    });
    expect(
      raiseEmergencyRequestSchema.parse({
        location: { latitude: 53.8, longitude: -1.55, accuracy: 20 },
        appointmentId: '',
      }),
    ).toEqual({
      appointmentId: null,
      location: { latitude: 53.8, longitude: -1.55, accuracy: 20, address: null },
      note: null,
    });
  });

  it('refuses a request that does not say where (so an empty one raises nothing) and an impossible position', () => {
    const empty = raiseEmergencyRequestSchema.safeParse({});
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['location', 'Location is required: the position, or null when none is shared'],
    ]);
    const far = raiseEmergencyRequestSchema.safeParse({ location: { latitude: 91, longitude: 0 } });
    expect(far.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['location.latitude']);
    expect(raiseEmergencyRequestSchema.safeParse({ location: null, appointmentId: 'visit-1' }).success).toBe(false);
  });
});

describe('Change password', () => {
  it('needs the current password and a new one of at least 12 characters that differs from it', () => {
    const issues = (input: unknown) =>
      changeOwnPasswordRequestSchema
        .safeParse(input)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ currentPassword: '', newPassword: 'short' })).toEqual([
      ['currentPassword', 'Current password is required'],
      ['newPassword', 'Password must be at least 12 characters'],
    ]);
    expect(issues({ currentPassword: 'the same passphrase', newPassword: 'the same passphrase' })).toEqual([
      ['newPassword', 'New password must differ from the current one'],
    ]);
    expect(
      changeOwnPasswordRequestSchema.safeParse({
        currentPassword: 'old passphrase here',
        newPassword: 'new passphrase here',
      }).success,
    ).toBe(true);
  });
});
