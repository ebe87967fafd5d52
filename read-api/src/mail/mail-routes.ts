import Router from '@koa/router';
import { z } from 'zod';
import { queryOneOf, type OutboxMessageView } from '@care/events';
import { requirePermission } from '@care/events/server';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { parseQuery } from '../shared/query-parsing';

export const outboxQuery = z.object({
  status: queryOneOf(['pending', 'sent', 'written', 'failed'], 'Status'),
  ...pagingFields(),
});

interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  status: OutboxMessageView['status'];
  attempts: number;
  last_error: string | null;
  transport: string | null;
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
  total: string;
}

/**
 * GET /api/mail/outbox (administrators): every message the platform sent or will send, newest first, with its fate
 * (the rules process's sender owns the table, mail.outbox). Never the body: a reset link is for its recipient.
 */
export function mailRoutes({ pool }: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>();
  router.get('/api/mail/outbox', requirePermission('admin.panel'), async (ctx) => {
    const { status, limit, offset } = parseQuery(outboxQuery, ctx);
    const present = await pool.query<{ table: string | null }>(`SELECT to_regclass('mail.outbox')::text AS table`);
    if (!present.rows[0]?.table) {
      sendPage(ctx, { rows: [], total: 0 });
      return;
    }
    const { rows } = await pool.query<OutboxRow>(
      `SELECT id, kind, recipient, subject, status, attempts, last_error, transport, created_at, sent_at, next_attempt_at, count(*) OVER () AS total
         FROM mail.outbox WHERE ($1::text IS NULL OR status = $1)
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [status ?? null, limit, offset],
    );
    ctx.set('Cache-Control', 'no-store');
    sendPage(ctx, {
      total: rows.length > 0 ? Number(rows[0]!.total) : 0,
      rows: rows.map(
        (row): OutboxMessageView => ({
          id: row.id,
          kind: row.kind,
          recipient: row.recipient,
          subject: row.subject,
          status: row.status,
          attempts: row.attempts,
          lastError: row.last_error,
          transport: row.transport,
          createdAt: row.created_at.toISOString(),
          sentAt: row.sent_at ? row.sent_at.toISOString() : null,
          nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
        }),
      ),
    });
  });
  return router;
}
