import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_AGENCY_SETTINGS } from '@care/events';
import { createLogger, OPS_SCHEMA } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { startCommandApiOn, type RunningCommandApi } from '@care/command-api/testing';
import { runLogRetentionOnce, startLogRetentionJob } from './log-retention-job';

const logger = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let api: RunningCommandApi;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'log_retention');
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  api = await startCommandApiOn(database.url);
}, 60_000);

afterAll(async () => {
  await api?.close();
  await pool?.end();
  await database?.drop();
});

const yearsAgo = (years: number, days = 0) => new Date(Date.now() - (years * 365.25 + days) * 86_400_000);
const line = (at: Date, msg: string) => JSON.stringify({ level: 30, time: at.getTime(), msg });
const messagesIn = async (file: string) =>
  (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((entry) => (JSON.parse(entry) as { msg: string }).msg);

describe('log retention', () => {
  it('drops service log entries older than the setting, and follows a change of the setting', async () => {
    const logDir = await mkdtemp(path.join(os.tmpdir(), 'retention-'));
    try {
      const file = path.join(logDir, 'read-api.log');
      await writeFile(
        file,
        `${[line(yearsAgo(2, 30), 'two years old'), line(yearsAgo(1, 30), 'over a year old'), line(yearsAgo(0, 30), 'last month')].join('\n')}\n`,
      );

      // The default is 1 year.
      expect(await runLogRetentionOnce({ pool, store: api.store, logger }, logDir)).toMatchObject({
        years: 1,
        logFiles: 1,
      });
      expect(await messagesIn(file)).toEqual(['last month']);

      // Three years kept: an entry of two years ago stays.
      expect(
        (await api.request('PUT', '/api/settings', { ...DEFAULT_AGENCY_SETTINGS, logRetentionYears: 3 })).status,
      ).toBe(200);
      await writeFile(
        file,
        `${[line(yearsAgo(2, 30), 'two years old'), line(yearsAgo(0, 30), 'last month')].join('\n')}\n`,
      );
      expect(await runLogRetentionOnce({ pool, store: api.store, logger }, logDir)).toMatchObject({
        years: 3,
        logBytes: 0,
      });
      expect(await messagesIn(file)).toEqual(['two years old', 'last month']);
    } finally {
      await rm(logDir, { recursive: true, force: true });
    }
  });

  it('records its last run for the automated features list', async () => {
    const stop = startLogRetentionJob({ pool, store: api.store, logger }, { intervalMs: 60_000, logDir: undefined });
    try {
      await expect
        .poll(
          async () =>
            (await pool.query(`SELECT outcome, detail FROM ${OPS_SCHEMA}.job_runs WHERE name = 'log-retention'`))
              .rows[0],
          { timeout: 30_000 },
        )
        .toMatchObject({ outcome: 'ok', detail: expect.stringContaining('Older than 3 years') });
    } finally {
      stop();
    }
  });
});
