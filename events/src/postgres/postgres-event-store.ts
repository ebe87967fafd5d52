import type pg from 'pg';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type DestructionPlan,
  type DestructionResult,
  type EventStore,
  type LogLag,
  type ExpectedRevision,
  type NewEvent,
  type RawRecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../store/event-store';
import type { Position } from '../store/position';
import { createLogger } from '../server/logger';
import { AppendAnnouncer, type AnnounceLog } from './append-announcer';
import { LogSealer } from './log-sealer';
import { ensureEventStoreSchema, ensureStoreId, hasEventLog } from './event-store-schema';
import type { StoreIdentity } from '../store/store-identity';
import { pollingSubscription } from './polling-subscription';
import { measureLogLag } from './log-lag';
import { createPool } from '../server/create-pool';
import { checkAppend } from '../store/append-checks';
import { destroyRecords } from './record-destruction';

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

const COLUMNS =
  'sequence, transaction_id, event_id, stream_id, stream_revision, event_type, schema_version, data, metadata';

/** What can run the append: the pool (a statement on its own is a transaction) or a caller's client. */
type Queryable = pg.Pool | pg.PoolClient;

/** Appends of up to this many events use a prepared statement per connection. */
const PREPARED_UP_TO = 4;

const claimKind = (expected: ExpectedRevision) => (typeof expected === 'bigint' ? 'revision' : expected);

/**
 * Claims the revisions for the new events in es_streams, or claims nothing when the expectation
 * fails. $1 is the stream, $2 the number of events, $3 the expected revision (only when one is given).
 * Two racing writers serialise on the es_streams row, and the loser sees the new revision.
 */
function claimSql(expected: ExpectedRevision): string {
  if (expected === 'no_stream') {
    return 'insert into es_streams (stream_id, revision) values ($1::text, $2::bigint - 1) on conflict do nothing returning revision';
  }
  if (expected === 'any') {
    return `insert into es_streams (stream_id, revision) values ($1::text, $2::bigint - 1)
       on conflict (stream_id) do update set revision = es_streams.revision + $2::bigint returning revision`;
  }
  return 'update es_streams set revision = revision + $2::bigint where stream_id = $1::text and revision = $3::bigint returning revision';
}

/**
 * The append itself, as one statement: on the pool it is its own transaction (one round trip,
 * where begin, claim, insert and commit were four); on a client inside a transaction the caller
 * owns, it joins that transaction. Exported for the test that proves out-of-order commits are
 * never skipped and for the bench's loader; everyone else calls `append`. It sends no
 * notification: the store announces its own appends, and subscribers poll for the rest.
 */
export async function appendInTransaction(
  client: Queryable,
  streamId: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  if (events.length === 0) throw new Error('append needs at least one event');
  const values: unknown[] = [streamId, events.length];
  if (typeof expected === 'bigint') values.push(expected.toString());
  const tuples = events.map((event, index) => {
    const base = values.length;
    values.push(
      event.eventId,
      event.type,
      event.schemaVersion,
      JSON.stringify(event.data),
      JSON.stringify(event.metadata),
      event.recordedAt ?? null,
    );
    return `(${index + 1}, $${base + 1}::uuid, $${base + 2}::text, $${base + 3}::integer, $${base + 4}::jsonb, $${base + 5}::jsonb, $${base + 6}::timestamptz)`;
  });
  // The events are inserted only when the claim returned a row (the join with `claimed`), in
  // their given order, so their sequence numbers follow their revisions.
  const { rows } = await client.query<{ revision: string; sequence: string; transaction_id: string }>({
    // Prepared once per connection and shape (most appends are one or two events), so PostgreSQL
    // does not parse and plan the statement again on every append.
    name: events.length <= PREPARED_UP_TO ? `es_append_${claimKind(expected)}_${events.length}` : undefined,
    text: `with claimed as (${claimSql(expected)}),
     inserted as (
       insert into es_events (event_id, stream_id, stream_revision, event_type, schema_version, data, metadata, recorded_at)
       select e.event_id, $1::text, claimed.revision - $2::bigint + e.n, e.event_type, e.schema_version, e.data, e.metadata,
         coalesce(e.recorded_at, now())
       from claimed, (values ${tuples.join(', ')}) as e (n, event_id, event_type, schema_version, data, metadata, recorded_at)
       order by e.n
       returning sequence, transaction_id
     )
     select (select revision from claimed) as revision, sequence, transaction_id
     from inserted order by sequence desc limit 1`,
    values,
  });
  const last = rows[0];
  if (!last) {
    const actual = await client.query<{ revision: string }>('select revision from es_streams where stream_id = $1', [
      streamId,
    ]);
    const current = actual.rows[0];
    throw new WrongExpectedRevisionError(streamId, expected, current ? BigInt(current.revision) : 'no_stream');
  }
  return {
    nextExpectedRevision: BigInt(last.revision),
    position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.sequence) },
  };
}

