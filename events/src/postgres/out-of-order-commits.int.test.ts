import type pg from 'pg';
import { createPool } from '@care/events/server';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { RawRecordedEvent } from '../store/event-store';
import { START_POSITION } from '../store/position';
import { createTestDatabase, newEvent, type TestDatabase } from '../testing';
import { appendInTransaction, PostgresEventStore } from './postgres-event-store';

let database: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'out_of_order');
  pool = createPool(database.url);
  store = await PostgresEventStore.connect(pool);
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('PostgreSQL global order under concurrent transactions', () => {
  it('never lets a subscriber move past an event whose transaction commits after a later-numbered one', async () => {
    const seen: RawRecordedEvent[] = [];
    // Each read of the log the subscription makes: what it delivers after a read is handled before its next one.
    const reads = vi.spyOn(store, 'readAll');
    const subscription = await store.subscribe({
      after: START_POSITION,
      onBatch: async (batch) => {
        seen.push(...batch);
      },
    });

    // Connection 1 appends first (takes the lower sequence number) but does not commit yet.
    const slow = await pool.connect();
    await slow.query('begin');
    const slowAppend = await appendInTransaction(slow, 'slow-stream', [newEvent('Slow', {})], 'no_stream');
    // Connection 2 appends and commits while connection 1 is still open.
    const fastAppend = await store.append('fast-stream', [newEvent('Fast', {})], 'no_stream');
    expect(slowAppend.position.prepare).toBeLessThan(fastAppend.position.prepare);

    // A bigserial cursor would deliver Fast now and then never see Slow. Ours holds Fast back: the subscription
    // reads the log twice more after Fast committed (woken by its notification, then its poll) and delivers nothing.
    // The second read starts only once whatever the first returned has been delivered.
    const readsBefore = reads.mock.calls.length;
    await expect.poll(() => reads.mock.calls.length, { timeout: 5000 }).toBeGreaterThanOrEqual(readsBefore + 2);
    expect(seen).toEqual([]);
    expect(await store.readAll(START_POSITION, 10)).toEqual([]);

    await slow.query('commit');
    slow.release();
    await expect.poll(() => seen.map((e) => e.streamId), { timeout: 5000 }).toEqual(['slow-stream', 'fast-stream']);
    await subscription.stop();
    reads.mockRestore();
  });

  it('delivers every event exactly once when many writers commit in random order', async () => {
    const seen: string[] = [];
    const subscription = await store.subscribe({
      after: (await store.readAll(START_POSITION, 1000)).at(-1)?.position ?? START_POSITION,
      onBatch: async (batch) => {
        seen.push(...batch.map((e) => e.eventId));
      },
      maxBatchSize: 7,
    });
    const appended: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, writer) => {
        for (let i = 0; i < 25; i += 1) {
          const client = await pool.connect();
          try {
            await client.query('begin');
            const event = newEvent('Burst', { writer, i });
            await appendInTransaction(client, `burst-${writer}-${i}`, [event], 'no_stream');
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
            await client.query('commit');
            appended.push(event.eventId);
          } finally {
            client.release();
          }
        }
      }),
    );
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(200);
    expect(new Set(seen).size).toBe(200);
    expect([...seen].sort()).toEqual([...appended].sort());
    await subscription.stop();
  });
});
