import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { START_POSITION } from '@care/events';
import { PostgresEventStore, createPool } from '@care/events/server';
import { boundaryEvents, createTestDatabase, type TestDatabase } from '@care/events/testing';
import { createReadModelDb } from './read-model/connect';
import type { ReadModelDatabase } from './read-model/database';
import { replayInto } from './rebuild';

let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<ReadModelDatabase>;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'boundary_events');
  pool = createPool(database.url, { max: 4 });
  db = createReadModelDb(pool);
  store = await PostgresEventStore.connect(pool);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('every event the schemas accept', () => {
  it('is projected by every projection, at the largest and the smallest values its schema allows', async () => {
    const samples = boundaryEvents();
    expect(new Set(samples.map((sample) => sample.bound))).toEqual(new Set(['max', 'min']));
    for (const sample of samples) {
      await store.append(
        `boundary-${randomUUID()}`,
        [
          {
            eventId: randomUUID(),
            type: sample.type,
            schemaVersion: sample.schemaVersion,
            data: sample.data,
            metadata: {
              userId: randomUUID(),
              occurredAt: new Date().toISOString(),
              correlationId: 'boundary',
              causationId: 'boundary',
            },
          },
        ],
        'no_stream',
      );
    }
    // Another test's open transaction on the shared server can hold back the log's visible end for a moment.
    await expect.poll(async () => (await store.readAll(START_POSITION, 100_000)).length).toBe(samples.length);
    // replayInto throws if any projection cannot apply one of them (it would stall).
    expect(await replayInto(store, db, 'boundary_read_model')).toBe(samples.length);
    const count = async (table: string) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(`boundary_read_model.${table}`)}`.execute(db))
          .rows[0]!.n,
      );
    // The registrations at both bounds became rows.
    for (const table of [
      'carers',
      'clients',
      'users',
      'appointments',
      'shifts',
      'training_records',
      'diary_entries',
      'voice_notes',
      'feedback',
    ]) {
      expect({ table, rows: await count(table) }).toEqual({ table, rows: 2 });
    }
  });
});
