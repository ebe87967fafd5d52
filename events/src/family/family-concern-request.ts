import { z } from 'zod';
import { optionalReference, requiredText } from '../fields';
import { FAMILY_CONCERN_KINDS, FAMILY_CONCERN_TEXT_MAX } from './family-concern-events';

export const FAMILY_CONCERN_KIND_MESSAGE = 'Choose concern or compliment';
export const FAMILY_CONCERN_TEXT_REQUIRED = 'Write your message';
export const FAMILY_CONCERN_VISIT_NOT_FOUND = "Visit not found among this client's visits";
export const FAMILY_CONCERN_REPLY_REQUIRED = 'Write the reply';

/** POST /api/family/clients/:clientId/concerns: a family member's concern or compliment, about one visit or in general. */
export const raiseFamilyConcernRequestSchema = z.object({
  kind: z.enum(FAMILY_CONCERN_KINDS, { error: FAMILY_CONCERN_KIND_MESSAGE }),
  appointmentId: optionalReference(FAMILY_CONCERN_VISIT_NOT_FOUND),
  text: requiredText(FAMILY_CONCERN_TEXT_REQUIRED, FAMILY_CONCERN_TEXT_MAX),
});
export type RaiseFamilyConcernRequest = z.input<typeof raiseFamilyConcernRequestSchema>;
export type RaiseFamilyConcernInput = z.output<typeof raiseFamilyConcernRequestSchema>;

/** POST /api/family-concerns/:id/reply: the office's answer, which the family member reads. */
export const replyFamilyConcernRequestSchema = z.object({
  reply: requiredText(FAMILY_CONCERN_REPLY_REQUIRED, FAMILY_CONCERN_TEXT_MAX),
});
export type ReplyFamilyConcernRequest = z.input<typeof replyFamilyConcernRequestSchema>;
