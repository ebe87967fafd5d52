import {
  ANY,
  AccessDeniedError,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  MaxAppendSizeExceededError,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type ReadPosition,
  type RecordedEvent,
} from '@eventstore/db-client';
import { createLogger } from '../server/logger';
import { appendSize, checkAppend, isReservedName, SCHEMA_VERSION_KEY, storedMetadata } from '../store/append-checks';
import {
  AppendTooLargeError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogLag,
  type NewEvent,
  type RawRecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../store/event-store';
import { comparePositions, type Position } from '../store/position';
import type { StoreIdentity } from '../store/store-identity';
import { Outage } from './backoff';
import { planDelivery, takeBatch } from './batching';
import { describeHosts, parseEventStoreConnection } from './connection-string';
import { eventStoreDbIdentity } from './eventstoredb-identity';

/** $all pages are filtered on the client (readAll takes no server-side filter), so read more than asked for. */
const MAX_PAGE_SIZE = 4096;
/** A subscription's batches when the subscriber names no size (the PostgreSQL store's default too). */
const DEFAULT_MAX_BATCH_SIZE = 1000;
/**
 * EventStoreDB has no count of the events after a position: measureLag reads them, and stops at this many, when
 * the count it reports is a lower bound (LogLag.eventsIsLowerBound).
 */
export const LAG_COUNT_CAP = 10_000;
/** How long connect() waits for the server's first answer before giving up. */
const CONNECT_DEADLINE_MS = 10_000;
/** The protocol's "no position" for an unsigned 64-bit position: never a real place in the log. */
const NO_POSITION = 2n ** 64n - 1n;

/**
 * Where the subscriptions tell of a lost server (warn) and of its return (info). A pino logger fits; so does the
 * PostgreSQL store's AnnounceLog, which has no info (the return then goes untold).
 */
export interface EventStoreDBLog {
  warn(details: { err: unknown } & Record<string, unknown>, message: string): void;
  info?(details: Record<string, unknown>, message: string): void;
}

export interface EventStoreDBOptions {
  /** The service's logger; by default one named event-store. */
  readonly log?: EventStoreDBLog | undefined;
}

const isStart = (position: Position): boolean => position.commit === 0n && position.prepare === 0n;

const copy = (position: Position): Position => ({ commit: position.commit, prepare: position.prepare });

const toReadPosition = (position: Position): ReadPosition => (isStart(position) ? START : copy(position));

/** Events the database writes for itself ($metadata, $scavenge…, $stats…) never reach the application. */
const isUserEvent = (event: RecordedEvent): boolean => !isReservedName(event.type) && !isReservedName(event.streamId);

const toExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return expected;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

function splitMetadata(stored: unknown): { schemaVersion: number; metadata: unknown } {
  if (!isPlainObject(stored)) return { schemaVersion: 1, metadata: stored ?? {} };
  const { [SCHEMA_VERSION_KEY]: version, ...metadata } = stored;
  return {
    schemaVersion: typeof version === 'number' && Number.isInteger(version) ? version : 1,
    metadata,
  };
}

/** The event's place in $all, or undefined when the server did not send it. */
function positionOfEvent(event: RecordedEvent): Position | undefined {
  const position = event.position;
  if (!position || position.commit === NO_POSITION) return undefined;
  return copy(position);
}

/** Thrown rather than inventing a position: every reader's checkpoint depends on it being the event's real one. */
class MissingPositionError extends Error {
  constructor(streamId: string, revision: bigint) {
    super(
      `EventStoreDB gave ${streamId}@${revision} without its position in $all. This store needs EventStoreDB 22.10 ` +
        'or later, which sends it with every event and every append.',
    );
    this.name = 'MissingPositionError';
  }
}

function toRaw(event: RecordedEvent): RawRecordedEvent {
  const position = positionOfEvent(event);
  if (!position) throw new MissingPositionError(event.streamId, event.revision);
  const { schemaVersion, metadata } = splitMetadata(event.metadata);
  return {
    eventId: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position,
    type: event.type,
    schemaVersion,
    data: event.data,
    metadata,
  };
}

const delay = (ms: number, signal: { wake?: () => void }): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });

