import { z } from 'zod';
import { requiredText } from '../fields';
import { TEXT_LIMITS } from '../limits';
import { DESTRUCTION_SUBJECT_KINDS } from './destruction-events';

/** POST /api/destruction/proposals: destroy one client's or carer's records (Propose destruction). */
export const proposeDestructionRequestSchema = z.strictObject({
  subjectKind: z.enum(DESTRUCTION_SUBJECT_KINDS, { error: 'Subject kind must be client or carer' }),
  subjectId: z.uuid({ error: 'Subject id must be a record id' }),
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});
export type ProposeDestructionRequest = z.input<typeof proposeDestructionRequestSchema>;

/** POST /api/destruction/proposals/:id/reject. */
export const rejectDestructionRequestSchema = z.strictObject({
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});
export type RejectDestructionRequest = z.input<typeof rejectDestructionRequestSchema>;
