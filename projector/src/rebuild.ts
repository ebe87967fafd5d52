import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { START_POSITION, type EventStore, type Position } from '@care/events';
import { applyBatch } from './apply-batch';
import { acquireProjectorLock } from './projector-lock';
import { READ_MODEL_CHANGED_CHANNEL, READ_MODEL_SCHEMA, type ReadModelDatabase } from './read-model/database';
import { migrateReadModel } from './read-model/connect';

const REPLAY_BATCH = 5000;

/** Replays the whole log from position zero into a fresh `schema` (dropped first). Returns the event count. */
export async function replayInto(store: EventStore, db: Kysely<ReadModelDatabase>, schema: string): Promise<number> {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await migrateReadModel(db, schema);
  let position: Position = START_POSITION;
  let count = 0;
  for (;;) {
    const batch = await store.readAll(position, REPLAY_BATCH);
    if (batch.length === 0) return count;
    await applyBatch(db, schema, batch, { notify: false });
    position = batch.at(-1)!.position;
    count += batch.length;
  }
}

/**
 * Rebuilds every read model from zero into a fresh schema, then swaps it in atomically, so
 * readers see the old model until the new one is complete. Refused while a projector runs.
 */
export async function rebuildReadModel(store: EventStore, pool: pg.Pool, db: Kysely<ReadModelDatabase>): Promise<number> {
  const lock = await acquireProjectorLock(pool, { wait: false });
  if (!lock) throw new Error('A projector is running: stop it before rebuilding the read model.');
  try {
    const next = `${READ_MODEL_SCHEMA}_rebuild`;
    const count = await replayInto(store, db, next);
    await db.transaction().execute(async (trx) => {
      await sql`drop schema if exists ${sql.id(READ_MODEL_SCHEMA)} cascade`.execute(trx);
      await sql`alter schema ${sql.id(next)} rename to ${sql.id(READ_MODEL_SCHEMA)}`.execute(trx);
      await sql`select pg_notify(${READ_MODEL_CHANGED_CHANNEL}, ${JSON.stringify({ position: 'rebuild', projections: ['*'] })})`.execute(trx);
    });
    return count;
  } finally {
    await lock.release();
  }
}
