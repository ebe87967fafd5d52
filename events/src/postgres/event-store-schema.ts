import type pg from 'pg';

/**
 * The event log. `transaction_id` (pg_current_xact_id) plus `sequence` give the global order. Readers only see rows
 * whose transaction is older than every transaction still running (pg_snapshot_xmin), so a slow transaction that took
 * a low sequence number can never be skipped by a reader that already moved past it
 * (docs/decisions/0003-commit-safe-global-order.md, Emmett's design). The id is kept as bigint: ordering an xid8
 * column was seen to sort 1000 before 741 here, which made paging through the log skip events (caught by the
 * projector crash test).
 */
const SCHEMA_SQL = `
create table if not exists es_events (
  sequence bigint generated always as identity primary key,
  transaction_id bigint not null default (pg_current_xact_id()::text::bigint),
  event_id uuid not null unique,
  stream_id text not null,
  stream_revision bigint not null,
  event_type text not null,
  schema_version integer not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_revision)
);
create index if not exists es_events_global_order on es_events (transaction_id, sequence);
create table if not exists es_streams (
  stream_id text primary key,
  revision bigint not null
);
-- The hash chain over the global order (log-chain.ts): one row per event, numbered 1..N without
-- gaps, each hash covering its event's content and the previous entry's hash. Kept apart from
-- es_events so sealing never rewrites an event row, and a deleted event leaves its entry behind.
create table if not exists es_chain (
  chain_index bigint primary key,
  transaction_id bigint not null,
  sequence bigint not null unique,
  hash bytea not null
);
`;

export const EVENTS_NOTIFY_CHANNEL = 'es_events_appended';

export async function ensureEventStoreSchema(pool: pg.Pool): Promise<void> {
  // Two processes may start at once: serialise schema creation.
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(727001)');
    await client.query(SCHEMA_SQL);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
