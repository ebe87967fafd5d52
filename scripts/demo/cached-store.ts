import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  RawRecordedEvent,
  SubscribeOptions,
  Subscription,
} from '@care/events';

/**
 * The event store as the demo loader's command handlers see it: appends go to the real store, and every stream read
 * or written is kept in memory, so the next command on it reads no rows. A check-out, say, reads the visit, the
 * carer's bookings, the client's prescriptions and each of them: without this the load spends most of its time on
 * those round trips. It is right only while nothing else appends to the same streams, which holds on a first start:
 * the loader is the only writer until the rules process starts after it. Were another writer to slip in, the next
 * append on that stream would meet a revision it did not expect and the load would stop, never record a wrong fact.
 */
export class CachedStreams implements EventStore {
  private readonly streams = new Map<string, RawRecordedEvent[]>();

  constructor(private readonly store: EventStore) {}

  async readStream(streamId: string): Promise<RawRecordedEvent[]> {
    let events = this.streams.get(streamId);
    if (!events) {
      events = await this.store.readStream(streamId);
      this.streams.set(streamId, events);
    }
    return [...events];
  }

  async append(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    let result: AppendResult;
    try {
      result = await this.store.append(streamId, events, expected);
    } catch (error) {
      this.streams.delete(streamId);
      throw error;
    }
    const cached = this.streams.get(streamId) ?? (expected === 'no_stream' ? [] : undefined);
    const first = result.nextExpectedRevision - BigInt(events.length - 1);
    if (cached && (cached.at(-1)?.revision ?? -1n) === first - 1n) {
      const last = events.length - 1;
      cached.push(
        ...events.map((event, index) => recorded(streamId, event, first + BigInt(index), result, last - index)),
      );
      this.streams.set(streamId, cached);
    } else {
      // Not read before (or another writer moved it): the next read fetches it whole.
      this.streams.delete(streamId);
    }
    return result;
  }

  readAll(after: Position, maxCount: number): Promise<RawRecordedEvent[]> {
    return this.store.readAll(after, maxCount);
  }

  subscribe(options: SubscribeOptions): Promise<Subscription> {
    return this.store.subscribe(options);
  }

  identity() {
    return this.store.identity();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/**
 * An appended event as a read would give it back. Its data and metadata go through JSON as the store's do. One
 * append's events are numbered in order in one transaction: the last has the reply's position, those before it the
 * sequence numbers just below.
 */
function recorded(
  streamId: string,
  event: NewEvent,
  revision: bigint,
  result: AppendResult,
  /** How many events of the same append come after it. */
  fromEnd: number,
): RawRecordedEvent {
  return {
    eventId: event.eventId,
    streamId,
    revision,
    position: { commit: result.position.commit, prepare: result.position.prepare - BigInt(fromEnd) },
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: JSON.parse(JSON.stringify(event.data)) as unknown,
    metadata: JSON.parse(JSON.stringify(event.metadata)) as unknown,
  };
}
