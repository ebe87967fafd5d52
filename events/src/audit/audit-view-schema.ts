import { z } from 'zod';
import { AUDIT_VIEW_KINDS } from './audit-events';

/** Replies of the audit routes (read-api/src/audit): generic, so every record kind has the same shape. */
const anyValue = z.unknown();

export const auditFieldChangeViewSchema = z.strictObject({
  field: z.string(),
  /** Absent where the field did not exist. */
  before: anyValue.optional(),
  after: anyValue.optional(),
});

export const auditWhoViewSchema = z.strictObject({
  userId: z.string(),
  /** The account's name now; null for the system or an account that no longer exists. */
  name: z.string().nullable(),
});

export const auditTimelineEntryViewSchema = z.strictObject({
  eventId: z.string(),
  revision: z.int(),
  position: z.string(),
  type: z.string(),
  what: z.string(),
  who: auditWhoViewSchema,
  occurredAt: z.string(),
  correlationId: z.string(),
  capturedAt: z
    .string()
    .nullable()
    .describe('Recorded on a device while offline: its clock then; occurredAt is when the server received it'),
  changes: z.array(auditFieldChangeViewSchema),
});

export const auditRecordRefViewSchema = z.strictObject({
  streamId: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  id: z.string(),
  /** What a person calls it (a name or a title) when the record has one. */
  title: z.string().nullable(),
});

export const auditRecordAsOfViewSchema = z.strictObject({
  record: auditRecordRefViewSchema,
  /** The instant asked for; null for now. */
  asOf: z.string().nullable(),
  /** The record as it stood; null when it did not exist yet. */
  state: z.record(z.string(), anyValue).nullable(),
  revision: z.int().nullable(),
  eventsApplied: z.int(),
  totalEvents: z.int(),
});

export const auditComparisonViewSchema = z.strictObject({
  record: auditRecordRefViewSchema,
  from: z.string(),
  to: z.string(),
  changes: z.array(auditFieldChangeViewSchema),
});

export const auditClientFileViewSchema = z.strictObject({
  clientId: z.string(),
  asOf: z.string().nullable(),
  client: auditRecordAsOfViewSchema.nullable(),
  records: z.array(auditRecordAsOfViewSchema),
});

export const auditRecordViewViewSchema = z.strictObject({
  eventId: z.string(),
  who: auditWhoViewSchema,
  view: z.enum(AUDIT_VIEW_KINDS),
  streamId: z.string().nullable(),
  clientId: z.string().nullable(),
  asOf: z.string().nullable(),
  viewedAt: z.string(),
});

export type AuditTimelineEntryView = z.infer<typeof auditTimelineEntryViewSchema>;
export type AuditRecordRefView = z.infer<typeof auditRecordRefViewSchema>;
export type AuditRecordAsOfView = z.infer<typeof auditRecordAsOfViewSchema>;
export type AuditClientFileView = z.infer<typeof auditClientFileViewSchema>;
export type AuditComparisonView = z.infer<typeof auditComparisonViewSchema>;
export type AuditRecordViewView = z.infer<typeof auditRecordViewViewSchema>;
export type AuditFieldChangeView = z.infer<typeof auditFieldChangeViewSchema>;

/** GET /api/audit/log/verify: the hash chain checked from the first event (admin panel). */
export const logVerificationViewSchema = z.strictObject({
  ok: z.boolean(),
  checked: z.int(),
  seconds: z.number(),
  /** The chain head as a digest an auditor can keep (`npm run verify-log -- --digest <it>`). */
  digest: z.string(),
  /** The first break in words; null when intact. */
  problem: z.string().nullable(),
  unsealed: z.int(),
});

/** GET /api/audit/log/digest. */
export const logDigestViewSchema = z.strictObject({ digest: z.string(), chainIndex: z.string(), position: z.string() });

export type LogVerificationView = z.infer<typeof logVerificationViewSchema>;
export type LogDigestView = z.infer<typeof logDigestViewSchema>;
