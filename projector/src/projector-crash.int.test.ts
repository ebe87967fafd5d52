import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { comparePositions, START_POSITION, type Position } from '@care/events';
import { PostgresEventStore } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { readCheckpoint } from './apply-batch';
import { createReadModelDb } from './read-model/connect';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from './read-model/database';
import { rebuildReadModel, replayInto } from './rebuild';
import { acquireProjectorLock } from './projector-lock';
import { appendCarerHistories } from './testing/carer-event-fixtures';

const ROOT = path.resolve(import.meta.dirname, '../..');
let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<ReadModelDatabase>;
let store: PostgresEventStore;
let lastPosition: Position;

function spawnProjector(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'projector/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url, PROJECTOR_BATCH_SIZE: '250', LOG_LEVEL: 'warn', EVENTSTORE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

/** Every row of a read-model schema's tables, in a stable order. */
async function snapshot(schema: string) {
  const carers = await sql<Record<string, unknown>>`select * from ${sql.id(schema, 'carers')} order by id`.execute(db);
  return { carers: carers.rows, checkpoint: await readCheckpoint(db, schema) };
}

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'projector_crash');
  pool = new pg.Pool({ connectionString: database.url, max: 5 });
  db = createReadModelDb(pool);
  store = await PostgresEventStore.connect(pool);
  await appendCarerHistories(store, 6000);
  let position: Position = START_POSITION;
  for (let page = await store.readAll(position, 5000); page.length > 0; page = await store.readAll(position, 5000)) {
    position = page.at(-1)!.position;
  }
  lastPosition = position;
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('projector crash safety', () => {
  it('after a kill in the middle of a batch and a restart, the read model equals a rebuild from zero', async () => {
    const first = spawnProjector();
    // Wait until the projector is inside a batch transaction that has written rows but not committed.
    await expect
      .poll(
        async () => {
          const { rows } = await pool.query<{ writing: number }>(
            `select count(*)::int as writing from pg_stat_activity
             where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()`,
          );
          const checkpoint = await readCheckpoint(db, READ_MODEL_SCHEMA).catch(() => START_POSITION);
          return rows[0]!.writing > 0 && comparePositions(checkpoint, START_POSITION) > 0;
        },
        { timeout: 60_000, interval: 5 },
      )
      .toBe(true);
    first.kill('SIGKILL');
    await exited(first);
    const atCrash = await readCheckpoint(db, READ_MODEL_SCHEMA);
    expect(comparePositions(atCrash, lastPosition)).toBeLessThan(0); // it really stopped part-way

    const second = spawnProjector();
    await expect
      .poll(async () => comparePositions(await readCheckpoint(db, READ_MODEL_SCHEMA), lastPosition), { timeout: 60_000 })
      .toBe(0);
    second.kill('SIGTERM');
    await exited(second);

    await replayInto(store, db, 'verify_rebuild');
    const live = await snapshot(READ_MODEL_SCHEMA);
    const rebuilt = await snapshot('verify_rebuild');
    expect(live.carers.length).toBeGreaterThan(5000);
    expect(live.carers).toEqual(rebuilt.carers);
    expect(live.checkpoint).toEqual(rebuilt.checkpoint);
  }, 180_000);

  it('rebuild swaps in fresh tables equal to the live ones, and is refused while a projector runs', async () => {
    const before = await snapshot(READ_MODEL_SCHEMA);
    await sql`update ${sql.id(READ_MODEL_SCHEMA, 'carers')} set first_name = 'Corrupted'`.execute(db);
    expect(await rebuildReadModel(store, pool, db)).toBeGreaterThan(6000);
    expect(await snapshot(READ_MODEL_SCHEMA)).toEqual(before);

    const running = await acquireProjectorLock(pool, { wait: false });
    await expect(rebuildReadModel(store, pool, db)).rejects.toThrow('A projector is running');
    await running?.release();
  }, 120_000);
});
