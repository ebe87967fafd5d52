import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventInteger, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/**
 * Destroying a person's records once their retention period has ended: one administrator proposes, a second one
 * approves or rejects, and the approval rewrites every event about the person on the PostgreSQL store, in one
 * transaction with the certificate (docs/decisions/0037-destruction-keeps-the-log-provable.md). Every event of a
 * proposal lives on its own stream `destruction-<proposalId>`, which the rewrite never touches.
 */
export const DESTRUCTION_SUBJECT_KINDS = ['client', 'carer'] as const;
export type DestructionSubjectKind = (typeof DESTRUCTION_SUBJECT_KINDS)[number];

/** Which retention rule made the record eligible: the agency's setting, or the 8 years of medication records. */
export const retentionRuleSchema = z.strictObject({
  rule: z.enum(['general', 'medication']),
  years: eventInteger({ min: 1, max: 100 }),
});
export type RetentionRule = z.infer<typeof retentionRuleSchema>;

const subject = {
  proposalId: z.uuid(),
  subjectKind: z.enum(DESTRUCTION_SUBJECT_KINDS),
  subjectId: z.uuid(),
  /** The client ID or employee ID, never the name: the certificate must not hold what it destroyed. */
  reference: eventText(TEXT_LIMITS.reference).nullable(),
};

export const DestructionProposed = defineEvent(
  'DestructionProposed',
  1,
  z.object({
    ...subject,
    retentionRule: retentionRuleSchema,
    /** When the retention period ended (the person's last change plus the rule's years). */
    eligibleSince: eventInstant(),
    reason: eventText(TEXT_LIMITS.shortReason),
    proposedBy: z.uuid(),
  }),
);

export const DestructionRejected = defineEvent(
  'DestructionRejected',
  1,
  z.object({ proposalId: z.uuid(), rejectedBy: z.uuid(), reason: eventText(TEXT_LIMITS.shortReason) }),
);

/** A second administrator approved; appended in the same transaction as the rewrite and the certificate. */
export const DestructionApproved = defineEvent(
  'DestructionApproved',
  1,
  z.object({ proposalId: z.uuid(), approvedBy: z.uuid() }),
);

/** The certificate: what was destroyed, under which rule, by whom, and how many events were rewritten. */
export const RecordsDestroyed = defineEvent(
  'RecordsDestroyed',
  1,
  z.object({
    ...subject,
    retentionRule: retentionRuleSchema,
    reason: eventText(TEXT_LIMITS.shortReason),
    proposedBy: z.uuid(),
    approvedBy: z.uuid(),
    eventsRewritten: eventInteger({ min: 0, max: 2_147_483_647 }),
    destroyedAt: eventInstant(),
  }),
);

export const destructionEvents = [
  DestructionProposed,
  DestructionRejected,
  DestructionApproved,
  RecordsDestroyed,
] as const;
export type DestructionEvent = EventOf<typeof destructionEvents>;

export const DESTRUCTION_STREAM_PREFIX = 'destruction-';
export const destructionStreamId = (proposalId: string): string => `${DESTRUCTION_STREAM_PREFIX}${proposalId}`;

/** The type a rewritten event carries: `$` names are the store's own, so no append can forge one and no reader is handed one. */
export const DESTROYED_EVENT_TYPE = '$destroyed';
