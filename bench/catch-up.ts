import { sql } from 'kysely';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { carerStreamId, type CarerEvent, type ExpectedRevision } from '@care/events';
import { appendInTransaction, PostgresEventStore } from '@care/events/server';
import { createReadModelDb, replayInto } from '@care/projector';
import { deactivated, detailsChanged, reactivated, registered, removed, stamp } from './carer-data';
import { now, runConcurrently } from './stats';

export interface CatchUpFigures {
  catchUpPerSec: number;
  events: number;
  registered: number;
  removed: number;
  rows: number;
  /** False when the projected row count is not registered − removed. */
  verified: boolean;
}

const TOTAL_EVENTS = 100_000;
/** Streams per loading transaction: one commit (one WAL flush) per batch instead of per stream. */
const STREAMS_PER_TX = 200;
const LOADERS = 4;

/**
 * What happens to a carer, by index: mostly just a registration, some edits, some
 * deactivations (a few reactivated) and some removals, as in an agency's real history.
 */
function lifeOf(carerId: string, n: number): CarerEvent[] {
  const r = registered(carerId, n);
  switch (n % 20) {
    case 14:
    case 15:
    case 16:
      return [r, detailsChanged(carerId, n)];
    case 17:
      return [r, deactivated(carerId)];
    case 18:
      return [r, deactivated(carerId), reactivated(carerId)];
    case 19:
      return [r, detailsChanged(carerId, n), removed(carerId)];
    default:
      return [r];
  }
}

interface Append {
  streamId: string;
  events: CarerEvent[];
  expected: ExpectedRevision;
}

/** Exactly TOTAL_EVENTS events: the last carer's life is cut short (any prefix of a life is valid). */
function plan() {
  const registrations: Append[] = [];
  const followUps: Append[] = [];
  let total = 0;
  let registeredCount = 0;
  let removedCount = 0;
  for (let n = 0; total < TOTAL_EVENTS; n += 1) {
    const carerId = uuidv7();
    const life = lifeOf(carerId, n).slice(0, TOTAL_EVENTS - total);
    total += life.length;
    registeredCount += 1;
    if (life.some((event) => event.type === 'CarerRemoved')) removedCount += 1;
    const streamId = carerStreamId(carerId);
    registrations.push({ streamId, events: life.slice(0, 1), expected: 'no_stream' });
    // Later commands, appended later: the log interleaves them after the registrations,
    // as in production where edits arrive weeks after the carer joined.
    if (life.length > 1) followUps.push({ streamId, events: life.slice(1), expected: 0n });
  }
  return { registrations, followUps, total, registeredCount, removedCount };
}

/**
 * Loads through the store's own append (appendInTransaction: same revision claims, same rows),
 * many streams per transaction, so 100,000 events load in seconds. Loading is not measured.
 */
async function load(pool: pg.Pool, appends: readonly Append[]): Promise<void> {
  const batches = Math.ceil(appends.length / STREAMS_PER_TX);
  await runConcurrently(batches, LOADERS, async (b) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const append of appends.slice(b * STREAMS_PER_TX, (b + 1) * STREAMS_PER_TX)) {
        await appendInTransaction(client, append.streamId, append.events.map(stamp), append.expected);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  });
}

/** (b) How fast a rebuild (or a projector far behind) turns the log into the carers table. */
export async function measureCatchUp(url: string): Promise<CatchUpFigures> {
  const pool = new pg.Pool({ connectionString: url, max: LOADERS + 2 });
  const db = createReadModelDb(pool); // destroying db ends the pool
  try {
    const store = await PostgresEventStore.connect(pool);
    const { registrations, followUps, total, registeredCount, removedCount } = plan();
    await load(pool, registrations);
    await load(pool, followUps);
    // Statistics for the fresh table, as autovacuum would have them on a server that ran a while.
    await pool.query('analyze es_events');

    const started = now();
    const replayed = await replayInto(store, db, 'read_model');
    const seconds = (now() - started) / 1000;

    const { rows } = await sql<{ count: string }>`select count(*)::text as count from read_model.carers`.execute(db);
    const projected = Number(rows[0]?.count ?? -1);
    return {
      catchUpPerSec: total / seconds,
      events: replayed,
      registered: registeredCount,
      removed: removedCount,
      rows: projected,
      verified: replayed === total && projected === registeredCount - removedCount,
    };
  } finally {
    await db.destroy();
  }
}
