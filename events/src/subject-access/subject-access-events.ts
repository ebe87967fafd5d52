import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { oneOf, optionalText, requiredReference } from '../fields';

/** Whose record a subject access request is about. */
export const SUBJECT_KINDS = ['client', 'carer'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

/** The request's own reference (the date it was received, the letter's number). */
export const SUBJECT_REFERENCE_MAX = 200;

/**
 * An administrator took a copy of a person's whole record (a subject access request under UK GDPR): who is the
 * metadata's userId, when its occurredAt. Recorded before a byte leaves, and listed among the views of that person's
 * record, because handing over a copy is a look at every record about them.
 */
export const SubjectAccessExported = defineEvent(
  'SubjectAccessExported',
  1,
  z.object({
    exportId: z.uuid(),
    subjectKind: z.enum(SUBJECT_KINDS),
    subjectId: z.uuid(),
    reference: eventText(SUBJECT_REFERENCE_MAX).nullable(),
  }),
);

export const subjectAccessEvents = [SubjectAccessExported] as const;
export type SubjectAccessEvent = EventOf<typeof subjectAccessEvents>;
export const subjectAccessStreamId = (exportId: string): string => `subject-access-${exportId}`;

/** POST /api/admin/subject-access: whose record, and the request's reference. */
export const subjectAccessRequestSchema = z.strictObject({
  subjectKind: oneOf(SUBJECT_KINDS, 'Subject kind'),
  subjectId: requiredReference('Choose whose record to export', 'Subject must be a client or carer id'),
  reference: optionalText(SUBJECT_REFERENCE_MAX),
});
export type SubjectAccessRequest = z.infer<typeof subjectAccessRequestSchema>;