/** A message about the server that never holds the password (a client message might quote the connection string). */
function withoutSecrets(message: string, connectionString: string): string {
  const credentials = /^esdb(?:\+discover)?:\/\/([^@/?]*)@/.exec(connectionString.trim())?.[1];
  const password = credentials?.slice(credentials.indexOf(':') + 1);
  if (!password) return message;
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // Left as written: the client would have refused it anyway.
  }
  return message.split(password).join('***').split(decoded).join('***');
}

export class EventStoreDBEventStore implements EventStore {
  private constructor(
    private readonly client: EventStoreDBClient,
    private readonly connectionString: string,
    /** The hosts, for messages and log lines: `es1:2113, es2:2113`. */
    private readonly where: string,
    private readonly log: EventStoreDBLog,
  ) {}

  /**
   * e.g. `esdb://localhost:2113?tls=false`, or a cluster `esdb://es1:2113,es2:2113,es3:2113`. Reads the last event
   * of $all before returning, so a wrong address, refused credentials or a user who may not read $all stop the
   * service at start, with a message naming the host (never the password).
   */
  static async connect(connectionString: string, { log }: EventStoreDBOptions = {}): Promise<EventStoreDBEventStore> {
    const parsed = parseEventStoreConnection(connectionString.trim());
    if (!parsed.ok) throw new Error(`EVENTSTORE_URL ${parsed.message}`);
    const where = describeHosts(parsed.connection);
    let client: EventStoreDBClient;
    try {
      client = EventStoreDBClient.connectionString(connectionString.trim());
    } catch {
      // The client's own message quotes the connection string, password included.
      throw new Error(`EVENTSTORE_URL for ${where} could not be read by the EventStoreDB client`);
    }
    const store = new EventStoreDBEventStore(client, connectionString, where, log ?? createLogger('event-store'));
    try {
      await store.lastPosition(CONNECT_DEADLINE_MS);
    } catch (error) {
      await client.dispose().catch(() => undefined);
      const reason = withoutSecrets(error instanceof Error ? error.message : String(error), connectionString);
      if (error instanceof AccessDeniedError) {
        const who = parsed.connection.username ? `user "${parsed.connection.username}"` : 'a connection without a user';
        throw new Error(
          `EventStoreDB at ${where} refused ${who}: check the user and password in EVENTSTORE_URL, and that the ` +
            `user may read $all (${reason})`,
          { cause: error },
        );
      }
      throw new Error(`Could not reach EventStoreDB at ${where}: ${reason}`, { cause: error });
    }
    return store;
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // Refused here, before anything is sent, exactly as the PostgreSQL store refuses it.
    checkAppend(streamId, events);
    const data = events.map((event) =>
      jsonEvent({
        id: event.eventId,
        type: event.type,
        // JSON.stringify'd by the client; our events are JSON by construction (zod schemas).
        data: event.data as JSONType,
        metadata: storedMetadata(event) as JSONType,
      }),
    );
    const result = await this.client
      .appendToStream(streamId, data, { expectedRevision: toExpectedRevision(expected) })
      .catch((error: unknown) => {
        if (error instanceof WrongExpectedVersionError) {
          throw new WrongExpectedRevisionError(streamId, expected, error.actualVersion);
        }
        // A server configured with a MaxAppendSize below the default: the same refusal, at its limit.
        if (error instanceof MaxAppendSizeExceededError) {
          throw new AppendTooLargeError(streamId, appendSize(events), error.maxAppendSize);
        }
        throw error;
      });
    const position = result.position ?? (await this.positionOf(streamId, result.nextExpectedRevision));
    return { nextExpectedRevision: result.nextExpectedRevision, position: copy(position) };
  }

