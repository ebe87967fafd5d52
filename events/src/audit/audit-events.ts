import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventText } from '../event-fields';

/**
 * What was opened: a record (or its history), a client's whole file, or a confidential diary entry; the family-…
 * kinds: a family member read that part of a client's record in the family portal.
 */
export const RECORD_VIEW_KINDS = [
  'record',
  'timeline',
  'client-file',
  'confidential-diary-entry',
  'family-visits',
  'family-medications',
  'family-care-plan',
] as const;
export type RecordViewKind = (typeof RECORD_VIEW_KINDS)[number];
/**
 * What the list of views holds: the views above, and a copy of a person's whole record taken on their request
 * (SubjectAccessExported), which is a look at every record about them.
 */
export const AUDIT_VIEW_KINDS = [...RECORD_VIEW_KINDS, 'subject-access-export'] as const;
export type AuditViewKind = (typeof AUDIT_VIEW_KINDS)[number];

/** Longest stream id a view names (a kind and a uuid, or a reservation's value). */
export const VIEWED_STREAM_MAX = 300;

/**
 * Someone opened a record from the audit screen: who is the metadata's userId, when its occurredAt.
 * Data-security rules ask who looked, not only who changed, so a view is a fact in the log like any change.
 */
export const RecordViewed = defineEvent(
  'RecordViewed',
  1,
  z.object({
    view: z.enum(RECORD_VIEW_KINDS),
    streamId: eventText(VIEWED_STREAM_MAX).nullable(),
    clientId: z.uuid().nullable(),
    /** The instant the record was shown as of; null for "now". */
    asOf: eventInstant().nullable(),
  }),
);

export const auditSliceEvents = [RecordViewed] as const;
export type AuditSliceEvent = EventOf<typeof auditSliceEvents>;

export const recordViewsStreamId = (userId: string): string => `record-views-${userId}`;
