import { AppendTooLargeError, MAX_APPEND_BYTES, type NewEvent } from './event-store';

/**
 * EventStoreDB keeps a type, data and metadata per event, but no schema version: it travels in the metadata under
 * this key and is taken out again on read.
 */
export const SCHEMA_VERSION_KEY = 'schemaVersion';

/** The metadata as EventStoreDB stores it: the event's metadata with its schema version added. */
export const storedMetadata = (event: NewEvent): Record<string, unknown> => ({
  ...event.metadata,
  [SCHEMA_VERSION_KEY]: event.schemaVersion,
});

/**
 * The append's size as EventStoreDB counts it against MaxAppendSize: for each event, the UTF-8 bytes of its data
 * and of its stored metadata (both JSON, as the client sends them) plus two bytes per character of its type.
 */
export function appendSize(events: readonly NewEvent[]): number {
  let size = 0;
  for (const event of events) {
    size += Buffer.byteLength(JSON.stringify(event.data) ?? '', 'utf8');
    size += Buffer.byteLength(JSON.stringify(storedMetadata(event)), 'utf8');
    size += event.type.length * 2;
  }
  return size;
}

/** EventStoreDB's own streams and events ($all's bookkeeping, stream metadata) start with `$`. */
export const isReservedName = (name: string): boolean => name.startsWith('$');

/**
 * What both stores check before writing: the events fit in one append, and no name is one EventStoreDB keeps for
 * itself (an event written under one would be written, then never handed to a reader). Throws; nothing is written.
 */
export function checkAppend(streamId: string, events: readonly NewEvent[]): void {
  if (events.length === 0) throw new Error('append needs at least one event');
  if (isReservedName(streamId)) throw new Error(`Stream ${streamId}: names starting with $ are the store's own`);
  const reserved = events.find((event) => isReservedName(event.type));
  if (reserved) throw new Error(`Stream ${streamId}: event type ${reserved.type} starts with $, kept for the store`);
  const size = appendSize(events);
  if (size > MAX_APPEND_BYTES) throw new AppendTooLargeError(streamId, size, MAX_APPEND_BYTES);
}
