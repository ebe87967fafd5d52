import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { feedbackStreamId, type DomainEvent } from '@care/events';
import { atSimulatedTime, PostgresEventStore } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { appendEvents } from './event-stream';

let database: TestDatabase;
let store: PostgresEventStore;
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'event_stream');
  store = await PostgresEventStore.connect(database.url);
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
});
afterAll(async () => {
  await pool?.end();
  await store?.close();
  await database?.drop();
});

function feedback(): DomainEvent {
  const id = randomUUID();
  return {
    type: 'FeedbackSubmitted',
    data: { id, type: 'general', category: 'general', message: 'Works well', rating: null, page: '/' },
  } as DomainEvent;
}

/** The row the log holds: when it was recorded and the metadata it carries. */
async function logged(streamId: string): Promise<{ recordedAt: string; metadata: Record<string, unknown> }> {
  const { rows } = await pool.query<{ recorded_at: Date; metadata: Record<string, unknown> }>(
    'select recorded_at, metadata from es_events where stream_id = $1',
    [streamId],
  );
  return { recordedAt: rows[0]!.recorded_at.toISOString(), metadata: rows[0]!.metadata };
}

describe('appendEvents', () => {
  const context = { userId: 'user-1', requestId: 'request-1' };

  it('stamps a command’s events with the machine’s time, recorded by the log at the append, and no demo mark', async () => {
    const event = feedback();
    const streamId = feedbackStreamId((event.data as { id: string }).id);
    const before = Date.now();
    await appendEvents(store, streamId, [event], 'no_stream', context);
    const { recordedAt, metadata } = await logged(streamId);
    expect(Date.parse(String(metadata.occurredAt))).toBeGreaterThanOrEqual(before);
    expect(Date.parse(recordedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(metadata).not.toHaveProperty('demo');
  });

  it('under the demo loader’s simulated clock, the event happens and is recorded at that time, marked as demo data', async () => {
    const event = feedback();
    const streamId = feedbackStreamId((event.data as { id: string }).id);
    const at = new Date('2026-08-31T07:58:00.000Z');
    await atSimulatedTime(at, () => appendEvents(store, streamId, [event], 'no_stream', context));
    const { recordedAt, metadata } = await logged(streamId);
    expect(metadata).toMatchObject({ occurredAt: at.toISOString(), demo: true, userId: 'user-1' });
    expect(recordedAt).toBe(at.toISOString());
  });
});
