import type pg from 'pg';
import { z } from 'zod';
import { FUNDER_KINDS } from '@care/events';
import { invoiceDetailViewSchema } from '@care/events/api';
import { createSchemaSerially, ensureOpsSchema } from '@care/events/server';

/**
 * The mail outbox: every message the platform sends is a row here first, in the same PostgreSQL as
 * everything else, so nothing is lost when the mail server is down and each one's fate is on record. A message
 * that must go once (a reminder for one carer and day) carries a dedupe key: a second enqueue of it is a no-op,
 * whichever process or replay makes it.
 */
export const MAIL_SCHEMA = 'mail';
/** The command API and the rules process both create the outbox as they start. */
const MAIL_SCHEMA_LOCK = 7_242_011;
export const MAIL_KINDS = [
  'password-reset',
  'family-invitation',
  'training-expiry',
  'appointment-reminder',
  'maintenance-alert',
  'payslip',
  'invoice',
  'alert-escalation',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type MailStatus = 'pending' | 'sent' | 'written' | 'failed';
/** NOTIFY channel: a message was put in the outbox. */
export const MAIL_NOTIFY_CHANNEL = 'mail_outbox';

/** The outbox, and the ops tables its jobs record their runs in. */
export async function ensureMailSchema(pool: pg.Pool): Promise<void> {
  await ensureOpsSchema(pool);
  await createSchemaSerially(pool, MAIL_SCHEMA_LOCK, [
    `CREATE SCHEMA IF NOT EXISTS ${MAIL_SCHEMA}`,
    `CREATE TABLE IF NOT EXISTS ${MAIL_SCHEMA}.outbox (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL,
    recipient text NOT NULL,
    subject text NOT NULL,
    body text,
    dedupe_key text UNIQUE,
    status text NOT NULL DEFAULT 'pending',
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error text,
    transport text,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz
  )`,
    // Files sent with the message, in JSON until it is sent: bytes (base64), or the data of a document the sender
    // makes as it delivers (an invoice's PDF, from the invoice as it stood when Send was pressed).
    `ALTER TABLE ${MAIL_SCHEMA}.outbox ADD COLUMN IF NOT EXISTS attachments jsonb`,
    `CREATE INDEX IF NOT EXISTS outbox_due ON ${MAIL_SCHEMA}.outbox (next_attempt_at) WHERE status = 'pending'`,
    `CREATE INDEX IF NOT EXISTS outbox_newest ON ${MAIL_SCHEMA}.outbox (created_at DESC, id DESC)`,
  ]);
}

/** A file as a transport sends it: its bytes. */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/**
 * A document the rules process's mail sender makes when it delivers the message, from the data given here. The
 * command side decides what the document says (the invoice as it stands when it is sent), and never renders it:
 * making files is the documents package's work, which the sender uses.
 */
export const mailDocumentSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('invoice'),
    invoice: invoiceDetailViewSchema,
    /** The agency's details printed as the sender of the invoice. */
    agency: z.strictObject({
      agencyName: z.string().nullable(),
      agencyAddress: z.string().nullable(),
      agencyPhone: z.string().nullable(),
      agencyEmail: z.string().nullable(),
    }),
    funderKind: z.enum(FUNDER_KINDS).nullable(),
  }),
]);
export type MailDocument = z.infer<typeof mailDocumentSchema>;

/** A file made at delivery from a document's data. */
export interface DocumentAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly document: MailDocument;
}

export type QueuedAttachment = MailAttachment | DocumentAttachment;

export interface NewMail {
  readonly kind: MailKind;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Present: at most one message with this key is ever enqueued. */
  readonly dedupeKey?: string;
  readonly attachments?: readonly QueuedAttachment[];
}

/** Attachments as the outbox keeps them (jsonb); the sender reads them back through this schema. */
export const storedAttachmentSchema = z.union([
  z.strictObject({ filename: z.string(), contentType: z.string(), contentBase64: z.string() }),
  z.strictObject({ filename: z.string(), contentType: z.string(), document: mailDocumentSchema }),
]);
export type StoredAttachment = z.infer<typeof storedAttachmentSchema>;

export const toStoredAttachment = (attachment: QueuedAttachment): StoredAttachment =>
  'content' in attachment
    ? {
        filename: attachment.filename,
        contentType: attachment.contentType,
        contentBase64: attachment.content.toString('base64'),
      }
    : { filename: attachment.filename, contentType: attachment.contentType, document: attachment.document };
export const fromStoredAttachment = (stored: StoredAttachment): QueuedAttachment =>
  'contentBase64' in stored
    ? {
        filename: stored.filename,
        contentType: stored.contentType,
        content: Buffer.from(stored.contentBase64, 'base64'),
      }
    : stored;

/** Puts a message in the outbox; answers false when its dedupe key was already used. */
export async function enqueueMail(pool: pg.Pool | pg.PoolClient, mail: NewMail): Promise<boolean> {
  const attachments =
    mail.attachments && mail.attachments.length > 0 ? JSON.stringify(mail.attachments.map(toStoredAttachment)) : null;
  const { rowCount } = await pool.query(
    `INSERT INTO ${MAIL_SCHEMA}.outbox (kind, recipient, subject, body, dedupe_key, attachments) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (dedupe_key) DO NOTHING`,
    [mail.kind, mail.to, mail.subject.slice(0, 300), mail.text, mail.dedupeKey ?? null, attachments],
  );
  // Wakes the rules process's sender (rules/src/mail/mail-jobs.ts), so a message goes now rather than at the next interval.
  if (rowCount === 1) await pool.query(`SELECT pg_notify('${MAIL_NOTIFY_CHANNEL}', '')`);
  return rowCount === 1;
}
