import { z } from 'zod';
import { commandReplySchema } from '../api/common-replies';
import { DESTRUCTION_SUBJECT_KINDS } from './destruction-events';

/**
 * GET /api/destruction/proposals: every proposal to destroy a person's records, newest first, with its outcome and,
 * once destroyed, its certificate. Never a name: the reference (client ID or employee ID) says whose records they were.
 */
export const destructionProposalViewSchema = z.strictObject({
  proposalId: z.uuid(),
  subjectKind: z.enum(DESTRUCTION_SUBJECT_KINDS),
  subjectId: z.uuid(),
  reference: z.string().nullable(),
  retentionRule: z.strictObject({ rule: z.enum(['general', 'medication']), years: z.number().int() }),
  eligibleSince: z.string(),
  reason: z.string(),
  proposedBy: z.uuid(),
  proposedAt: z.string(),
  status: z.enum(['proposed', 'rejected', 'destroyed']),
  rejection: z.strictObject({ rejectedBy: z.uuid(), rejectedAt: z.string(), reason: z.string() }).nullable(),
  certificate: z
    .strictObject({
      eventId: z.uuid(),
      approvedBy: z.uuid(),
      destroyedAt: z.string(),
      eventsRewritten: z.number().int(),
    })
    .nullable(),
});
export type DestructionProposalView = z.infer<typeof destructionProposalViewSchema>;

export const destructionProposalsViewSchema = z.strictObject({
  rows: z.array(destructionProposalViewSchema),
  total: z.number().int(),
  /** False on EventStoreDB, where records cannot be destroyed (an event there cannot be rewritten). */
  available: z.boolean(),
});
export type DestructionProposalsView = z.infer<typeof destructionProposalsViewSchema>;

export const DESTRUCTION_STATUSES = ['proposed', 'rejected', 'destroyed'] as const;

/** POST /api/destruction/proposals/:id/approve: the command reply and how many events were rewritten. */
export const destructionApprovedReplySchema = commandReplySchema.extend({
  eventsRewritten: z.number().int().describe('Events about the person rewritten as destroyed'),
});
