import type pg from 'pg';
import { z } from 'zod';
import { recordJobRun, type Logger } from '@care/events/server';
import { MAIL_SCHEMA, storedAttachmentSchema } from '@care/command-api';
import { deliverableAttachment } from './mail-documents';
import type { MailTransport } from './mail-transport';

const storedAttachmentsSchema = z.array(storedAttachmentSchema).nullable();

export interface MailSenderOptions {
  /** Attempts before a message is given up as failed (8: about two hours of back-off). */
  readonly maxAttempts?: number;
  /** The first retry waits this long; each next one twice as long, at most an hour. */
  readonly firstRetryMs?: number;
  readonly batchSize?: number;
}

export interface SendRun {
  readonly sent: number;
  readonly retrying: number;
  readonly failed: number;
}

/**
 * Delivers the outbox. Each due message is claimed with FOR UPDATE SKIP LOCKED, so several rules processes never
 * send one twice; a refusal schedules a retry with exponential back-off and records the error; after the last
 * attempt the message is marked failed (and stays listed). A sent reset link's body is blanked: the token is
 * needed only until it is delivered.
 */
export class MailSender {
  constructor(
    private readonly pool: pg.Pool,
    private readonly transport: MailTransport,
    private readonly log: Logger,
    private readonly options: MailSenderOptions = {},
  ) {}

  async runOnce(): Promise<SendRun> {
    const maxAttempts = this.options.maxAttempts ?? 8;
    const firstRetryMs = this.options.firstRetryMs ?? 30_000;
    const run = { sent: 0, retrying: 0, failed: 0 };
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{
        id: string;
        kind: string;
        recipient: string;
        subject: string;
        body: string | null;
        attempts: number;
        attachments: unknown;
      }>(
        `SELECT id, kind, recipient, subject, body, attempts, attachments FROM ${MAIL_SCHEMA}.outbox
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize ?? 20],
      );
      for (const row of rows) {
        try {
          // A document is made here, as the message goes; a row that cannot be read or rendered is retried like a refusal.
          const attachments = await Promise.all(
            (storedAttachmentsSchema.parse(row.attachments) ?? []).map(deliverableAttachment),
          );
          await this.transport.deliver({
            id: row.id,
            to: row.recipient,
            subject: row.subject,
            text: row.body ?? '',
            attachments,
          });
          await client.query(
            `UPDATE ${MAIL_SCHEMA}.outbox SET status = $2, attempts = attempts + 1, sent_at = now(), transport = $3, last_error = NULL,
                    body = CASE WHEN kind IN ('password-reset', 'family-invitation') THEN NULL ELSE body END,
                    attachments = NULL
              WHERE id = $1`,
            [row.id, this.transport.name === 'smtp' ? 'sent' : 'written', this.transport.name],
          );
          run.sent += 1;
        } catch (error) {
          const attempts = row.attempts + 1;
          const reason = error instanceof Error ? error.message : String(error);
          const giveUp = attempts >= maxAttempts;
          const waitMs = Math.min(firstRetryMs * 2 ** (attempts - 1), 3600_000);
          await client.query(
            `UPDATE ${MAIL_SCHEMA}.outbox SET attempts = $2, last_error = $3, transport = $4, status = $5,
                    next_attempt_at = now() + make_interval(secs => $6)
              WHERE id = $1`,
            [row.id, attempts, reason.slice(0, 500), this.transport.name, giveUp ? 'failed' : 'pending', waitMs / 1000],
          );
          // The recipient is personal data and the body may hold a link: the id and the reason are enough to follow up.
          this.log.warn(
            { mailId: row.id, kind: row.kind, attempts, err: reason },
            giveUp ? 'mail given up' : 'mail refused; will retry',
          );
          if (giveUp) run.failed += 1;
          else run.retrying += 1;
        }
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    await recordJobRun(
      this.pool,
      'mail-sender',
      run.failed > 0 ? 'failed' : 'ok',
      `${run.sent} sent, ${run.retrying} to retry, ${run.failed} failed`,
    ).catch(() => undefined);
    return run;
  }
}
