import { sql, type Kysely } from 'kysely';
import type { Position } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';

const STATUS_DDL = sql`
create table if not exists ${sql.id(READ_MODEL_SCHEMA, 'projection_status')} (
  name text primary key,
  version integer not null,
  commit_position bigint not null default 0,
  prepare_position bigint not null default 0,
  state text not null,
  rebuild_version integer,
  rebuild_commit bigint,
  rebuild_prepare bigint,
  rebuild_events bigint not null default 0,
  rebuild_started_at timestamptz,
  rebuild_server_started_at timestamptz,
  gate_commit bigint,
  gate_prepare bigint,
  stalled_event_id uuid,
  stalled_event_type text,
  stalled_commit bigint,
  stalled_prepare bigint,
  stalled_error text,
  stalled_at timestamptz,
  lag_events bigint,
  lag_seconds double precision,
  measured_at timestamptz,
  updated_at timestamptz not null default now()
);
create table if not exists ${sql.id(READ_MODEL_SCHEMA, 'projection_dead_letters')} (
  projection text not null,
  event_id uuid not null,
  event_type text not null,
  commit_position bigint not null,
  prepare_position bigint not null,
  error text not null,
  reason text not null,
  skipped_by text not null,
  skipped_at timestamptz not null,
  primary key (projection, event_id)
);
alter table ${sql.id(READ_MODEL_SCHEMA, 'projection_status')} add column if not exists rebuild_server_started_at timestamptz;
-- The layout before per-projection checkpoints: one checkpoint and kysely's migration log. Every projection
-- rebuilds itself once into its own tables on the first start after the upgrade, so these are never read again.
drop table if exists ${sql.id(READ_MODEL_SCHEMA, 'checkpoint')};
drop table if exists ${sql.id(READ_MODEL_SCHEMA, 'kysely_migration')};
drop table if exists ${sql.id(READ_MODEL_SCHEMA, 'kysely_migration_lock')};
`;

/** Creates the status tables when missing; serialised across processes (the read API calls it too). */
export async function ensureStatusTables(db: Kysely<ReadModelDatabase>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(727003)`.execute(trx);
    await sql`create schema if not exists ${sql.id(READ_MODEL_SCHEMA)}`.execute(trx);
    await STATUS_DDL.execute(trx);
  });
}

export const positionOf = (commit: string | bigint | null, prepare: string | bigint | null): Position | undefined =>
  commit === null || prepare === null ? undefined : { commit: BigInt(commit), prepare: BigInt(prepare) };

export const statusTable = (db: Kysely<ReadModelDatabase>) => db.withSchema(READ_MODEL_SCHEMA);
