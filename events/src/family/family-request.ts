import { z } from 'zod';
import { optionalInstant, optionalText, requiredText } from '../fields';
import { TEXT_LIMITS } from '../limits';
import { emailSchema, passwordSchema } from '../users/user-request';
import { FAMILY_RELATIONSHIPS } from './family-events';

export const CONSENT_RECORDED_BY_REQUIRED = "A relative's access needs the client's consent: say who recorded it";
export const CONSENT_RECORDED_AT_REQUIRED = "A relative's access needs the client's consent: say when it was given";
export const CONSENT_IN_FUTURE = 'Consent cannot be recorded in the future';
export const ATTORNEY_REFERENCE_REQUIRED = "An attorney's access needs the lasting power of attorney's reference";
export const RELATIONSHIP_MESSAGE = 'Relationship must be client, relative or attorney';

/**
 * POST /api/clients/:id/family: invite a person to the family portal for this client. The consent and attorney
 * rules are checked here (so the form shows them under their fields) and again by the command side's decide.
 */
export const inviteFamilyMemberRequestSchema = z
  .object({
    email: emailSchema,
    name: requiredText('Name is required', TEXT_LIMITS.contactName),
    relationship: z.enum(FAMILY_RELATIONSHIPS, { error: RELATIONSHIP_MESSAGE }),
    consentRecordedBy: optionalText(TEXT_LIMITS.personName),
    consentRecordedAt: optionalInstant(),
    attorneyReference: optionalText(TEXT_LIMITS.reference),
    shareMedications: z.boolean({ error: 'Share medication summary must be true or false' }).default(false),
  })
  .superRefine((value, ctx) => {
    if (value.relationship === 'relative') {
      if (!value.consentRecordedBy)
        ctx.addIssue({ code: 'custom', path: ['consentRecordedBy'], message: CONSENT_RECORDED_BY_REQUIRED });
      if (!value.consentRecordedAt)
        ctx.addIssue({ code: 'custom', path: ['consentRecordedAt'], message: CONSENT_RECORDED_AT_REQUIRED });
    }
    if (value.relationship === 'attorney' && !value.attorneyReference)
      ctx.addIssue({ code: 'custom', path: ['attorneyReference'], message: ATTORNEY_REFERENCE_REQUIRED });
  });
export type InviteFamilyMemberRequest = z.input<typeof inviteFamilyMemberRequestSchema>;
export type InviteFamilyMemberCommandInput = z.output<typeof inviteFamilyMemberRequestSchema>;

/** POST /api/family-access/:accessId/withdraw. */
export const withdrawFamilyAccessRequestSchema = z.object({
  reason: requiredText('Give a reason for withdrawing the access', TEXT_LIMITS.shortReason),
});
export type WithdrawFamilyAccessRequest = z.input<typeof withdrawFamilyAccessRequestSchema>;

/** POST /api/login/family-invitation: the invitation's one-time token and the password the person chooses. */
export const acceptFamilyInvitationRequestSchema = z.object({
  token: z.string({ error: 'The invitation link is incomplete' }).min(1, 'The invitation link is incomplete').max(200),
  /** Only for an account that has no password yet (or was switched off); someone already signing in keeps theirs. */
  password: passwordSchema.optional(),
});
export type AcceptFamilyInvitationRequest = z.input<typeof acceptFamilyInvitationRequestSchema>;

/** Before the invitation form shows: whether the link still works, and whether the person must choose a password. */
export const checkFamilyInvitationRequestSchema = z.object({
  token: z.string({ error: 'The invitation link is incomplete' }).min(1, 'The invitation link is incomplete').max(200),
});
export const familyInvitationCheckReplySchema = z.object({
  choosePassword: z.boolean().describe('false: the person already signs in with a password and only accepts'),
});
export type FamilyInvitationCheckReply = z.infer<typeof familyInvitationCheckReplySchema>;
