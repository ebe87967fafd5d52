import type pg from 'pg';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type LogLag,
  type ExpectedRevision,
  type NewEvent,
  type RawRecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../store/event-store';
import type { Position } from '../store/position';
import { EVENTS_NOTIFY_CHANNEL, ensureEventStoreSchema } from './event-store-schema';
import { pollingSubscription } from './polling-subscription';
import { measureLogLag } from './log-lag';
import { createPool } from '../server/create-pool';

interface EventRow {
  sequence: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_revision: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
}

const toRecorded = (row: EventRow): RawRecordedEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  revision: BigInt(row.stream_revision),
  position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.sequence) },
  type: row.event_type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: row.metadata,
});

const COLUMNS = 'sequence, transaction_id, event_id, stream_id, stream_revision, event_type, schema_version, data, metadata';

/**
 * Claims the revisions for `count` new events, or throws a conflict. One statement each,
 * so two racing writers serialise on the es_streams row and the loser sees the new revision.
 */
async function claimRevisions(
  client: pg.PoolClient,
  streamId: string,
  count: number,
  expected: ExpectedRevision,
): Promise<bigint> {
  let rows: { revision: string }[];
  if (expected === 'no_stream') {
    ({ rows } = await client.query<{ revision: string }>(
      'insert into es_streams (stream_id, revision) values ($1, $2) on conflict do nothing returning revision',
      [streamId, count - 1],
    ));
  } else if (expected === 'any') {
    ({ rows } = await client.query<{ revision: string }>(
      `insert into es_streams (stream_id, revision) values ($1, $2)
       on conflict (stream_id) do update set revision = es_streams.revision + $3 returning revision`,
      [streamId, count - 1, count],
    ));
  } else {
    ({ rows } = await client.query<{ revision: string }>(
      'update es_streams set revision = revision + $3 where stream_id = $1 and revision = $2 returning revision',
      [streamId, expected.toString(), count],
    ));
  }
  const claimed = rows[0];
  if (!claimed) {
    const actual = await client.query<{ revision: string }>('select revision from es_streams where stream_id = $1', [streamId]);
    const current = actual.rows[0];
    throw new WrongExpectedRevisionError(streamId, expected, current ? BigInt(current.revision) : 'no_stream');
  }
  return BigInt(claimed.revision);
}

/**
 * The append itself, inside a transaction the caller owns. Exported for the test that
 * proves out-of-order commits are never skipped; everyone else calls `append`. It sends no
 * notification: subscribers find such events on their next poll.
 */
export async function appendInTransaction(
  client: pg.PoolClient,
  streamId: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  if (events.length === 0) throw new Error('append needs at least one event');
  const lastRevision = await claimRevisions(client, streamId, events.length, expected);
  const firstRevision = lastRevision - BigInt(events.length) + 1n;
  const values: unknown[] = [];
  const tuples = events.map((event, index) => {
    const base = index * 7;
    values.push(
      event.eventId,
      streamId,
      (firstRevision + BigInt(index)).toString(),
      event.type,
      event.schemaVersion,
      JSON.stringify(event.data),
      JSON.stringify(event.metadata),
    );
    return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7})`;
  });
  const inserted = await client.query<{ sequence: string; transaction_id: string }>(
    `insert into es_events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata)
     values ${tuples.join(', ')} returning sequence, transaction_id`,
    values,
  );
  const last = inserted.rows[inserted.rows.length - 1]!;
  return {
    nextExpectedRevision: lastRevision,
    position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.sequence) },
  };
}

export class PostgresEventStore implements EventStore {
  private constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool: boolean,
  ) {}

  /** Creates the schema when missing. Pass a pool to share it; otherwise one is made from the URL. */
  static async connect(source: string | pg.Pool): Promise<PostgresEventStore> {
    const pool = typeof source === 'string' ? createPool(source, { max: 10 }) : source;
    await ensureEventStoreSchema(pool);
    return new PostgresEventStore(pool, typeof source === 'string');
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await appendInTransaction(client, streamId, events, expected);
      await client.query('commit');
      // After the commit, not inside it: a NOTIFY in the transaction takes a database-wide lock
      // until the commit is flushed, which serialised concurrent appends (measured by the bench).
      await client.query(`select pg_notify('${EVENTS_NOTIFY_CHANNEL}', '')`);
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      if (isUniqueViolation(error)) {
        // A racing writer that created the same stream between our claim and insert.
        throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
      }
      throw error;
    } finally {
      client.release();
    }
  }

  async readStream(streamId: string): Promise<RawRecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from es_events where stream_id = $1 order by stream_revision`,
      [streamId],
    );
    return rows.map(toRecorded);
  }

  async readAll(after: Position, maxCount: number): Promise<RawRecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from es_events
       where transaction_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
         and (transaction_id, sequence) > ($1::bigint, $2::bigint)
       order by transaction_id, sequence
       limit $3`,
      [after.commit.toString(), after.prepare.toString(), maxCount],
    );
    return rows.map(toRecorded);
  }

  subscribe(options: SubscribeOptions): Promise<Subscription> {
    return pollingSubscription(this.pool, this, options);
  }

  measureLag(after: Position): Promise<LogLag> {
    return measureLogLag(this.pool, after);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
