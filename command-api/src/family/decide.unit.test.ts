import { describe, expect, it } from 'vitest';
import {
  ATTORNEY_REFERENCE_REQUIRED,
  CONSENT_RECORDED_AT_REQUIRED,
  CONSENT_RECORDED_BY_REQUIRED,
  type FamilyAccessEvent,
} from '@care/events';
import { refusal as refusalOf } from '../shared/refusal.testing';
import {
  ACCESS_NOT_FOUND,
  ALREADY_INVITED,
  decideAccept,
  decideInvite,
  decideWithdraw,
  INVITATION_INVALID,
  STAFF_EMAIL,
  type InviteContext,
  type InviteFamilyMember,
} from './decide';
import { evolveFamilyAccess, initialFamilyAccessState, type FamilyAccessState } from './family-access-state';

const accessId = '0190a5b2-7c3d-7e4f-8a1b-0000000000a1';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-0000000000c1';
const userId = '0190a5b2-7c3d-7e4f-8a1b-0000000000f1';
const consent = { recordedBy: 'Ada Admin', recordedAt: '2026-11-01T10:00:00.000Z' };

const invite = (overrides: Partial<InviteFamilyMember> = {}): InviteFamilyMember => ({
  type: 'InviteFamilyMember',
  accessId,
  clientId,
  userId,
  email: 'paula@example.org',
  name: 'Paula Green',
  relationship: 'relative',
  consent,
  attorneyReference: undefined,
  shareMedications: true,
  ...overrides,
});
const newPerson: InviteContext = { existingRole: null, accessesToClient: [] };

const invited: FamilyAccessEvent = {
  type: 'FamilyMemberInvited',
  data: {
    accessId,
    clientId,
    userId,
    email: 'paula@example.org',
    name: 'Paula Green',
    relationship: 'relative',
    consent,
    shareMedications: true,
  },
};
const accepted: FamilyAccessEvent = { type: 'FamilyInvitationAccepted', data: { accessId, userId } };
const withdrawn: FamilyAccessEvent = { type: 'FamilyAccessWithdrawn', data: { accessId, userId, reason: 'Asked' } };
const given = (...events: FamilyAccessEvent[]): FamilyAccessState =>
  events.reduce(evolveFamilyAccess, initialFamilyAccessState);

describe('family invitations: given the account and its accesses, when invited, then the invitation or a refusal', () => {
  it('invites a relative with the consent who recorded it and when', () => {
    expect(decideInvite(invite(), newPerson)).toEqual([invited]);
  });

  it("refuses a relative without the client's consent, naming the missing field", () => {
    expect(refusalOf(() => decideInvite(invite({ consent: undefined }), newPerson))).toEqual({
      kind: 'invalid',
      message: CONSENT_RECORDED_BY_REQUIRED,
      field: 'consentRecordedBy',
    });
    expect(refusalOf(() => decideInvite(invite({ consent: { recordedBy: 'Ada Admin' } }), newPerson))).toEqual({
      kind: 'invalid',
      message: CONSENT_RECORDED_AT_REQUIRED,
      field: 'consentRecordedAt',
    });
  });

  it("refuses an attorney without the lasting power of attorney's reference, and keeps only the reference", () => {
    expect(refusalOf(() => decideInvite(invite({ relationship: 'attorney' }), newPerson))).toEqual({
      kind: 'invalid',
      message: ATTORNEY_REFERENCE_REQUIRED,
      field: 'attorneyReference',
    });
    const [event] = decideInvite(invite({ relationship: 'attorney', attorneyReference: 'LPA-7731' }), newPerson);
    expect(event?.data).toMatchObject({ relationship: 'attorney', attorneyReference: 'LPA-7731' });
    expect(event?.data).not.toHaveProperty('consent');
  });

  it('invites the client themself with neither consent nor reference', () => {
    const [event] = decideInvite(invite({ relationship: 'client', consent: undefined }), newPerson);
    expect(event?.data).toMatchObject({ relationship: 'client', shareMedications: true });
  });

  it("refuses a staff account's email (409 on the email)", () => {
    for (const role of ['admin', 'coordinator', 'carer', 'auditor'] as const) {
      expect(refusalOf(() => decideInvite(invite(), { ...newPerson, existingRole: role }))).toEqual({
        kind: 'conflict',
        message: STAFF_EMAIL,
        field: 'email',
      });
    }
  });

  it('ties an existing family account to another client', () => {
    expect(decideInvite(invite(), { existingRole: 'family', accessesToClient: [] })).toEqual([invited]);
  });

  it('refuses a second invitation of the same person to the same client while one is waiting or active', () => {
    for (const access of [given(invited), given(invited, accepted)]) {
      expect(refusalOf(() => decideInvite(invite(), { existingRole: 'family', accessesToClient: [access] }))).toEqual({
        kind: 'conflict',
        message: ALREADY_INVITED,
        field: 'email',
      });
    }
  });

  it('invites again after a withdrawal (a new access)', () => {
    const context = { existingRole: 'family' as const, accessesToClient: [given(invited, accepted, withdrawn)] };
    expect(decideInvite(invite(), context)).toEqual([invited]);
  });
});

describe('accepting and withdrawing', () => {
  it('activates an invited access once; a second acceptance changes nothing', () => {
    expect(decideAccept(given(invited), userId)).toEqual([accepted]);
    expect(decideAccept(given(invited, accepted), userId)).toEqual([]);
  });

  it('refuses to accept a withdrawn or unknown access, or one for another account', () => {
    const refused = { kind: 'invalid', message: INVITATION_INVALID, field: 'token' };
    expect(refusalOf(() => decideAccept(given(invited, withdrawn), userId))).toEqual(refused);
    expect(refusalOf(() => decideAccept(given(), userId))).toEqual(refused);
    expect(refusalOf(() => decideAccept(given(invited), clientId))).toEqual(refused);
  });

  it('withdraws an invited or active access with the reason; again changes nothing', () => {
    expect(decideWithdraw(given(invited, accepted), 'Asked')).toEqual([withdrawn]);
    expect(decideWithdraw(given(invited), 'Asked')).toEqual([withdrawn]);
    expect(decideWithdraw(given(invited, withdrawn), 'Asked')).toEqual([]);
  });

  it('refuses to withdraw an access that does not exist (404)', () => {
    expect(refusalOf(() => decideWithdraw(given(), 'Asked'))).toEqual({
      kind: 'not_found',
      message: ACCESS_NOT_FOUND,
      field: undefined,
    });
  });
});
