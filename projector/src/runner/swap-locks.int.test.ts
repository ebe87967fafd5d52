import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { createReadModelDb } from '../read-model/connect';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';
import { isLockNotAvailable, lockLiveTables } from './swap-locks';

let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<ReadModelDatabase>;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'swap_locks');
  pool = createPool(database.url);
  db = createReadModelDb(pool);
  await pool.query(`create schema if not exists ${READ_MODEL_SCHEMA}`);
  await pool.query(`create table ${READ_MODEL_SCHEMA}.swap_first (id int)`);
  await pool.query(`create table ${READ_MODEL_SCHEMA}.swap_second (id int)`);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

/** Whether another connection can lock `table` exclusively right now: the swap holds nothing while it waits. */
async function freeNow(table: string): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`lock table ${READ_MODEL_SCHEMA}.${table} in access exclusive mode nowait`);
    return true;
  } catch (error) {
    if (isLockNotAvailable(error)) return false;
    throw error;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('the locks a swap takes before it drops live tables', () => {
  it('fails at once while a read holds one of them, holding none, and takes them all once the read ends', async () => {
    const reader = await pool.connect();
    try {
      // A read inside a transaction holds its table until it ends, as a join in flight does.
      await reader.query('begin');
      await reader.query(`select * from ${READ_MODEL_SCHEMA}.swap_second`);
      const attempt = db.transaction().execute(async (trx) => {
        await lockLiveTables(trx, ['swap_first', 'swap_second', 'never_built'], false);
      });
      const refusal: unknown = await attempt.catch((error: unknown) => error);
      expect(isLockNotAvailable(refusal)).toBe(true);
      // The other table was not left locked while the read went on: reads of it are not held up.
      expect(await freeNow('swap_first')).toBe(true);
      await reader.query('commit');
    } finally {
      reader.release();
    }
    await db.transaction().execute(async (trx) => {
      await lockLiveTables(trx, ['swap_first', 'swap_second', 'never_built'], false);
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from pg_locks l join pg_class c on c.oid = l.relation
         where l.pid = pg_backend_pid() and l.mode = 'AccessExclusiveLock'
           and c.relname in ('swap_first', 'swap_second')`.execute(trx);
      expect(rows[0]!.n).toBe('2');
    });
  });

  it('does nothing for tables that do not exist yet (a first build)', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await lockLiveTables(trx, ['not_built_yet'], false);
        await lockLiveTables(trx, [], false);
      }),
    ).resolves.toBeUndefined();
  });
});
