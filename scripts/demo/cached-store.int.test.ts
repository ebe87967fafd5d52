import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WrongExpectedRevisionError, type NewEvent } from '@care/events';
import { PostgresEventStore } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { CachedStreams } from './cached-store';

let database: TestDatabase;
let store: PostgresEventStore;
/** Stream reads that reached PostgreSQL. */
let reads = 0;
beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'cached_streams');
  store = await PostgresEventStore.connect(database.url);
  const readStream = store.readStream.bind(store);
  store.readStream = (streamId) => {
    reads += 1;
    return readStream(streamId);
  };
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const event = (note: string): NewEvent => ({
  eventId: randomUUID(),
  type: 'Noted',
  schemaVersion: 1,
  data: { note, absent: undefined },
  metadata: { userId: 'u', occurredAt: new Date().toISOString(), correlationId: 'c', causationId: 'c' },
});

describe('the demo loader’s cached streams', () => {
  it('reads a stream from PostgreSQL once, then gives back exactly what PostgreSQL holds after each append', async () => {
    const cached = new CachedStreams(store);
    const streamId = `noted-${randomUUID()}`;
    const other = `noted-${randomUUID()}`;
    await cached.append(streamId, [event('first')], 'no_stream');
    await cached.append(other, [event('elsewhere')], 'no_stream');
    const before = reads;
    expect(await cached.readStream(streamId)).toHaveLength(1);
    await cached.append(streamId, [event('second'), event('third')], 0n);
    const seen = await cached.readStream(streamId);
    expect(reads).toBe(before);
    expect(seen).toEqual(await store.readStream(streamId));
    expect(seen.map((row) => (row.data as { note: string }).note)).toEqual(['first', 'second', 'third']);
  });

  it('lets a refused append through as refused, and reads that stream afresh afterwards', async () => {
    const cached = new CachedStreams(store);
    const streamId = `noted-${randomUUID()}`;
    await cached.append(streamId, [event('first')], 'no_stream');
    // Another writer moves the stream behind the cache's back: the loader's next append is refused, not misrecorded.
    await store.append(streamId, [event('by someone else')], 0n);
    await expect(cached.append(streamId, [event('second')], 0n)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await cached.readStream(streamId)).toEqual(await store.readStream(streamId));
  });
});
