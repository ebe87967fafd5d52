import type { Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { positionToToken, type EventStore, type RawRecordedEvent } from '@care/events';
import type { AuditLog, StreamEvent } from './audit-log';

/** The metadata every command writes (events/src/store/metadata.ts); older or foreign events may lack parts. */
interface Metadata {
  userId?: unknown;
  occurredAt?: unknown;
  correlationId?: unknown;
  causationId?: unknown;
  capturedAt?: unknown;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

function toEvent(event: RawRecordedEvent): StreamEvent {
  const metadata = (typeof event.metadata === 'object' && event.metadata !== null ? event.metadata : {}) as Metadata;
  return {
    streamId: event.streamId,
    eventId: event.eventId,
    type: event.type,
    revision: Number(event.revision),
    position: positionToToken(event.position),
    data: event.data,
    userId: text(metadata.userId, 'unknown'),
    occurredAt: text(metadata.occurredAt, new Date(0).toISOString()),
    correlationId: text(metadata.correlationId, ''),
    causationId: text(metadata.causationId, ''),
    capturedAt: typeof metadata.capturedAt === 'string' ? metadata.capturedAt : undefined,
  };
}

/** Streams read at once for a client file: enough to overlap the round trips, few enough not to flood the store. */
const PARALLEL_READS = 8;
const MAX_STREAMS_OF_ID = 20;

/**
 * The audit log through the EventStore port, for a store with no SQL (EventStoreDB in production): each stream is
 * read whole with readStream. Which streams exist for a record id comes from the kinds of record the projector
 * has seen (read model `audit_record_kinds`), so a kind added by a later feature is searched without a line here.
 */
export class StoreAuditLog implements AuditLog {
  private readonly db: Kysely<ReadModelDatabase>;

  constructor(
    private readonly store: EventStore,
    db: Kysely<ReadModelDatabase>,
  ) {
    this.db = db.withSchema(READ_MODEL_SCHEMA);
  }

  async stream(streamId: string): Promise<StreamEvent[]> {
    return (await this.store.readStream(streamId)).map(toEvent);
  }

  async streams(
    streamIds: readonly string[],
    upTo?: Date,
  ): Promise<Map<string, { events: StreamEvent[]; total: number }>> {
    const byStream = new Map<string, { events: StreamEvent[]; total: number }>();
    const limit = upTo?.getTime();
    for (let start = 0; start < streamIds.length; start += PARALLEL_READS) {
      const batch = streamIds.slice(start, start + PARALLEL_READS);
      const read = await Promise.all(batch.map((streamId) => this.stream(streamId)));
      batch.forEach((streamId, index) => {
        const events = read[index]!;
        if (events.length === 0) return;
        const occurred = limit === undefined ? events : events.filter((event) => Date.parse(event.occurredAt) <= limit);
        byStream.set(streamId, { events: occurred, total: events.length });
      });
    }
    return byStream;
  }

  async exists(streamId: string): Promise<boolean> {
    return (await this.store.readStream(streamId)).length > 0;
  }

  async streamsOfId(id: string): Promise<string[]> {
    const kinds = await this.db.selectFrom('audit_record_kinds').select('kind').orderBy('kind').execute();
    const candidates = kinds.map(({ kind }) => `${kind}-${id}`);
    const found: string[] = [];
    for (let start = 0; start < candidates.length && found.length < MAX_STREAMS_OF_ID; start += PARALLEL_READS) {
      const batch = candidates.slice(start, start + PARALLEL_READS);
      const present = await Promise.all(batch.map((streamId) => this.exists(streamId)));
      found.push(...batch.filter((_, index) => present[index]));
    }
    return found.slice(0, MAX_STREAMS_OF_ID);
  }
}
