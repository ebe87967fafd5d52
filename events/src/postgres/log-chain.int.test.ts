import type pg from 'pg';
import { createPool } from '@care/events/server';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, newEvent, type TestDatabase } from '../testing';
import { sealAll, sealPending } from './log-chain';
import { describeBreak, formatDigest, logDigest, parseDigest, verifyLog } from './log-verify';
import { appendInTransaction, PostgresEventStore } from './postgres-event-store';

const databases: TestDatabase[] = [];
const pools: pg.Pool[] = [];
let pool: pg.Pool;
let store: PostgresEventStore;

beforeEach(async () => {
  const database = await createTestDatabase(inject('databaseUrl'), 'log_chain');
  databases.push(database);
  pool = createPool(database.url);
  pools.push(pool);
  store = await PostgresEventStore.connect(pool);
});
afterAll(async () => {
  for (const p of pools) await p.end();
  for (const d of databases) await d.drop();
});

async function appendMany(count: number, prefix = 's'): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await store.append(`${prefix}-${i}`, [newEvent('Thing', { i, note: `event ${i}` })], 'no_stream');
  }
}

/** The chain entry's position for the n-th event (1-based) in global order. */
async function positionOf(n: number): Promise<{ transaction_id: string; sequence: string; event_id: string }> {
  const { rows } = await pool.query<{ transaction_id: string; sequence: string; event_id: string }>(
    'select transaction_id, sequence, event_id from es_events order by transaction_id, sequence offset $1 limit 1',
    [n - 1],
  );
  return rows[0]!;
}

