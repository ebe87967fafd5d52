import type pg from 'pg';
import { createSchemaSerially } from '../server/serial-schema';

/** Two processes may start at once: the log's schema is created under this lock. */
const EVENT_STORE_SCHEMA_LOCK = 727001;

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
-- Events rewritten by a destruction (docs/decisions/0037-destruction-keeps-the-log-provable.md): the content hash
-- the chain was sealed with, the hash of the row as it now reads, and the certificate that rewrote it. The sealer
-- and verify-log use the original hash for such a row, so the chain still proves every other event.
create table if not exists es_redactions (
  transaction_id bigint not null,
  sequence bigint primary key,
  original_hash bytea not null,
  redacted_hash bytea not null,
  certificate_event_id uuid not null
);
`;

/**
 * The store's own id (store-identity.ts): made once, kept in the log's database, so a read-model database can tell
 * this log from another. Kept in its own statement so a log made before the id existed gains one when opened.
 */
const STORE_ID_SQL = `
create table if not exists es_store (
  one boolean primary key default true check (one),
  store_id uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now()
);
insert into es_store default values on conflict do nothing;
`;

export const EVENTS_NOTIFY_CHANNEL = 'es_events_appended';

export async function ensureEventStoreSchema(pool: pg.Pool): Promise<void> {
  await createSchemaSerially(pool, EVENT_STORE_SCHEMA_LOCK, [SCHEMA_SQL, STORE_ID_SQL]);
}

/** The store's id for a log that already exists (one made before the id was kept gains it here). */
export async function ensureStoreId(pool: pg.Pool): Promise<string> {
  await createSchemaSerially(pool, EVENT_STORE_SCHEMA_LOCK, [STORE_ID_SQL]);
  const { rows } = await pool.query<{ id: string }>('select store_id::text as id from es_store');
  return rows[0]!.id;
}

/** Whether this database holds an event log at all (a tool opening an existing log never creates one). */
export async function hasEventLog(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ t: string | null }>(`select to_regclass('es_events')::text as t`);
  return rows[0]?.t != null;
}