  async readStream(streamId: string): Promise<RawRecordedEvent[]> {
    const events: RawRecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: START, direction: FORWARDS })) {
        if (resolved.event) events.push(toRaw(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(after: Position, maxCount: number): Promise<RawRecordedEvent[]> {
    const events: RawRecordedEvent[] = [];
    if (maxCount <= 0) return events;
    try {
      for await (const event of this.scanAll(after, Math.min(maxCount + 1, MAX_PAGE_SIZE))) {
        if (!isUserEvent(event)) continue;
        events.push(toRaw(event));
        if (events.length === maxCount) break;
      }
    } catch (error) {
      // A position past the end of the log: some servers answer with an invalid-position error where others
      // answer with nothing. Either way there is nothing after it yet.
      if (events.length === 0 && (await this.isBeyondEnd(after))) return [];
      throw error;
    }
    return events;
  }

  async measureLag(after: Position): Promise<LogLag> {
    let events = 0;
    let oldestRecordedAt: Date | undefined;
    try {
      for await (const event of this.scanAll(after, MAX_PAGE_SIZE)) {
        if (!isUserEvent(event)) continue;
        if (events === 0) oldestRecordedAt = event.created;
        events += 1;
        if (events === LAG_COUNT_CAP) return { events, oldestRecordedAt, eventsIsLowerBound: true };
      }
    } catch (error) {
      if (events === 0 && (await this.isBeyondEnd(after))) return { events: 0, oldestRecordedAt: undefined };
      throw error;
    }
    return { events, oldestRecordedAt };
  }

  async subscribe({
    after,
    onBatch,
    onError,
    maxBatchSize = DEFAULT_MAX_BATCH_SIZE,
  }: SubscribeOptions): Promise<Subscription> {
    // 'start' until the first event is seen: the log's first event sits at position 0, which START must not skip.
    let from: Position | 'start' = isStart(after) ? 'start' : copy(after);
    // The caller's position may lie beyond the end of the log (checked once, before the first event is seen).
    let fromCaller = true;
    let stopped = false;
    let current: AllStreamSubscription | undefined;
    const pause: { wake?: () => void } = {};
    const outage = new Outage();
    const recovered = () => {
      const ended = outage.recovered();
      if (ended) this.log.info?.({ eventStore: this.where, ...ended }, 'EventStoreDB subscription resumed');
    };

    const loop = (async () => {
      while (!stopped) {
        let failure: { batch: boolean; error: unknown } | undefined;
        let subscription: AllStreamSubscription | undefined;
        try {
          subscription = this.client.subscribeToAll(
            { fromPosition: await this.subscribeFrom(from, fromCaller), filter: excludeSystemEvents() },
            // Room for a whole batch to arrive while the previous one is handled.
            { highWaterMark: maxBatchSize },
          );
          current = subscription;
          if (stopped) break;
          subscription.once('confirmation', recovered);
          const received = subscription;
          const takeReceived = (): AllStreamResolvedEvent | null => {
            const next: unknown = received.read();
            return next === null ? null : (next as AllStreamResolvedEvent);
          };
          for await (const first of subscription) {
            if (stopped) break;
            recovered();
            // The events already received, up to a batch: the subscriber never waits for more than are there.
            const batch = takeBatch(first, takeReceived, maxBatchSize)
              .map((resolved) => resolved.event)
              .filter((event): event is AllStreamRecordedEvent => event !== undefined);
            const plan = planDelivery(batch, from, isUserEvent);
            if (plan.deliver.length > 0) {
              try {
                await onBatch(plan.deliver.map(toRaw));
              } catch (error) {
                failure = { batch: true, error };
                break;
              }
              outage.delivered();
            }
            // Only now: a batch that failed is handed over again, from its first event, after resubscribing.
            from = plan.after;
            fromCaller = false;
            if (stopped) break;
          }
          if (!failure && !stopped) failure = { batch: false, error: new Error('the server ended the subscription') };
        } catch (error) {
          // stop() destroys the stream, which ends the iteration with a premature-close error.
          if (!stopped) failure = { batch: false, error };
        } finally {
          current = undefined;
          if (subscription) {
            subscription.removeListener('confirmation', recovered);
            await subscription.unsubscribe().catch(() => undefined);
            if (!subscription.destroyed) subscription.destroy();
          }
        }
        if (stopped || !failure) break;
        if (failure.batch) {
          // The subscriber's own failure: it is told of each one, and the batch is tried again after a wait.
          onError?.(failure.error);
          await delay(outage.retried(), pause);
        } else {
          // The server lost: one warning when it goes, one line when it is back (recovered), whatever the retries.
          const { delayMs, began } = outage.dropped();
          if (began) {
            this.log.warn(
              { err: failure.error, eventStore: this.where },
              'EventStoreDB subscription lost; resubscribing from the last delivered event, waiting longer each time',
            );
          }
          await delay(delayMs, pause);
        }
      }
    })();

    return {
      async stop() {
        if (stopped) return loop;
        stopped = true;
        pause.wake?.();
        const subscription = current;
        if (subscription) {
          await subscription.unsubscribe().catch(() => undefined);
          subscription.destroy();
        }
        await loop;
      },
    };
  }

  identity(): Promise<StoreIdentity> {
    return eventStoreDbIdentity(this.client, this.connectionString);
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  /**
   * Every event of $all strictly after `after`, in order, the database's own included, read a page at a time.
   * The server's reads start at the position given (inclusive), so each page's first event, already seen, is skipped.
   */
  private async *scanAll(after: Position, pageSize: number): AsyncGenerator<AllStreamRecordedEvent> {
    let cursor = after;
    for (;;) {
      let read = 0;
      let finished = false;
      const page = this.client.readAll({
        fromPosition: toReadPosition(cursor),
        maxCount: pageSize,
        direction: FORWARDS,
      });
      try {
        for await (const resolved of page) {
          read += 1;
          const event = resolved.event;
          if (!event) continue;
          if (!isStart(cursor) && comparePositions(event.position, cursor) <= 0) continue;
          cursor = copy(event.position);
          yield event;
        }
        finished = true;
      } finally {
        // Left early (the caller has enough, or the read failed): the rest of the page is not wanted.
        if (!finished) await page.cancel().catch(() => undefined);
      }
      if (read < pageSize) return;
    }
  }

  /** The position of the last event in $all (the database's own included), or undefined for an empty log. */
  private async lastPosition(deadline?: number): Promise<Position | undefined> {
    const read = this.client.readAll({
      fromPosition: END,
      maxCount: 1,
      direction: BACKWARDS,
      ...(deadline ? { deadline } : {}),
    });
    for await (const resolved of read) {
      if (resolved.event) return copy(resolved.event.position);
    }
    return undefined;
  }

  private async isBeyondEnd(position: Position): Promise<boolean> {
    const last = await this.lastPosition();
    return last === undefined ? !isStart(position) : comparePositions(position, last) > 0;
  }

  /**
   * Where to ask the server to start. A position the caller gave may lie beyond the end of the log, which the
   * server refuses (or misreads); the subscription then starts after the last event, and planDelivery holds back
   * everything until the log passes the caller's position.
   */
  private async subscribeFrom(from: Position | 'start', fromCaller: boolean): Promise<ReadPosition> {
    if (from === 'start') return START;
    if (!fromCaller) return copy(from);
    const last = await this.lastPosition();
    if (last === undefined) return START;
    return comparePositions(from, last) > 0 ? last : copy(from);
  }

  /** When the append's reply has no position (a write forwarded by a follower): the event read back from its stream. */
  private async positionOf(streamId: string, revision: bigint): Promise<Position> {
    for await (const resolved of this.client.readStream(streamId, {
      fromRevision: revision,
      maxCount: 1,
      direction: FORWARDS,
    })) {
      if (resolved.event) return toRaw(resolved.event).position;
    }
    throw new MissingPositionError(streamId, revision);
  }
}
