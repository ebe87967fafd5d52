import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import pino from 'pino';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessStreamId, AGENCY_SETTINGS_STREAM, definitionOf, type DomainEvent, type NewEvent } from '@care/events';
import { PostgresEventStore, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { silentLog } from '../../testing/silent-log';
import { startProjector, type RunningProjector } from '../projector';
import { createReadModelDb } from '../read-model/connect';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';
import { settingsProjection } from '../settings/settings-projection';
import { accessLogProjection } from './access-log-projection';
import { pruneAccessLogOnce, startAccessLogPruning } from './access-log-pruning';

/**
 * Log retention of the access log, done by the projector that builds it: sign-ins older than the Log retention
 * setting (1 year until an administrator saves another) leave the admin Security tab's list.
 */
let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<ReadModelDatabase>;
let store: PostgresEventStore;
let projector: RunningProjector;
const admin = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'access_log_pruning');
  pool = createPool(database.url, { max: 6, log: silentLog });
  db = createReadModelDb(pool);
  store = await PostgresEventStore.connect(pool);
  projector = await startProjector({
    store,
    pool,
    db,
    log: silentLog,
    projections: [accessLogProjection, settingsProjection],
  });
  await projector.settled();
});

afterAll(async () => {
  await projector?.stop();
  await db?.destroy();
  await database?.drop();
});

const yearsAgo = (years: number, days = 0) => new Date(Date.now() - (years * 365.25 + days) * 86_400_000);

async function append(streamId: string, event: DomainEvent, occurredAt: Date): Promise<void> {
  const existing = await store.readStream(streamId);
  const stamped: NewEvent = {
    eventId: randomUUID(),
    type: event.type,
    schemaVersion: definitionOf(event.type).schemaVersion,
    data: event.data,
    metadata: {
      userId: admin,
      occurredAt: occurredAt.toISOString(),
      correlationId: randomUUID(),
      causationId: randomUUID(),
    },
  };
  await store.append(streamId, [stamped], existing.length === 0 ? 'no_stream' : existing.at(-1)!.revision);
}

const listed = async () =>
  new Set(
    (await pool.query<{ user_id: string }>(`SELECT user_id FROM ${READ_MODEL_SCHEMA}.access_log`)).rows.map(
      (row) => row.user_id,
    ),
  );

/** A sign-in at that moment, once the access log lists it; its user names it. */
async function signIn(at: Date): Promise<string> {
  const userId = randomUUID();
  await append(
    accessStreamId(userId),
    { type: 'UserSignedIn', data: { userId, ipAddress: '192.0.2.1', userAgent: 'Firefox' } },
    at,
  );
  await expect.poll(async () => (await listed()).has(userId)).toBe(true);
  return userId;
}

describe('access log pruning', () => {
  it('drops access-log rows older than the Log retention setting, and follows a change of the setting', async () => {
    const [twoYears, overOne, recent] = [
      await signIn(yearsAgo(2, 30)),
      await signIn(yearsAgo(1, 30)),
      await signIn(yearsAgo(0, 30)),
    ];
    expect(await listed()).toEqual(new Set([twoYears, overOne, recent]));

    // The default is 1 year.
    expect(await pruneAccessLogOnce(db)).toMatchObject({ years: 1, removed: 2 });
    expect(await listed()).toEqual(new Set([recent]));

    // Three years kept: a sign-in of two years ago stays.
    await append(
      AGENCY_SETTINGS_STREAM,
      { type: 'AgencySettingsChanged', data: { changes: { logRetentionYears: 3 } } },
      new Date(),
    );
    const years = async () =>
      (
        await pool.query<{ years: string | null }>(
          `SELECT settings->>'logRetentionYears' AS years FROM ${READ_MODEL_SCHEMA}.agency_settings`,
        )
      ).rows[0]?.years;
    await expect.poll(years).toBe('3');
    const kept = await signIn(yearsAgo(2, 30));
    expect(await pruneAccessLogOnce(db)).toMatchObject({ years: 3, removed: 0 });
    expect(await listed()).toEqual(new Set([recent, kept]));
  });

  it('keeps a row of exactly the cutoff, and drops one a moment older', async () => {
    const now = new Date();
    const { cutoff } = await pruneAccessLogOnce(db, now);
    const onTheCutoff = await signIn(cutoff);
    const justBefore = await signIn(new Date(cutoff.getTime() - 1000));
    expect(await pruneAccessLogOnce(db, now)).toMatchObject({ removed: 1 });
    const left = await listed();
    expect([left.has(onTheCutoff), left.has(justBefore)]).toEqual([true, false]);
  });

  it("puts the cutoff the setting's years back on the calendar", async () => {
    const now = new Date('2026-11-27T16:30:00.000Z');
    const run = await pruneAccessLogOnce(db, now);
    expect(run.cutoff.toISOString()).toBe(`${2026 - run.years}-11-27T16:30:00.000Z`);
  });

  it('runs on its own soon after start-up and logs how many rows it removed', async () => {
    await pruneAccessLogOnce(db);
    const old = await signIn(yearsAgo(3, 30));
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const stop = startAccessLogPruning({ db, log: pino(sink) }, { intervalMs: 60_000 });
    try {
      await expect
        .poll(() => lines.find((line) => line.msg === 'access log pruned'), { timeout: 30_000 })
        .toMatchObject({ removed: 1 });
    } finally {
      stop();
    }
    expect((await listed()).has(old)).toBe(false);
  });
});
