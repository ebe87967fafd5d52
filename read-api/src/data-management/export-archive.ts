import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type pg from 'pg';
import { START_POSITION, type EventStore, type ExportList, type Position, type RawRecordedEvent } from '@care/events';
import type { EventLogSource } from '../shared/event-log-source';
import { READ_MODEL_SCHEMA } from '@care/projector';
import { csvField } from '@care/documents';

/** Each list's CSV: the read-model table behind the screen, every column, in a stable order. */
export const EXPORT_TABLES: Record<ExportList, { table: string; orderBy: string }> = {
  carers: { table: 'carers', orderBy: 'last_name, first_name, id' },
  clients: { table: 'clients', orderBy: 'last_name, first_name, id' },
  training: { table: 'training_records', orderBy: 'carer_id, training_type, id' },
  diary: { table: 'diary_entries', orderBy: 'created_at, id' },
  visits: { table: 'appointments', orderBy: 'scheduled_start, id' },
  shifts: { table: 'shifts', orderBy: 'start_time, id' },
  users: { table: 'users', orderBy: 'last_name, first_name, id' },
  alerts: { table: 'alerts', orderBy: 'created_at, id' },
  tasks: { table: 'tasks', orderBy: 'created_at, id' },
  feedback: { table: 'feedback', orderBy: 'created_at, id' },
};

const BATCH = 2000;

function cell(value: unknown): string {
  if (value instanceof Date) return csvField(value.toISOString());
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return csvField(JSON.stringify(value));
  if (typeof value === 'number' || typeof value === 'boolean') return csvField(value);
  return csvField(String(value));
}

/** One `events.ndjson` line per event; `recordedAt` where the store keeps it (the PostgreSQL log does). */
function ndjson(events: readonly (Omit<RawRecordedEvent, 'position'> & { readonly recordedAt?: Date })[]): Uint8Array {
  const lines = events.map((event) =>
    JSON.stringify({
      eventId: event.eventId,
      streamId: event.streamId,
      revision: Number(event.revision),
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: event.data,
      metadata: event.metadata,
      ...(event.recordedAt && { recordedAt: event.recordedAt.toISOString() }),
    }),
  );
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/**
 * EventStoreDB's log, paged through the store in its global order. It is not inside the lists' PostgreSQL
 * transaction (no transaction spans the two databases): read first, it ends at or before what the lists show.
 * Lines carry the event's `occurredAt` (in its metadata) where the PostgreSQL log adds its `recordedAt`.
 */
async function writeStoreLog(zip: Zip, out: PassThrough, store: EventStore): Promise<void> {
  const file = new ZipDeflate('events.ndjson', { level: 6 });
  zip.add(file);
  let after: Position = START_POSITION;
  for (;;) {
    const events = await store.readAll(after, BATCH);
    if (events.length === 0) break;
    file.push(ndjson(events));
    after = events.at(-1)!.position;
    if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
  }
  file.push(new Uint8Array(), true);
}

/**
 * Export Data's archive, streamed: `events.ndjson` (the whole log in its global order, one event per line with its
 * stream, revision, type, version, data and metadata) and `<list>.csv` for each list (RFC 4180 and formula-safe
 * through the shared CSV helper). One REPEATABLE READ transaction, so the files agree with each other.
 */
export function exportArchive(
  pool: pg.Pool,
  log: EventLogSource,
  lists: readonly ExportList[],
  eventLog = true,
): PassThrough {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(Buffer.from(chunk));
      if (final) out.end();
    }
  });
  void (async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      if (eventLog && log.kind === 'postgres') {
        const file = new ZipDeflate('events.ndjson', { level: 6 });
        zip.add(file);
        let after = { tx: '-1', seq: '-1' };
        for (;;) {
          const { rows } = await client.query<{
            transaction_id: string;
            sequence: string;
            event_id: string;
            stream_id: string;
            stream_revision: string;
            event_type: string;
            schema_version: number;
            data: unknown;
            metadata: unknown;
            recorded_at: Date;
          }>(
            `SELECT transaction_id, sequence, event_id, stream_id, stream_revision, event_type, schema_version, data, metadata, recorded_at
               FROM es_events WHERE (transaction_id, sequence) > ($1::bigint, $2::bigint)
              ORDER BY transaction_id, sequence LIMIT ${BATCH}`,
            [after.tx, after.seq],
          );
          if (rows.length === 0) break;
          file.push(
            ndjson(
              rows.map((row) => ({
                eventId: row.event_id,
                streamId: row.stream_id,
                revision: BigInt(row.stream_revision),
                type: row.event_type,
                schemaVersion: row.schema_version,
                data: row.data,
                metadata: row.metadata,
                recordedAt: row.recorded_at,
              })),
            ),
          );
          after = { tx: rows.at(-1)!.transaction_id, seq: rows.at(-1)!.sequence };
          // Let the download drain before reading more: memory stays flat on a large log.
          if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        }
        file.push(new Uint8Array(), true);
      }
      if (eventLog && log.kind === 'eventstoredb') await writeStoreLog(zip, out, log.store);
      for (const list of lists) {
        const { table, orderBy } = EXPORT_TABLES[list];
        const file = new ZipDeflate(`${list}.csv`, { level: 6 });
        zip.add(file);
        await client.query(
          `DECLARE export_cursor NO SCROLL CURSOR FOR SELECT * FROM ${READ_MODEL_SCHEMA}.${table} ORDER BY ${orderBy}`,
        );
        let header: string[] | undefined;
        for (;;) {
          const result = await client.query<Record<string, unknown>>(`FETCH ${BATCH} FROM export_cursor`);
          const first = header === undefined;
          const columns = (header ??= result.fields.map((field) => field.name));
          const lines = result.rows.map((row) => columns.map((name) => cell(row[name])).join(','));
          // A byte order mark and the header first, as toCsv writes them (Excel then reads accents right).
          if (first) lines.unshift(`\uFEFF${columns.map((name) => csvField(name)).join(',')}`);
          if (lines.length > 0) file.push(new TextEncoder().encode(`${lines.join('\r\n')}\r\n`));
          if (result.rows.length < BATCH) break;
          if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        }
        await client.query('CLOSE export_cursor');
        file.push(new Uint8Array(), true);
      }
      await client.query('COMMIT');
      zip.end();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      out.destroy(error as Error);
    } finally {
      client.release();
    }
  })();
  return out;
}
