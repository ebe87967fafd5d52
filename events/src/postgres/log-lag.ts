import type pg from 'pg';
import type { LogLag } from '../store/event-store';
import type { Position } from '../store/position';

/** The events a reader after `after` has still to read (only those a reader may see: below the snapshot's xmin). */
export async function measureLogLag(pool: pg.Pool, after: Position): Promise<LogLag> {
  const { rows } = await pool.query<{ events: string; oldest: Date | null }>(
    `select count(*) as events, min(recorded_at) as oldest from es_events
     where transaction_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
       and (transaction_id, sequence) > ($1::bigint, $2::bigint)`,
    [after.commit.toString(), after.prepare.toString()],
  );
  return { events: Number(rows[0]?.events ?? 0), oldestRecordedAt: rows[0]?.oldest ?? undefined };
}
