import { z } from 'zod';
import { SUBJECT_KINDS } from './subject-access-events';

/**
 * The JSON of a subject access export (GET /api/admin/subject-access/:id/export.json): a person's whole record as
 * the agency holds it. docs/features/subject-access.schema.json is generated from this schema (z.toJSONSchema) and
 * a test fails when the two differ; docs/features/subject-access.md says what each part holds.
 */
export const SUBJECT_ACCESS_SCHEMA_VERSION = 1;

const who = z.strictObject({
  userId: z.string().describe('The account that did it, or "system" for the product itself'),
  name: z.string().nullable().describe("The account's name now; null for the system or an account no longer listed"),
});

/** One kind of record: every row of one read-model table that names the person. */
export const subjectAccessKindSchema = z.strictObject({
  label: z.string().describe('What the records are, in words'),
  bounded: z
    .boolean()
    .describe('True only if the list was cut at a limit; every kind is read in full, so this is false'),
  rows: z
    .array(z.record(z.string(), z.unknown()))
    .describe('The records, each as its columns (snake_case names, times in ISO 8601 UTC); never a password or token'),
});

export const subjectAccessHistoryEntrySchema = z.strictObject({
  eventId: z.string(),
  type: z.string().describe('The event type, e.g. ClientCreated, VisitCheckedOut'),
  time: z.string().describe('When it was recorded, ISO 8601 UTC'),
  who,
  streamId: z.string().describe('The record it happened to (<kind>-<id>)'),
  data: z.unknown().describe("The event's data as recorded"),
});

export const subjectAccessViewSchema = z.strictObject({
  who,
  view: z.string().describe('record, timeline, client-file, confidential-diary-entry or subject-access-export'),
  streamId: z.string().nullable().describe('The record looked at; null for a whole client file'),
  time: z.string().describe('When, ISO 8601 UTC'),
});

export const subjectAccessExportSchema = z.strictObject({
  schemaVersion: z.literal(SUBJECT_ACCESS_SCHEMA_VERSION),
  generatedAt: z.string().describe('ISO 8601 UTC'),
  generatedBy: who,
  subject: z.strictObject({
    kind: z.enum(SUBJECT_KINDS),
    id: z.string(),
    reference: z.string().nullable().describe("The request's reference, as the administrator typed it"),
    name: z.string().describe('The name on their record'),
  }),
  records: z
    .record(z.string(), subjectAccessKindSchema)
    .describe('Every kind of record about them, by the name of the table it is kept in'),
  history: z
    .array(subjectAccessHistoryEntrySchema)
    .describe('Every event on their record or naming them, oldest first'),
  views: z.array(subjectAccessViewSchema).describe('Who looked at their records, and when, oldest first'),
});
export type SubjectAccessExport = z.infer<typeof subjectAccessExportSchema>;
export type SubjectAccessKind = z.infer<typeof subjectAccessKindSchema>;
export type SubjectAccessHistoryEntry = z.infer<typeof subjectAccessHistoryEntrySchema>;
export type SubjectAccessView = z.infer<typeof subjectAccessViewSchema>;
