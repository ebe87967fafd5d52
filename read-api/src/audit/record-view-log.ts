import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { recordViewsStreamId, RecordViewed, type EventStore, type RecordViewKind } from '@care/events';
import { PostgresEventStore } from '@care/events/server';

export interface ViewedRecord {
  readonly view: RecordViewKind;
  readonly streamId: string | null;
  readonly clientId: string | null;
  readonly asOf: Date | undefined;
}

/**
 * Appends RecordViewed before the record is answered: a view that cannot be logged is not shown (the caller gets
 * 503 and may try again), because the log of who looked is what data-security rules ask for. The views go to the
 * store every other event goes to (EventStoreDB when it is configured), so the projector lists them.
 */
export class RecordViewLog {
  private store: Promise<EventStore> | undefined;
  /** Only a store this log opened itself is closed by it. */
  private readonly owned: boolean;
  private readonly open: () => Promise<EventStore>;

  constructor(source: pg.Pool | EventStore) {
    this.owned = !isEventStore(source);
    this.open = isEventStore(source) ? async () => source : () => PostgresEventStore.connect(source);
  }

  async viewed(userId: string, requestId: string, record: ViewedRecord): Promise<void> {
    this.store ??= this.open();
    const store = await this.store;
    const data = RecordViewed.schema.parse({
      view: record.view,
      streamId: record.streamId,
      clientId: record.clientId,
      asOf: record.asOf ? record.asOf.toISOString() : null,
    });
    await store.append(
      recordViewsStreamId(userId),
      [
        {
          eventId: randomUUID(),
          type: RecordViewed.type,
          schemaVersion: RecordViewed.schemaVersion,
          data,
          metadata: { userId, occurredAt: new Date().toISOString(), correlationId: requestId, causationId: requestId },
        },
      ],
      'any',
    );
  }

  async close(): Promise<void> {
    if (this.store && this.owned) await (await this.store).close();
  }
}

function isEventStore(source: pg.Pool | EventStore): source is EventStore {
  return 'readStream' in source;
}
