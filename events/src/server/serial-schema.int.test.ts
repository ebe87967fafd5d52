import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing';
import { createPool } from './create-pool';
import { createSchemaSerially } from './serial-schema';

/** Services start at once and each creates the schemas it needs: none may fail because another got there first. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'serial_schema');
});
afterAll(async () => {
  await database?.drop();
});

describe('creating a schema as several processes start', () => {
  it('succeeds for every serialised creator, even beside one that creates the same schema without the lock', async () => {
    const pools = Array.from({ length: 6 }, () => createPool(database.url));
    try {
      for (let round = 0; round < 5; round += 1) {
        const schema = `race_${round}`;
        const statements = [`CREATE SCHEMA IF NOT EXISTS ${schema}`, `CREATE TABLE IF NOT EXISTS ${schema}.t (id int)`];
        const [unlocked, ...serialised] = await Promise.allSettled([
          pools[0]!.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`),
          ...pools.slice(1).map((pool) => createSchemaSerially(pool, 424_242, statements)),
        ]);
        expect(unlocked).toBeDefined();
        expect(serialised.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
        const { rows } = await pools[0]!.query('select count(*)::int as n from pg_namespace where nspname = $1', [
          schema,
        ]);
        expect(rows[0].n).toBe(1);
      }
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
