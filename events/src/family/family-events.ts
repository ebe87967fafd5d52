import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/** Who a family account is to the client: the client themself, a relative, or an attorney (lasting power of attorney). */
export const FAMILY_RELATIONSHIPS = ['client', 'relative', 'attorney'] as const;
export type FamilyRelationship = (typeof FAMILY_RELATIONSHIPS)[number];
export const FAMILY_RELATIONSHIP_LABELS: Record<FamilyRelationship, string> = {
  client: 'The client',
  relative: 'Relative',
  attorney: 'Attorney (lasting power of attorney)',
};
export const FAMILY_ACCESS_STATUSES = ['invited', 'active', 'withdrawn'] as const;
export type FamilyAccessStatus = (typeof FAMILY_ACCESS_STATUSES)[number];

/** The client's consent to a relative's access: who in the office recorded it, and when it was given. */
export const familyConsentSchema = z.object({
  recordedBy: eventText(TEXT_LIMITS.personName),
  recordedAt: eventInstant(),
});
export type FamilyConsent = z.infer<typeof familyConsentSchema>;

/**
 * One person's access to one client's record, stream `family-access-<accessId>` (docs/features/family-portal.md).
 * The account itself (email, password, role family) is an ordinary user stream; a relative's access needs the
 * client's recorded consent, an attorney's the lasting power of attorney's reference. `shareMedications` is the
 * client's recorded consent to share the medication summary.
 */
export const FamilyMemberInvited = defineEvent(
  'FamilyMemberInvited',
  1,
  z.object({
    accessId: z.uuid(),
    clientId: z.uuid(),
    userId: z.uuid(),
    email: eventText(TEXT_LIMITS.email),
    name: eventText(TEXT_LIMITS.contactName),
    relationship: z.enum(FAMILY_RELATIONSHIPS),
    consent: familyConsentSchema.optional(),
    attorneyReference: eventText(TEXT_LIMITS.reference).optional(),
    shareMedications: z.boolean(),
  }),
);
/** The invited person used the one-time link and chose a password: the access is active from now. */
export const FamilyInvitationAccepted = defineEvent(
  'FamilyInvitationAccepted',
  1,
  z.object({ accessId: z.uuid(), userId: z.uuid() }),
);
/** The office ended the access (why is kept); the account's sessions end when it has no active access left. */
export const FamilyAccessWithdrawn = defineEvent(
  'FamilyAccessWithdrawn',
  1,
  z.object({ accessId: z.uuid(), userId: z.uuid(), reason: eventText(TEXT_LIMITS.shortReason) }),
);

export const familyAccessEventDefinitions = [
  FamilyMemberInvited,
  FamilyInvitationAccepted,
  FamilyAccessWithdrawn,
] as const;
export type FamilyAccessEvent = EventOf<typeof familyAccessEventDefinitions>;
export const familyAccessStreamId = (accessId: string): string => `family-access-${accessId}`;

/**
 * The accesses of one family account, stream `family-member-<userId>`: one event per invitation, so the command
 * side can find every access of an account (to refuse a second open invitation for the same client, and to know
 * when the last active one is withdrawn) without reading a read model.
 */
export const FamilyAccessLinked = defineEvent(
  'FamilyAccessLinked',
  1,
  z.object({ userId: z.uuid(), accessId: z.uuid(), clientId: z.uuid() }),
);
export const familyMemberEventDefinitions = [FamilyAccessLinked] as const;
export type FamilyMemberEvent = EventOf<typeof familyMemberEventDefinitions>;
export const familyMemberStreamId = (userId: string): string => `family-member-${userId}`;

export const familySliceEvents = [...familyAccessEventDefinitions, ...familyMemberEventDefinitions] as const;
export type FamilySliceEvent = FamilyAccessEvent | FamilyMemberEvent;
