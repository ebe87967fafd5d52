import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, PostgresEventStore, sealAll } from '@care/events/server';
import { createTestDatabase, newEvent, type TestDatabase } from '@care/events/testing';

/** `npm run verify-log` and `npm run log-digest` as a person runs them, against DATABASE_URL. */
const run = promisify(execFile);
let database: TestDatabase;
let pool: pg.Pool;

async function tool(script: 'verify-log' | 'log-digest', ...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      env: { ...process.env, DATABASE_URL: database.url, EVENTSTORE_URL: '' },
      timeout: 60_000,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
  }
}

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'verify_log_cli');
  pool = createPool(database.url);
  const store = await PostgresEventStore.connect(pool);
  for (let i = 0; i < 12; i += 1) await store.append(`thing-${i}`, [newEvent('Thing', { i })], 'no_stream');
  await store.close();
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('npm run verify-log and log-digest', () => {
  it('says the log is intact, prints a digest, proves it, then names an edited event and a deleted one', async () => {
    const intact = await tool('verify-log');
    expect(intact.code).toBe(0);
    expect(intact.stdout).toContain('Checked 12 events');
    expect(intact.stdout).toContain('Intact. Head: care-log:v1:12:');

    const digest = (await tool('log-digest')).stdout.trim();
    expect(digest).toMatch(/^care-log:v1:12:\d+\.\d+:[0-9a-f]{64}$/);
    const proved = await tool('verify-log', '--digest', digest);
    expect(proved.code).toBe(0);
    expect(proved.stdout).toContain('The digest matches');

    const { rows } = await pool.query<{ event_id: string }>(
      `update es_events set data = '{"i": 99}' where stream_id = 'thing-5' returning event_id`,
    );
    const edited = await tool('verify-log', '--digest', digest);
    expect(edited.code).toBe(1);
    expect(edited.stdout).toContain(`BROKEN: Event ${rows[0]!.event_id} (Thing in thing-5)`);
    expect(edited.stdout).toContain('The digest does NOT match');

    await pool.query(`update es_events set data = '{"i": 5}' where stream_id = 'thing-5'`);
    expect((await tool('verify-log')).code).toBe(0);
    await pool.query(`delete from es_events where stream_id = 'thing-8'`);
    const deleted = await tool('verify-log');
    expect(deleted.code).toBe(1);
    expect(deleted.stdout).toMatch(
      /BROKEN: The event at position \d+\.\d+ \(chain entry 9\) is missing: it was deleted\. Gap between position \d+\.\d+ and \d+\.\d+\./,
    );

    expect((await tool('verify-log', '--digest', 'nonsense')).code).toBe(2);
  });
});

/**
 * Every column the chain hashes besides data and metadata: an SQL UPDATE of any one of them is an edit the tool
 * names. Each edit is made on thing-3 (chain entry 4) and put back from a copy of the row afterwards; the event is
 * named as it reads after the edit.
 */
const COLUMN_EDITS = [
  { column: 'stream_id', edit: `stream_id = 'thing-3-moved'` },
  { column: 'event_type', edit: `event_type = 'OtherThing'` },
  { column: 'stream_revision', edit: 'stream_revision = 7' },
  { column: 'schema_version', edit: 'schema_version = schema_version + 1' },
  { column: 'recorded_at', edit: `recorded_at = recorded_at - interval '1 microsecond'` },
  { column: 'event_id', edit: `event_id = '00000000-0000-4000-8000-000000000003'` },
];

describe('npm run verify-log after an SQL edit of a hashed column', () => {
  beforeAll(async () => {
    // Chained before any edit: an event edited before it is chained would be chained as edited.
    expect((await sealAll(pool)).pending).toBe(false);
    await pool.query(`create table thing_3_as_written as select * from es_events where stream_id = 'thing-3'`);
  });

  it.each(COLUMN_EDITS)('names the event whose $column was changed', async ({ edit }) => {
    const { rows } = await pool.query<{ event_id: string; stream_id: string; event_type: string }>(
      `update es_events set ${edit} where sequence = (select sequence from thing_3_as_written) returning event_id, stream_id, event_type`,
    );
    const edited = rows[0]!;
    try {
      const report = await tool('verify-log');
      expect(report.code).toBe(1);
      expect(report.stdout).toContain(
        `BROKEN: Event ${edited.event_id} (${edited.event_type} in ${edited.stream_id}) at position`,
      );
      expect(report.stdout).toContain('chain entry 4, does not match its hash: it was changed after it was written.');
    } finally {
      await pool.query(
        `update es_events e set stream_id = w.stream_id, event_type = w.event_type, stream_revision = w.stream_revision,
           schema_version = w.schema_version, recorded_at = w.recorded_at, event_id = w.event_id
         from thing_3_as_written w where e.sequence = w.sequence`,
      );
    }
  });
});
