import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { carerStreamId, type NewEvent } from '@care/events';
import { PostgresEventStore } from '@care/events/server';
import { registered, stamp } from './carer-data';
import { now, runConcurrently } from './stats';

export interface AppendFigures {
  appendPerSec: number;
  appendConcurrentPerSec: number;
  rawInsertPerSec: number;
  rawInsertConcurrentPerSec: number;
  /** The same appends from a store whose hash-chain sealer is off: what the chain costs. */
  appendUnsealedPerSec: number;
}

const APPENDS = 3000;
const WRITERS = 8;
/** APPENDS per variant, split into rounds (see below). */
const ROUNDS = 6;
/** Untimed appends first: connection set-up, plan caching and the first WAL segments are not throughput. */
const WARM_UP = 200;

/**
 * (a) What the event store's bookkeeping costs on top of the cheapest durable write PostgreSQL offers.
 * Both sides write the same payload, one event per commit, in the same database and run, so the
 * ratio isolates the store's overhead (stream row, revision check, ordering columns and indexes,
 * the coalesced NOTIFY that wakes subscribers).
 */
export async function measureAppend(url: string): Promise<AppendFigures> {
  // max ≥ WRITERS + 2 so the concurrent runs never queue for a connection inside the pool.
  const pool = new pg.Pool({ connectionString: url, max: WRITERS + 2 });
  try {
    const store = await PostgresEventStore.connect(pool);
    const unsealedStore = await PostgresEventStore.connect(pool, { seal: false });
    await pool.query(
      'create table raw_events (id bigserial primary key, stream_id text, type text, data jsonb, metadata jsonb)',
    );
    // One representative event: the same data and metadata go to the store and to the raw table.
    const sample = stamp(registered(uuidv7(), 42));
    const appendOne = async () => {
      const event: NewEvent = { ...sample, eventId: uuidv7() };
      await store.append(carerStreamId(uuidv7()), [event], 'no_stream');
    };
    const appendOneUnsealed = async () => {
      const event: NewEvent = { ...sample, eventId: uuidv7() };
      await unsealedStore.append(carerStreamId(uuidv7()), [event], 'no_stream');
    };
    const data = JSON.stringify(sample.data);
    const meta = JSON.stringify(sample.metadata);
    const insertOne = async () => {
      await pool.query('insert into raw_events (stream_id, type, data, metadata) values ($1, $2, $3, $4)', [
        carerStreamId(uuidv7()),
        sample.type,
        data,
        meta,
      ]);
    };

    await runConcurrently(WARM_UP, WRITERS, appendOne);
    await runConcurrently(WARM_UP, WRITERS, insertOne);
    // Commit latency on a shared machine drifts by 2x within seconds (WAL flushes, checkpoints,
    // neighbours' I/O). Interleaving short rounds of every variant, in a rotating order, gives
    // each the same mix of good and bad moments; each figure is its total work / total time.
    const variants = [
      { name: 'rawInsertPerSec', concurrency: 1, task: insertOne },
      { name: 'appendPerSec', concurrency: 1, task: appendOne },
      // The other store's sealer chains these too, in its own rounds: the comparison is, if anything, unkind to the chain.
      { name: 'appendUnsealedPerSec', concurrency: 1, task: appendOneUnsealed },
      { name: 'appendConcurrentPerSec', concurrency: WRITERS, task: appendOne },
      { name: 'rawInsertConcurrentPerSec', concurrency: WRITERS, task: insertOne },
    ] as const;
    const elapsedMs = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let i = 0; i < variants.length; i += 1) {
        const variant = variants[(i + round) % variants.length]!;
        const started = now();
        await runConcurrently(APPENDS / ROUNDS, variant.concurrency, variant.task);
        elapsedMs.set(variant.name, (elapsedMs.get(variant.name) ?? 0) + now() - started);
      }
    }
    const perSec = (name: (typeof variants)[number]['name']) => APPENDS / (elapsedMs.get(name)! / 1000);
    const appendPerSec = perSec('appendPerSec');
    const appendConcurrentPerSec = perSec('appendConcurrentPerSec');
    const rawInsertPerSec = perSec('rawInsertPerSec');
    const rawInsertConcurrentPerSec = perSec('rawInsertConcurrentPerSec');
    const appendUnsealedPerSec = perSec('appendUnsealedPerSec');
    await store.close();
    await unsealedStore.close();
    return { appendPerSec, appendConcurrentPerSec, rawInsertPerSec, rawInsertConcurrentPerSec, appendUnsealedPerSec };
  } finally {
    await pool.end();
  }
}
