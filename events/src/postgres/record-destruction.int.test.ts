import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { createPool } from '@care/events/server';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, newEvent, type TestDatabase } from '../testing';
import { START_POSITION } from '../store/position';
import type { DestructionPlan } from '../store/event-store';
import { sealAll } from './log-chain';
import { verifyLog } from './log-verify';
import { PostgresEventStore } from './postgres-event-store';

const databases: TestDatabase[] = [];
const pools: pg.Pool[] = [];
let pool: pg.Pool;
let store: PostgresEventStore;

beforeEach(async () => {
  const database = await createTestDatabase(inject('databaseUrl'), 'record_destruction');
  databases.push(database);
  pool = createPool(database.url);
  pools.push(pool);
  store = await PostgresEventStore.connect(pool);
});
afterAll(async () => {
  for (const p of pools) await p.end();
  for (const d of databases) await d.drop();
});

const subjectId = randomUUID();
const otherId = randomUUID();

async function appendLog(): Promise<void> {
  await store.append(
    `person-${subjectId}`,
    [newEvent('Registered', { id: subjectId, name: 'Zebedee Quill' })],
    'no_stream',
  );
  await store.append(`person-${subjectId}`, [newEvent('Moved', { address: '1 Quill Lane' })], 0n);
  await store.append(`person-${otherId}`, [newEvent('Registered', { id: otherId, name: 'Other Person' })], 'no_stream');
  await store.append(`visit-1`, [newEvent('Visited', { personId: subjectId, carer: otherId })], 'no_stream');
  await store.append(`visit-2`, [newEvent('Visited', { personId: otherId })], 'no_stream');
}

function plan(overrides: Partial<DestructionPlan> = {}): DestructionPlan {
  const certificateEventId = randomUUID();
  return {
    subjectId,
    subjectStreams: [`person-${subjectId}`],
    keepStreamPrefixes: ['destruction-'],
    certificateStream: `destruction-${randomUUID()}`,
    expectedRevision: 'any',
    certificateEventId,
    events: (eventsRewritten) => [
      { ...newEvent('Certified', { subjectId, eventsRewritten }), eventId: certificateEventId },
    ],
    ...overrides,
  };
}

describe('destroying the records of one person on the PostgreSQL store', () => {
  it('rewrites every event about them, keeps the certificate, and the chain still verifies', async () => {
    await appendLog();
    const result = await store.destroyRecords(plan());
    expect(result.eventsRewritten).toBe(3);

    const { rows } = await pool.query<{ n: string }>(
      `select count(*) as n from es_events where data::text ilike '%Zebedee%' or data::text ilike '%Quill Lane%'`,
    );
    expect(rows[0]!.n).toBe('0');
    // The log is read below the oldest transaction still running on the server, and other test files share it:
    // the certificate shows once theirs have ended.
    await expect
      .poll(async () => (await store.readAll(START_POSITION, 100)).map((event) => event.type))
      .toEqual(['Registered', 'Visited', 'Certified']);
    expect(await store.readStream(`person-${subjectId}`)).toEqual([]);

    await sealAll(pool);
    const verified = await verifyLog(pool);
    expect(verified).toMatchObject({ ok: true, checked: 6, unsealed: 0 });
  });

  it('seals a rewritten event it had not sealed yet with the hash it had before', async () => {
    // A transaction left open from before the appends holds every later event back from the sealer (it is not
    // final yet), so the rewrite happens before those events are chained: the sealer must chain what they were.
    const blocker = await pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select pg_current_xact_id()');
      await appendLog();
      const result = await store.destroyRecords(plan());
      expect(result.eventsRewritten).toBe(3);
      expect((await pool.query('select 1 from es_chain')).rowCount).toBe(0);
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    await sealAll(pool);
    expect(await verifyLog(pool)).toMatchObject({ ok: true, checked: 6, unsealed: 0 });
  });

  it('notices a destroyed row changed afterwards', async () => {
    await appendLog();
    await store.destroyRecords(plan());
    await sealAll(pool);
    await pool.query(
      `update es_events set data = '{"name":"Zebedee Quill"}' where event_type = '$destroyed' and stream_revision = 0 and stream_id = $1`,
      [`person-${subjectId}`],
    );
    const verified = await verifyLog(pool);
    expect(verified.ok).toBe(false);
    expect(verified.firstBreak).toMatchObject({ kind: 'altered', streamId: `person-${subjectId}` });
  });

  it('renames a stream whose name spells the person once it holds nothing else, and the chain still verifies', async () => {
    await appendLog();
    const own = 'user-email-zebedee%40quill.example';
    const shared = 'user-email-shared%40quill.example';
    await store.append(own, [newEvent('EmailReserved', { userId: subjectId })], 'no_stream');
    await store.append(shared, [newEvent('EmailReserved', { userId: subjectId })], 'no_stream');
    await store.append(shared, [newEvent('EmailReleased', { userId: subjectId })], 0n);
    await store.append(shared, [newEvent('EmailReserved', { userId: otherId })], 1n);
    await sealAll(pool);

    const result = await store.destroyRecords(plan({ renameStreamPrefixes: ['user-email-'] }));
    expect(result.eventsRewritten).toBe(6);

    const { rows } = await pool.query<{ stream_id: string }>(
      `select stream_id from es_events where stream_id like '%quill%' union select stream_id from es_streams where stream_id like '%quill%'`,
    );
    // The person's own reservation is gone by name; the one another person holds now keeps its name.
    expect(rows.map((row) => row.stream_id)).toEqual([shared]);
    expect((await store.readStream(shared)).map((event) => event.type)).toEqual(['EmailReserved']);
    // The name is free again: a new reservation starts the stream afresh.
    await store.append(own, [newEvent('EmailReserved', { userId: otherId })], 'no_stream');

    await sealAll(pool);
    expect(await verifyLog(pool)).toMatchObject({ ok: true, checked: 11, unsealed: 0 });
  });

  it('does nothing at all when the certificate cannot be appended', async () => {
    await appendLog();
    const stream = `destruction-${randomUUID()}`;
    await store.append(stream, [newEvent('Proposed', { subjectId })], 'no_stream');
    await expect(store.destroyRecords(plan({ certificateStream: stream, expectedRevision: 5n }))).rejects.toThrow();
    const { rows } = await pool.query<{ n: string }>(
      `select (select count(*) from es_events where event_type = '$destroyed') + (select count(*) from es_redactions) as n`,
    );
    expect(rows[0]!.n).toBe('0');
  });
});
