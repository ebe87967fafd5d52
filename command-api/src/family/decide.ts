import type { FamilyAccessEvent, FamilyConsent, FamilyRelationship, Role } from '@care/events';
import { ATTORNEY_REFERENCE_REQUIRED, CONSENT_RECORDED_AT_REQUIRED, CONSENT_RECORDED_BY_REQUIRED } from '@care/events';
import { DomainError } from '../shared/domain-error';
import type { FamilyAccessState } from './family-access-state';

export const ACCESS_NOT_FOUND = 'Family access not found';
export const STAFF_EMAIL = 'This email belongs to a staff account: a family member needs an email of their own';
export const ALREADY_INVITED = 'This person already has access to this client, or an invitation waiting';
export const INVITATION_INVALID = 'This invitation link is invalid, has expired or has been withdrawn';

export interface InviteFamilyMember {
  readonly type: 'InviteFamilyMember';
  readonly accessId: string;
  readonly clientId: string;
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly relationship: FamilyRelationship;
  readonly consent: Partial<FamilyConsent> | undefined;
  readonly attorneyReference: string | undefined;
  readonly shareMedications: boolean;
}

/** What invite decides from besides the command: the account that holds the email, and its accesses to this client. */
export interface InviteContext {
  /** The role of the account holding the email, or null when no account holds it yet. */
  readonly existingRole: Role | null;
  readonly accessesToClient: readonly FamilyAccessState[];
}

/**
 * Invite a person to a client's family portal. A relative needs the client's recorded consent (who recorded it,
 * when); an attorney the lasting power of attorney's reference. A staff account's email is refused (a family
 * account is a separate person's login), and so is a second open invitation or access of the same person to the
 * same client. A withdrawn access does not count: inviting again after a withdrawal makes a new access.
 */
export function decideInvite(command: InviteFamilyMember, context: InviteContext): FamilyAccessEvent[] {
  if (command.relationship === 'relative') {
    if (!command.consent?.recordedBy)
      throw new DomainError('invalid', CONSENT_RECORDED_BY_REQUIRED, 'consentRecordedBy');
    if (!command.consent.recordedAt)
      throw new DomainError('invalid', CONSENT_RECORDED_AT_REQUIRED, 'consentRecordedAt');
  }
  if (command.relationship === 'attorney' && !command.attorneyReference) {
    throw new DomainError('invalid', ATTORNEY_REFERENCE_REQUIRED, 'attorneyReference');
  }
  if (context.existingRole !== null && context.existingRole !== 'family') {
    throw new DomainError('conflict', STAFF_EMAIL, 'email');
  }
  if (context.accessesToClient.some((access) => access.exists && access.status !== 'withdrawn')) {
    throw new DomainError('conflict', ALREADY_INVITED, 'email');
  }
  const { accessId, clientId, userId, email, name, relationship, shareMedications } = command;
  return [
    {
      type: 'FamilyMemberInvited',
      data: {
        accessId,
        clientId,
        userId,
        email,
        name,
        relationship,
        // Only the facts the relationship calls for are kept: consent for a relative, the reference for an attorney.
        ...(relationship === 'relative' && command.consent?.recordedBy && command.consent.recordedAt
          ? { consent: { recordedBy: command.consent.recordedBy, recordedAt: command.consent.recordedAt } }
          : {}),
        ...(relationship === 'attorney' && command.attorneyReference
          ? { attorneyReference: command.attorneyReference }
          : {}),
        shareMedications,
      },
    },
  ];
}

/** The invited person used their link: the access becomes active. A withdrawn access cannot be accepted. */
export function decideAccept(state: FamilyAccessState, userId: string): FamilyAccessEvent[] {
  if (!state.exists || state.userId !== userId || state.status === 'withdrawn') {
    throw new DomainError('invalid', INVITATION_INVALID, 'token');
  }
  if (state.status === 'active') return [];
  return [{ type: 'FamilyInvitationAccepted', data: { accessId: state.accessId, userId } }];
}

/** The office ends an access, with a reason. Withdrawing a withdrawn access changes nothing. */
export function decideWithdraw(state: FamilyAccessState, reason: string): FamilyAccessEvent[] {
  if (!state.exists) throw new DomainError('not_found', ACCESS_NOT_FOUND);
  if (state.status === 'withdrawn') return [];
  return [{ type: 'FamilyAccessWithdrawn', data: { accessId: state.accessId, userId: state.userId, reason } }];
}