describe('the hash chain over the PostgreSQL log', () => {
  it('chains every appended event on its own soon after the append, and the log verifies', async () => {
    await appendMany(20);
    await expect.poll(async () => (await logDigest(pool)).chainIndex).toBe(20n);
    const result = await verifyLog(pool);
    expect(result).toMatchObject({ ok: true, checked: 20, unsealed: 0 });
    expect(result.firstBreak).toBeUndefined();
  });

  it('names the event whose row was edited with SQL', async () => {
    await appendMany(10);
    await sealAll(pool);
    const target = await positionOf(6);
    await pool.query(`update es_events set data = jsonb_set(data, '{note}', '"edited"') where event_id = $1`, [
      target.event_id,
    ]);

    const result = await verifyLog(pool);
    expect(result.ok).toBe(false);
    expect(result.checked).toBe(5);
    expect(result.firstBreak).toMatchObject({
      kind: 'altered',
      chainIndex: '6',
      eventId: target.event_id,
      position: `${target.transaction_id}.${target.sequence}`,
    });
    expect(describeBreak(result.firstBreak!)).toContain(`Event ${target.event_id}`);
  });

  it('catches an edit of the metadata (who did it) as well as of the data', async () => {
    await appendMany(3);
    await sealAll(pool);
    const target = await positionOf(2);
    await pool.query(
      `update es_events set metadata = jsonb_set(metadata, '{userId}', '"someone-else"') where event_id = $1`,
      [target.event_id],
    );
    expect((await verifyLog(pool)).firstBreak).toMatchObject({ kind: 'altered', chainIndex: '2' });
  });

  it('names the gap a deleted row leaves', async () => {
    await appendMany(8);
    await sealAll(pool);
    const before = await positionOf(3);
    const deleted = await positionOf(4);
    const after = await positionOf(5);
    await pool.query('delete from es_events where event_id = $1', [deleted.event_id]);

    const result = await verifyLog(pool);
    expect(result.ok).toBe(false);
    expect(result.firstBreak).toEqual({
      kind: 'deleted',
      chainIndex: '4',
      position: `${deleted.transaction_id}.${deleted.sequence}`,
      previousPosition: `${before.transaction_id}.${before.sequence}`,
      nextPosition: `${after.transaction_id}.${after.sequence}`,
    });
    expect(describeBreak(result.firstBreak!)).toContain('is missing: it was deleted');
  });

  it('names the gap when the event and its chain entry are both deleted', async () => {
    await appendMany(6);
    await sealAll(pool);
    const deleted = await positionOf(3);
    await pool.query('delete from es_events where event_id = $1', [deleted.event_id]);
    await pool.query('delete from es_chain where chain_index = 3');
    expect((await verifyLog(pool)).firstBreak).toEqual({ kind: 'chain-gap', fromIndex: '3', toIndex: '3' });
  });

  it('names an event slipped in below the chain head with SQL', async () => {
    await appendMany(4);
    await sealAll(pool);
    const first = await positionOf(1);
    // Same transaction id as the first event, a later sequence: it sorts between events 1 and 2.
    const { rows } = await pool.query<{ event_id: string; sequence: string }>(
      `insert into es_events (transaction_id, event_id, stream_id, stream_revision, event_type, schema_version, data, metadata)
       values ($1, gen_random_uuid(), 'forged', 0, 'Forged', 1, '{}', '{}') returning event_id, sequence`,
      [first.transaction_id],
    );
    expect((await verifyLog(pool)).firstBreak).toEqual({
      kind: 'inserted',
      position: `${first.transaction_id}.${rows[0]!.sequence}`,
      eventId: rows[0]!.event_id,
      streamId: 'forged',
      eventType: 'Forged',
    });
  });

  it('a digest proves the prefix it was taken at, and fails once that prefix is rewritten', async () => {
    await appendMany(5);
    await sealAll(pool);
    const digest = formatDigest(await logDigest(pool));
    expect(parseDigest(digest)).toBeDefined();
    await appendMany(5, 'later');
    await sealAll(pool);
    expect(await verifyLog(pool, { digest: parseDigest(digest)! })).toMatchObject({
      ok: true,
      digestMatches: true,
      checked: 10,
    });

    // Someone edits event 2 and recomputes the whole chain from there: the chain is consistent again,
    // but the digest kept outside no longer matches.
    const target = await positionOf(2);
    await pool.query(`update es_events set data = '{"i": 99}' where event_id = $1`, [target.event_id]);
    await pool.query('delete from es_chain where chain_index >= 2');
    await sealAll(pool);
    expect((await verifyLog(pool)).ok).toBe(true);
    expect(await verifyLog(pool, { digest: parseDigest(digest)! })).toMatchObject({ ok: false, digestMatches: false });
  });

  it('chains in the global order under concurrent appends with out-of-order commits', async () => {
    // A slow transaction takes a low sequence number and commits last: the chain must still follow
    // (transaction id, sequence), the order readAll gives subscribers, and skip nothing.
    const slow = await pool.connect();
    await slow.query('begin');
    await appendInTransaction(slow, 'slow', [newEvent('Slow', {})], 'no_stream');
    await Promise.all(Array.from({ length: 4 }, (_, w) => appendMany(15, `w${w}`)));
    await sealPending(pool, { wait: true });
    expect((await logDigest(pool)).chainIndex).toBe(0n);
    await slow.query('commit');
    slow.release();
    await Promise.all(Array.from({ length: 4 }, (_, w) => appendMany(10, `v${w}`)));
    await expect.poll(async () => (await logDigest(pool)).chainIndex).toBe(101n);

    const { rows: chained } = await pool.query<{ sequence: string }>(
      'select sequence from es_chain order by chain_index',
    );
    const { rows: ordered } = await pool.query<{ sequence: string }>(
      'select sequence from es_events order by transaction_id, sequence',
    );
    expect(chained.map((r) => r.sequence)).toEqual(ordered.map((r) => r.sequence));
    expect(await verifyLog(pool)).toMatchObject({ ok: true, checked: 101, unsealed: 0 });
  });

  it('two sealers racing never fork the chain', async () => {
    await appendMany(30);
    await Promise.all([sealPending(pool), sealPending(pool), sealAll(pool)]);
    expect(await verifyLog(pool)).toMatchObject({ ok: true, checked: 30 });
  });
});
