import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { comparePositions, START_POSITION, type Position } from '@care/events';
import { PostgresEventStore, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { appendCarerHistories } from '../testing/carer-event-fixtures';
import { readModelChecksums } from '../testing/read-model-checksum';
import { projections } from './projection-list';
import { acquireProjectorLock } from './projector-lock';
import { createReadModelDb } from './read-model/connect';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from './read-model/database';
import { rebuildProjections, replayInto } from './rebuild';
import { silentLog } from '../testing/silent-log';

const ROOT = path.resolve(import.meta.dirname, '../..');
let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<ReadModelDatabase>;
let store: PostgresEventStore;
let lastPosition: Position;

function spawnProjector(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'projector/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PROJECTOR_BATCH_SIZE: '250',
      PROJECTOR_CATCH_UP_BATCH_SIZE: '250',
      LOG_LEVEL: 'warn',
      EVENTSTORE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

/** Each projection's progress: the served checkpoint, or the rebuild's while it rebuilds. */
async function progress(): Promise<{ name: string; state: string; position: Position }[]> {
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('projection_status')
    .selectAll()
    .execute()
    .catch(() => []);
  return rows.map((row) => ({
    name: row.name,
    state: row.state,
    position:
      row.rebuild_commit !== null && row.rebuild_prepare !== null
        ? { commit: BigInt(row.rebuild_commit), prepare: BigInt(row.rebuild_prepare) }
        : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
  }));
}

const allCaughtUp = async () => {
  const rows = await progress();
  return (
    rows.length === projections.length &&
    rows.every((row) => row.state === 'live' && comparePositions(row.position, lastPosition) === 0)
  );
};

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'projector_crash');
  pool = createPool(database.url, { max: 5, log: silentLog });
  db = createReadModelDb(pool);
  store = await PostgresEventStore.connect(pool);
  const appended = await appendCarerHistories(store, 6000);
  // Another test's open transaction on the shared server can hold back the log's visible end: wait for all of it.
  let position: Position = START_POSITION;
  await vi.waitFor(
    async () => {
      let seen = 0;
      position = START_POSITION;
      for (
        let page = await store.readAll(position, 5000);
        page.length > 0;
        page = await store.readAll(position, 5000)
      ) {
        position = page.at(-1)!.position;
        seen += page.length;
      }
      expect(seen).toBe(appended);
    },
    { timeout: 30_000, interval: 100 },
  );
  lastPosition = position;
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('projector crash safety', () => {
  it('after kills at random points of the catch-up and a restart, every read-model table equals a rebuild from zero', async () => {
    // Two kills, each at a random moment while a batch transaction has written rows but not committed.
    for (let kill = 0; kill < 2; kill += 1) {
      const child = spawnProjector();
      const delayMs = Math.floor(Math.random() * 300);
      await expect
        .poll(
          async () => {
            const { rows } = await pool.query<{ writing: number }>(
              `select count(*)::int as writing from pg_stat_activity
               where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()`,
            );
            const moved = (await progress()).some((row) => comparePositions(row.position, START_POSITION) > 0);
            return rows[0]!.writing > 0 && (kill === 0 || moved);
          },
          { timeout: 60_000, interval: 5 },
        )
        .toBe(true);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      child.kill('SIGKILL');
      await exited(child);
      if (await allCaughtUp()) break; // the random delay let it finish: nothing was interrupted this time
    }
    expect((await progress()).some((row) => comparePositions(row.position, lastPosition) < 0)).toBe(true); // really stopped part-way

    const last = spawnProjector();
    await expect.poll(allCaughtUp, { timeout: 90_000, interval: 100 }).toBe(true);
    last.kill('SIGTERM');
    await exited(last);

    await replayInto(store, db, 'verify_rebuild');
    const live = await readModelChecksums(db, READ_MODEL_SCHEMA, projections);
    const rebuilt = await readModelChecksums(db, 'verify_rebuild', projections);
    expect(Number(live.carers!.split(':')[0])).toBeGreaterThan(5000);
    expect(live).toEqual(rebuilt);
  }, 240_000);

  it('npm run rebuild swaps in fresh tables equal to the live ones, and is refused while a projector runs', async () => {
    const before = await readModelChecksums(db, READ_MODEL_SCHEMA, projections);
    await db.withSchema(READ_MODEL_SCHEMA).updateTable('carers').set({ first_name: 'Corrupted' }).execute();
    const rebuilt = await rebuildProjections({ store, pool, db, log: silentLog, names: ['carers'] });
    expect(rebuilt.map((member) => member.projection.name)).toEqual(['carers']);
    expect(await readModelChecksums(db, READ_MODEL_SCHEMA, projections)).toEqual(before);

    const running = await acquireProjectorLock(pool, { wait: false });
    await expect(rebuildProjections({ store, pool, db, log: silentLog })).rejects.toThrow('A projector is running');
    await running?.release();
  }, 120_000);
});
