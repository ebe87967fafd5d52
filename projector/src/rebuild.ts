import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { START_POSITION, type EventStore, type Position } from '@care/events';
import type { Logger } from '@care/events/server';
import type { Projection } from './projection';
import { projections as registered, projectionNamed } from './projection-list';
import { acquireProjectorLock } from './projector-lock';
import type { ReadModelDatabase } from './read-model/database';
import { applyToMembers, parseBatch, type Member } from './runner/apply-to-members';
import { ProjectionRunner } from './runner/projection-runner';

const REPLAY_BATCH = 10_000;

/**
 * Replays the whole log from position zero into a fresh `schema` (dropped first) with every projection, and keeps
 * no checkpoint: for comparing a rebuild with the live read model (tests, bench). Returns the event count.
 */
export async function replayInto(
  store: EventStore,
  db: Kysely<ReadModelDatabase>,
  schema: string,
  projections: readonly Projection[] = registered,
): Promise<number> {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await sql`create schema ${sql.id(schema)}`.execute(db);
  const members: Member[] = [];
  for (const projection of projections) {
    await projection.schema.create(db.withSchema(schema) as Kysely<unknown>);
    members.push({
      projection,
      schema,
      rebuildVersion: projection.version,
      checkpoint: START_POSITION,
      saved: START_POSITION,
      stalled: undefined,
      rebuildEvents: 0,
    });
  }
  let position: Position = START_POSITION;
  let count = 0;
  for (;;) {
    const raw = await store.readAll(position, REPLAY_BATCH);
    if (raw.length === 0) {
      for (const projection of projections) await projection.schema.indexes?.(db.withSchema(schema) as Kysely<unknown>);
      return count;
    }
    await db.transaction().execute((trx) => applyToMembers(trx, parseBatch(raw), members, new Set()));
    const stalled = members.find((member) => member.stalled);
    if (stalled)
      throw new Error(
        `Projection ${stalled.projection.name} cannot apply event ${stalled.stalled!.eventId} (${stalled.stalled!.type}): ${stalled.stalled!.error}`,
      );
    position = raw.at(-1)!.position;
    count += raw.length;
  }
}

export interface RebuildProgress {
  readonly eventsRead: number;
  readonly members: readonly Member[];
}

/**
 * `npm run rebuild [-- <projection>…]`: rebuilds the named projections (all when none is named) from zero into
 * fresh tables and swaps each in when caught up; the others are left as they are. Refused while a projector runs
 * (it holds the same lock). Returns the projections rebuilt and their stalls, if any.
 */
export async function rebuildProjections(options: {
  store: EventStore;
  pool: pg.Pool;
  db: Kysely<ReadModelDatabase>;
  log: Logger;
  names?: readonly string[];
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<readonly Member[]> {
  const names = options.names?.length ? options.names : registered.map((projection) => projection.name);
  const unknown = names.filter((name) => !projectionNamed(name));
  if (unknown.length > 0)
    throw new Error(
      `Unknown projection ${unknown.join(', ')}; known: ${registered.map((projection) => projection.name).join(', ')}`,
    );
  const lock = await acquireProjectorLock(options.pool, { wait: false });
  if (!lock) throw new Error('A projector is running: stop it before rebuilding the read model.');
  try {
    const runner = new ProjectionRunner({
      store: options.store,
      db: options.db,
      log: options.log,
      projections: registered,
      forceRebuild: names,
      follow: false,
      onCatchUpProgress: (members, eventsRead) => options.onProgress?.({ members, eventsRead }),
    });
    await runner.start();
    await runner.settled();
    await runner.stop();
    return runner.members().filter((member) => names.includes(member.projection.name));
  } finally {
    await lock.release();
  }
}