export interface PostgresEventStoreOptions {
  /** Where a failed wake-up notification is reported (the append itself still succeeds). */
  readonly log?: AnnounceLog;
  /** False only for the bench's comparison of appends without the hash chain's sealer (default true). */
  readonly seal?: boolean;
  /**
   * False for tools that work on an existing log (a rebuild, verify-log): opening a database with no log then
   * throws NoEventLogError instead of creating an empty one. Default true: the services create it on first start.
   */
  readonly create?: boolean;
}

/** A tool was pointed at a database that holds no event log (rather than creating an empty one there). */
export class NoEventLogError extends Error {
  constructor(database: string) {
    super(
      `There is no event log in database "${database}": nothing was created or changed. Point DATABASE_URL at the ` +
        'database the product runs on, or set EVENTSTORE_URL when the events are in EventStoreDB.',
    );
    this.name = 'NoEventLogError';
  }
}

export class PostgresEventStore implements EventStore {
  private readonly announcer: AppendAnnouncer;
  private readonly sealer: LogSealer | undefined;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool: boolean,
    log: AnnounceLog,
    seal: boolean,
  ) {
    this.announcer = new AppendAnnouncer(pool, log);
    this.sealer = seal ? new LogSealer(pool, log) : undefined;
  }

  /** Creates the schema when missing. Pass a pool to share it; otherwise one is made from the URL. */
  static async connect(
    source: string | pg.Pool,
    { log, seal = true, create = true }: PostgresEventStoreOptions = {},
  ): Promise<PostgresEventStore> {
    const pool = typeof source === 'string' ? createPool(source, { max: 10 }) : source;
    if (create) await ensureEventStoreSchema(pool);
    else if (!(await hasEventLog(pool))) {
      const database = (await pool.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
      if (typeof source === 'string') await pool.end();
      throw new NoEventLogError(database);
    }
    return new PostgresEventStore(pool, typeof source === 'string', log ?? createLogger('event-store'), seal);
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // The same size limit and reserved names as EventStoreDB, so what is taken here is taken in production too.
    checkAppend(streamId, events);
    let result: AppendResult;
    try {
      result = await appendInTransaction(this.pool, streamId, events, expected);
    } catch (error) {
      if (isUniqueViolation(error)) {
        // A unique key a racing writer took first (an event id, or a stream revision): a conflict.
        throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
      }
      throw error;
    }
    // Committed: the write has succeeded whatever happens next. Waking subscribers is best effort
    // and off this path (append-announcer.ts explains why it is not one NOTIFY per append).
    this.announcer.announce();
    // Likewise the hash chain: events are chained once their place in the global order is final.
    this.sealer?.poke();
    return result;
  }

  async readStream(streamId: string): Promise<RawRecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      // A destroyed event (`$destroyed`, decision 0037) is no longer part of any stream a reader folds.
      `select ${COLUMNS} from es_events where stream_id = $1 and event_type not like '$%' order by stream_revision`,
      [streamId],
    );
    return rows.map(toRecorded);
  }

  async readAll(after: Position, maxCount: number): Promise<RawRecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from es_events
       where transaction_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
         and (transaction_id, sequence) > ($1::bigint, $2::bigint)
         and event_type not like '$%'
       order by transaction_id, sequence
       limit $3`,
      [after.commit.toString(), after.prepare.toString(), maxCount],
    );
    return rows.map(toRecorded);
  }

  async destroyRecords(plan: DestructionPlan): Promise<DestructionResult> {
    for (const event of plan.events(0)) checkAppend(plan.certificateStream, [event]);
    const result = await destroyRecords(this.pool, plan, appendInTransaction);
    this.announcer.announce();
    this.sealer?.poke();
    return result;
  }

  subscribe(options: SubscribeOptions): Promise<Subscription> {
    return pollingSubscription(this.pool, this, options);
  }

  measureLag(after: Position): Promise<LogLag> {
    return measureLogLag(this.pool, after);
  }

  async identity(): Promise<StoreIdentity> {
    const id = await ensureStoreId(this.pool);
    const database = (await this.pool.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
    return { kind: 'postgres', id, label: `the PostgreSQL event store in database "${database}"` };
  }

  async close(): Promise<void> {
    await this.announcer.close();
    await this.sealer?.close();
    if (this.ownsPool) await this.pool.end();
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
