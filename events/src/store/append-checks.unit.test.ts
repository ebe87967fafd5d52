import { describe, expect, it } from 'vitest';
import { AppendTooLargeError, MAX_APPEND_BYTES, type NewEvent } from './event-store';
import { appendSize, checkAppend } from './append-checks';

const metadata = {
  userId: 'u',
  occurredAt: '2026-01-01T00:00:00.000Z',
  correlationId: 'c',
  causationId: 'c',
};
const event = (type: string, data: unknown): NewEvent => ({
  eventId: '0190a000-0000-7000-8000-000000000000',
  type,
  schemaVersion: 2,
  data,
  metadata,
});

describe('appendSize: the size EventStoreDB counts against its MaxAppendSize', () => {
  it('counts UTF-8 bytes of the JSON data and of the metadata with its schema version, and two bytes a type character', () => {
    // What the client sends for this event, written out by hand.
    const data = '{"note":"café"}'; // 15 characters, 16 bytes: é is two bytes in UTF-8
    const stored =
      '{"userId":"u","occurredAt":"2026-01-01T00:00:00.000Z","correlationId":"c","causationId":"c","schemaVersion":2}';
    expect(appendSize([event('NoteAdded', { note: 'café' })])).toBe(16 + stored.length + 2 * 'NoteAdded'.length);
    expect(data.length).toBe(15);
  });

  it('adds up every event of the append', () => {
    const one = event('A', { n: 1 });
    expect(appendSize([one, one, one])).toBe(3 * appendSize([one]));
  });
});

describe('checkAppend', () => {
  it('takes an append exactly at the limit and refuses one byte over with the stream, size and limit', () => {
    const empty = event('Large', { text: '' });
    const at = event('Large', { text: 'x'.repeat(MAX_APPEND_BYTES - appendSize([empty])) });
    expect(() => checkAppend('notes-1', [at])).not.toThrow();
    const over = event('Large', { text: 'x'.repeat(MAX_APPEND_BYTES - appendSize([empty]) + 1) });
    expect(() => checkAppend('notes-1', [over])).toThrow(AppendTooLargeError);
    expect(() => checkAppend('notes-1', [over])).toThrow(
      expect.objectContaining({ streamId: 'notes-1', size: MAX_APPEND_BYTES + 1, limit: MAX_APPEND_BYTES }),
    );
  });

  it('refuses a stream or event type starting with $, and an empty append', () => {
    expect(() => checkAppend('$settings', [event('A', {})])).toThrow('Stream $settings: names starting with $');
    expect(() => checkAppend('notes-1', [event('A', {}), event('$metadata', {})])).toThrow(
      'event type $metadata starts with $',
    );
    expect(() => checkAppend('notes-1', [])).toThrow('append needs at least one event');
  });
});
