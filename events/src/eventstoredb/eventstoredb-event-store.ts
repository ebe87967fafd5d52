import {
  ANY,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type ReadPosition,
  type RecordedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RawRecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../store/event-store';
import { comparePositions, type Position } from '../store/position';

/** After a dropped subscription or a failed batch, wait this long before resubscribing from the last delivered event. */
const RESUBSCRIBE_DELAY_MS = 500;
/** $all pages are filtered on the client (readAll takes no server-side filter), so read more than asked for. */
const MAX_PAGE_SIZE = 4096;

/**
 * EventStoreDB keeps a type, data and metadata per event, but no schema version:
 * it travels in the metadata under this key and is taken out again on read.
 */
const SCHEMA_VERSION_KEY = 'schemaVersion';

const isStart = (position: Position): boolean => position.commit === 0n && position.prepare === 0n;

const toReadPosition = (position: Position): ReadPosition =>
  isStart(position) ? START : { commit: position.commit, prepare: position.prepare };

/** Events the database writes for itself ($metadata, $scavenge…, $stats…) never reach the application. */
const isUserEvent = (event: RecordedEvent): boolean => !event.type.startsWith('$') && !event.streamId.startsWith('$');

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

function toRaw(event: RecordedEvent, fallbackCommit?: bigint): RawRecordedEvent {
  const position: Position | undefined =
    event.position ?? (fallbackCommit === undefined ? undefined : { commit: fallbackCommit, prepare: fallbackCommit });
  if (!position) {
    // Servers before 22.6 leave the $all position out of stream reads; 24.x always sends it.
    throw new Error(`EventStoreDB returned event ${event.id} of ${event.streamId} without a log position`);
  }
  const { schemaVersion, metadata } = splitMetadata(event.metadata);
  return {
    eventId: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position: { commit: position.commit, prepare: position.prepare },
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

export class EventStoreDBEventStore implements EventStore {
  private constructor(private readonly client: EventStoreDBClient) {}

  /** e.g. `esdb://localhost:2113?tls=false`. The client connects lazily, on the first call. */
  static async connect(connectionString: string): Promise<EventStoreDBEventStore> {
    return new EventStoreDBEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const data = events.map((event) =>
      jsonEvent({
        id: event.eventId,
        type: event.type,
        // JSON.stringify'd by the client; our events are JSON by construction (zod schemas).
        data: event.data as JSONType,
        metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: event.schemaVersion },
      }),
    );
    const result = await this.client
      .appendToStream(streamId, data, { expectedRevision: toExpectedRevision(expected) })
      .catch((error: unknown) => {
        if (error instanceof WrongExpectedVersionError) {
          throw new WrongExpectedRevisionError(streamId, expected, error.actualVersion);
        }
        throw error;
      });
    const position = result.position ?? (await this.positionOf(streamId, result.nextExpectedRevision));
    return {
      nextExpectedRevision: result.nextExpectedRevision,
      position: { commit: position.commit, prepare: position.prepare },
    };
  }

  async readStream(streamId: string): Promise<RawRecordedEvent[]> {
    const events: RawRecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: START, direction: FORWARDS })) {
        if (resolved.event) events.push(toRaw(resolved.event, resolved.commitPosition));
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
    // fromPosition is inclusive: every page starts with the event at the cursor, which was already seen.
    let cursor = after;
    const pageSize = Math.min(maxCount + 1, MAX_PAGE_SIZE);
    for (;;) {
      let read = 0;
      const page = this.client.readAll({
        fromPosition: toReadPosition(cursor),
        maxCount: pageSize,
        direction: FORWARDS,
      });
      for await (const resolved of page) {
        read += 1;
        const event = resolved.event;
        if (!event) continue;
        if (!isStart(cursor) && comparePositions(event.position, cursor) <= 0) continue;
        cursor = { commit: event.position.commit, prepare: event.position.prepare };
        if (!isUserEvent(event)) continue;
        events.push(toRaw(event));
        if (events.length === maxCount) {
          await page.cancel();
          return events;
        }
      }
      if (read < pageSize) return events;
    }
  }

  async subscribe({ after, onBatch, onError }: SubscribeOptions): Promise<Subscription> {
    // Delivery is one event per batch: the subscription is a stream, and each event is awaited before the next.
    let position = after;
    let stopped = false;
    let current: AllStreamSubscription | undefined;
    const pause: { wake?: () => void } = {};

    const loop = (async () => {
      while (!stopped) {
        const subscription = this.client.subscribeToAll({
          fromPosition: toReadPosition(position),
          filter: excludeSystemEvents(),
        });
        current = subscription;
        try {
          for await (const resolved of subscription) {
            if (stopped) break;
            const event = resolved.event;
            if (!event) continue;
            // The server starts after fromPosition; the check also guards a resubscription against repeats.
            if (!isStart(position) && comparePositions(event.position, position) <= 0) continue;
            if (isUserEvent(event)) await onBatch([toRaw(event)]);
            position = { commit: event.position.commit, prepare: event.position.prepare };
          }
        } catch (error) {
          // stop() destroys the stream, which ends the iteration with a premature-close error.
          if (stopped) break;
          onError?.(error);
        } finally {
          current = undefined;
          await subscription.unsubscribe().catch(() => undefined);
          if (!subscription.destroyed) subscription.destroy();
        }
        if (!stopped) await delay(RESUBSCRIBE_DELAY_MS, pause);
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

  async close(): Promise<void> {
    await this.client.dispose();
  }

  /** Fallback when the append reply has no position (a write forwarded by a follower): read the event back. */
  private async positionOf(streamId: string, revision: bigint): Promise<Position> {
    for await (const resolved of this.client.readStream(streamId, {
      fromRevision: revision,
      maxCount: 1,
      direction: FORWARDS,
    })) {
      if (resolved.event) return toRaw(resolved.event, resolved.commitPosition).position;
    }
    throw new Error(`EventStoreDB did not return the position of ${streamId}@${revision}`);
  }
}
