import type pg from 'pg';
import type { HistoryEvent } from '@care/events';

export type StreamEvent = HistoryEvent & { readonly streamId: string };

/**
 * Reads records straight from the event log: history and "as of" come from the events themselves, never from a
 * read model that could have been rebuilt differently. Two ways to the log: SQL on the PostgreSQL store's
 * es_events (the embedded default, in the database the read API shares), or the EventStore port
 * (store-audit-log.ts: EventStoreDB in production).
 */
export interface AuditLog {
  /** The stream's events in order; empty when it does not exist. */
  stream(streamId: string): Promise<StreamEvent[]>;
  /** Several streams, each with the events that had occurred by `upTo` (all without it) and its whole length. */
  streams(streamIds: readonly string[], upTo?: Date): Promise<Map<string, { events: StreamEvent[]; total: number }>>;
  exists(streamId: string): Promise<boolean>;
  /** Streams whose id ends with this record id (a search by id, whatever its kind), at most 20. */
  streamsOfId(id: string): Promise<string[]>;
}

interface Row {
  event_id: string;
  stream_id: string;
  stream_revision: string;
  transaction_id: string;
  sequence: string;
  event_type: string;
  data: unknown;
  metadata: {
    userId?: string;
    occurredAt?: string;
    correlationId?: string;
    causationId?: string;
    capturedAt?: string;
  };
}

const toEvent = (row: Row): StreamEvent => ({
  streamId: row.stream_id,
  eventId: row.event_id,
  type: row.event_type,
  revision: Number(row.stream_revision),
  position: `${row.transaction_id}.${row.sequence}`,
  data: row.data,
  userId: row.metadata.userId ?? 'unknown',
  occurredAt: row.metadata.occurredAt ?? new Date(0).toISOString(),
  correlationId: row.metadata.correlationId ?? '',
  causationId: row.metadata.causationId ?? '',
  capturedAt: row.metadata.capturedAt,
});

const COLUMNS = 'event_id, stream_id, stream_revision, transaction_id, sequence, event_type, data, metadata';

/** The PostgreSQL store's log, read with SQL (one query for a whole client file). */
export class PostgresAuditLog implements AuditLog {
  constructor(private readonly pool: pg.Pool) {}

  async stream(streamId: string): Promise<StreamEvent[]> {
    const { rows } = await this.pool.query<Row>(
      `select ${COLUMNS} from es_events where stream_id = $1 order by stream_revision`,
      [streamId],
    );
    return rows.map(toEvent);
  }

  /**
   * Several streams at once, each in its own order (the client file), with each stream's whole length. With an
   * instant, only the events that had occurred by then are read (metadata.occurredAt is always an ISO instant in
   * UTC with milliseconds, so the texts compare as the instants do): the rest are never parsed.
   */
  async streams(
    streamIds: readonly string[],
    upTo?: Date,
  ): Promise<Map<string, { events: StreamEvent[]; total: number }>> {
    const byStream = new Map<string, { events: StreamEvent[]; total: number }>();
    if (streamIds.length === 0) return byStream;
    const { rows } = await this.pool.query<Row & { total: string; occurred: boolean }>(
      `select ${COLUMNS}, total, occurred from (
         select event_id, stream_id, stream_revision, transaction_id, sequence, event_type,
           count(*) over (partition by stream_id) as total,
           ($2::text is null or metadata->>'occurredAt' <= $2::text) as occurred,
           case when $2::text is null or metadata->>'occurredAt' <= $2::text then data end as data,
           case when $2::text is null or metadata->>'occurredAt' <= $2::text then metadata end as metadata
         from es_events where stream_id = any($1::text[])
       ) e order by stream_id, stream_revision`,
      [streamIds, upTo ? upTo.toISOString() : null],
    );
    for (const row of rows) {
      const entry = byStream.get(row.stream_id) ?? { events: [], total: Number(row.total) };
      if (row.occurred) entry.events.push(toEvent(row));
      byStream.set(row.stream_id, entry);
    }
    return byStream;
  }

  async exists(streamId: string): Promise<boolean> {
    const { rows } = await this.pool.query('select 1 from es_streams where stream_id = $1', [streamId]);
    return rows.length > 0;
  }

  /** Streams whose id ends with this record id (a search by id, whatever its kind). */
  async streamsOfId(id: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ stream_id: string }>(
      `select stream_id from es_streams where stream_id like '%-' || $1 order by stream_id limit 20`,
      [id],
    );
    return rows.map((row) => row.stream_id);
  }
}
