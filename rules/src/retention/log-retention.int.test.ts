import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_AGENCY_SETTINGS } from '@care/events';
import { createLogger, OPS_SCHEMA } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { createReadModelDb, READ_MODEL_SCHEMA, startProjector, type RunningProjector } from '@care/projector';
import { startCommandApiOn, type RunningCommandApi } from '@care/command-api/testing';
import { runLogRetentionOnce, startLogRetentionJob } from './log-retention-job';

const logger = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let api: RunningCommandApi;
let projector: RunningProjector;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'log_retention');
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  api = await startCommandApiOn(database.url);
  projector = await startProjector({ store: api.store, pool, db: createReadModelDb(pool), log: logger });
  // The projector builds its tables on start: wait for the access log's.
  for (let tries = 0; tries < 300; tries += 1) {
    if ((await pool.query<{ t: string | null }>(`SELECT to_regclass('${READ_MODEL_SCHEMA}.access_log')::text AS t`)).rows[0]!.t) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

afterAll(async () => {
  await projector?.stop();
  await api?.close();
  await pool?.end();
  await database?.drop();
});

const yearsAgo = (years: number, days = 0) => new Date(Date.now() - (years * 365.25 + days) * 86_400_000);
const line = (at: Date, msg: string) => JSON.stringify({ level: 30, time: at.getTime(), msg });
async function accessRow(at: Date): Promise<string> {
  const id = randomUUID();
  await pool.query(`INSERT INTO ${READ_MODEL_SCHEMA}.access_log (event_id, type, occurred_at) VALUES ($1, 'signed_in', $2)`, [id, at.toISOString()]);
  return id;
}
const accessIds = async () => new Set((await pool.query<{ event_id: string }>(`SELECT event_id FROM ${READ_MODEL_SCHEMA}.access_log`)).rows.map((row) => row.event_id));

describe('log retention', () => {
  it('drops service log entries and access-log rows older than the setting, and follows a change of the setting', async () => {
    const logDir = await mkdtemp(path.join(os.tmpdir(), 'retention-'));
    const file = path.join(logDir, 'read-api.log');
    await writeFile(file, `${[line(yearsAgo(2, 30), 'two years old'), line(yearsAgo(1, 30), 'over a year old'), line(yearsAgo(0, 30), 'last month')].join('\n')}\n`);
    const [twoYears, overOne, recent] = [await accessRow(yearsAgo(2, 30)), await accessRow(yearsAgo(1, 30)), await accessRow(yearsAgo(0, 30))];

    // The default is 1 year.
    const first = await runLogRetentionOnce({ pool, store: api.store, logger }, logDir);
    expect(first).toMatchObject({ years: 1, accessLogRows: 2, logFiles: 1 });
    expect((await readFile(file, 'utf8')).trim().split('\n').map((entry) => (JSON.parse(entry) as { msg: string }).msg)).toEqual(['last month']);
    const left = await accessIds();
    expect([left.has(twoYears), left.has(overOne), left.has(recent)]).toEqual([false, false, true]);

    // Three years kept: an entry of two years ago stays.
    expect((await api.request('PUT', '/api/settings', { ...DEFAULT_AGENCY_SETTINGS, logRetentionYears: 3 })).status).toBe(200);
    const kept = await accessRow(yearsAgo(2, 30));
    expect((await runLogRetentionOnce({ pool, store: api.store, logger }, logDir)).accessLogRows).toBe(0);
    expect((await accessIds()).has(kept)).toBe(true);
  });

  it('records its last run for the automated features list', async () => {
    const stop = startLogRetentionJob({ pool, store: api.store, logger }, { intervalMs: 60_000, logDir: undefined });
    try {
      await expect
        .poll(async () => (await pool.query(`SELECT outcome, detail FROM ${OPS_SCHEMA}.job_runs WHERE name = 'log-retention'`)).rows[0], { timeout: 30_000 })
        .toMatchObject({ outcome: 'ok', detail: expect.stringContaining('Older than 3 years') });
    } finally {
      stop();
    }
  });
});
