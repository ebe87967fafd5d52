import { describe, expect, it } from 'vitest';
import { foldFamilyAccess, type FamilyAccessRecorded, type FamilyAccessRow } from './family-access-record';

const accessId = '0190a000-0000-7000-8000-000000000001';
const userId = '0190a000-0000-7000-8000-000000000002';
const clientId = '0190a000-0000-7000-8000-000000000003';
const officeId = '0190a000-0000-7000-8000-000000000004';

let revision = 0n;
function recorded<E extends FamilyAccessRecorded>(type: E['type'], data: E['data'], occurredAt: string): E {
  return {
    eventId: `e${revision}`,
    streamId: `family-access-${accessId}`,
    revision: revision++,
    position: { commit: revision, prepare: revision },
    type,
    schemaVersion: 1,
    data,
    metadata: { userId: officeId, occurredAt, correlationId: 'c', causationId: 'c' },
  } as unknown as E;
}

const invited = recorded(
  'FamilyMemberInvited',
  {
    accessId,
    clientId,
    userId,
    email: 'daughter@example.com',
    name: 'Ann Daughter',
    relationship: 'relative',
    consent: { recordedBy: 'Office', recordedAt: '2026-11-01T10:00:00.000Z' },
    shareMedications: true,
  },
  '2026-11-02T09:00:00.000Z',
);
const accepted = recorded('FamilyInvitationAccepted', { accessId, userId }, '2026-11-03T09:00:00.000Z');
const withdrawn = recorded(
  'FamilyAccessWithdrawn',
  { accessId, userId, reason: 'Client asked' },
  '2026-11-04T09:00:00Z',
);

const fold = (events: FamilyAccessRecorded[]): FamilyAccessRow | undefined =>
  events.reduce<FamilyAccessRow | undefined>(foldFamilyAccess, undefined);

describe('the family access row', () => {
  it('is invited with who invited it and the medication choice, until the link is used', () => {
    expect(fold([invited])).toEqual({
      access_id: accessId,
      user_id: userId,
      client_id: clientId,
      email: 'daughter@example.com',
      name: 'Ann Daughter',
      relationship: 'relative',
      status: 'invited',
      share_medications: true,
      invited_at: '2026-11-02T09:00:00.000Z',
      accepted_at: null,
      withdrawn_at: null,
      invited_by: officeId,
      withdrawn_reason: null,
    });
  });

  it('is active from the acceptance, and withdrawn with the reason from the withdrawal', () => {
    expect(fold([invited, accepted])).toMatchObject({ status: 'active', accepted_at: '2026-11-03T09:00:00.000Z' });
    expect(fold([invited, accepted, withdrawn])).toMatchObject({
      status: 'withdrawn',
      accepted_at: '2026-11-03T09:00:00.000Z',
      withdrawn_at: '2026-11-04T09:00:00Z',
      withdrawn_reason: 'Client asked',
    });
  });

  it('stays withdrawn: an acceptance after the withdrawal does not reopen it', () => {
    expect(fold([invited, withdrawn, accepted])).toMatchObject({ status: 'withdrawn', accepted_at: null });
  });

  it('ignores an acceptance of an access it never saw invited', () => {
    expect(fold([accepted])).toBeUndefined();
  });
});
