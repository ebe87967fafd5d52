import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { createReadModelDb } from '../read-model/connect';
import type { ReadModelDatabase } from '../read-model/database';
import { COPY_MIN_ROWS, writeRows, type BulkRow } from './bulk-rows';

let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<ReadModelDatabase>;

const SCHEMA = 'bulk_rows_test';

/** Every kind of value a projection writes, text that COPY must escape among them. */
function row(n: number): BulkRow {
  return {
    id: randomUUID(),
    name: ['plain', 'tab\there', 'new\nline', 'back\\slash \\N', 'carriage\rreturn', 'quote " and \'', 'émoji 👍 and ünïcode', ''][n % 8],
    note: n % 3 === 0 ? null : `note ${n}`,
    count: n,
    big: BigInt(n) * 10_000_000_000n,
    ratio: n / 8,
    flag: n % 2 === 0,
    day: '2026-03-29',
    at: n % 5 === 0 ? new Date(Date.UTC(2026, 2, 29, 0, 30 + n)) : new Date(Date.UTC(2026, 9, 25, 1, n % 60)).toISOString(),
    tags: n % 4 === 0 ? [] : ['a\tb', 'c\\d', `e${n}`],
    doc: n % 7 === 0 ? null : { text: 'line\nbreak', nested: { n, ok: true }, list: [1, 'two', null] },
    scalar: ['a string', 42, true, null, 'back\\slash'][n % 5],
  };
}

async function table(name: string): Promise<void> {
  await sql`create table ${sql.id(SCHEMA, name)} (
    id uuid primary key, name text not null, note text, count integer not null, big bigint not null, ratio double precision not null,
    flag boolean not null, day date not null, at timestamptz not null, tags jsonb not null, doc jsonb, scalar jsonb, extra text default 'kept')`.execute(db);
}

/** The table's rows as text, in id order: what a checksum of the read model compares. */
async function contents(name: string): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`select t::text as line from ${sql.id(SCHEMA, name)} t order by id`.execute(db);
  return rows.map((entry) => entry.line);
}

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'bulk_rows');
  pool = createPool(database.url);
  db = createReadModelDb(pool);
  await sql`create schema ${sql.id(SCHEMA)}`.execute(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('writeRows', () => {
  it('writes the same rows through COPY (a catch-up batch) as through one statement (a live batch), upserts included', async () => {
    await table('by_statement');
    await table('by_copy');
    const rows = Array.from({ length: COPY_MIN_ROWS + 40 }, (_, n) => row(n));
    const changed = rows.slice(0, 100).map((entry, n) => ({ ...entry, name: `changed\t${n}`, count: -n, doc: { changed: true } }));
    // A live batch is small: the same rows, a few hundred at a time, through the JSON statement.
    await db.transaction().execute(async (trx) => {
      const scoped = trx.withSchema(SCHEMA);
      for (let start = 0; start < rows.length; start += COPY_MIN_ROWS - 1) await writeRows(scoped, 'by_statement', rows.slice(start, start + COPY_MIN_ROWS - 1), { key: ['id'] });
      await writeRows(scoped, 'by_statement', changed, { key: ['id'] });
    });
    // A catch-up batch: all of them at once, through COPY, then the changes upserted on top of them.
    await db.transaction().execute(async (trx) => {
      const scoped = trx.withSchema(SCHEMA);
      await writeRows(scoped, 'by_copy', rows, { key: ['id'] });
      await writeRows(scoped, 'by_copy', [...changed, ...rows.slice(100, COPY_MIN_ROWS)].map((entry) => ({ ...entry })), { key: ['id'] });
    });
    const [byStatement, byCopy] = [await contents('by_statement'), await contents('by_copy')];
    expect(byCopy).toHaveLength(rows.length);
    expect(byCopy).toEqual(byStatement);
    const [first] = (await sql<{ name: string; extra: string; scalar: unknown }>`select name, extra, scalar from ${sql.id(SCHEMA, 'by_copy')} where id = ${rows[1]!.id}`.execute(db)).rows;
    expect(first).toEqual({ name: 'changed\t1', extra: 'kept', scalar: 42 });
  });

  it('adds into roll-up rows and leaves stored rows alone on "nothing", as the statement does', async () => {
    await sql`create table ${sql.id(SCHEMA, 'sums')} (day date not null, carer text, total integer not null, unique nulls not distinct (day, carer))`.execute(db);
    const sums = Array.from({ length: COPY_MIN_ROWS * 2 }, (_, n) => ({ day: `2026-01-${String((n % 28) + 1).padStart(2, '0')}`, carer: n % 50 === 0 ? null : `carer ${n % 40}`, total: 1 }));
    const distinct = new Map<string, { day: string; carer: string | null; total: number }>();
    for (const entry of sums) {
      const key = `${entry.day}|${entry.carer}`;
      distinct.set(key, { ...entry, total: (distinct.get(key)?.total ?? 0) + 1 });
    }
    const once = [...distinct.values()];
    const padded = [...once, ...Array.from({ length: COPY_MIN_ROWS }, (_, n) => ({ day: '2027-01-01', carer: `only ${n}`, total: 1 }))];
    await db.transaction().execute(async (trx) => {
      await writeRows(trx.withSchema(SCHEMA), 'sums', padded, { key: ['day', 'carer'], onConflict: 'add' });
      await writeRows(trx.withSchema(SCHEMA), 'sums', padded, { key: ['day', 'carer'], onConflict: 'add' });
      await writeRows(trx.withSchema(SCHEMA), 'sums', padded.map((entry) => ({ ...entry, total: 1000 })), { key: ['day', 'carer'], onConflict: 'nothing' });
    });
    const { rows } = await sql<{ total: number }>`select sum(total)::int as total from ${sql.id(SCHEMA, 'sums')}`.execute(db);
    expect(rows[0]!.total).toBe(2 * (sums.length + COPY_MIN_ROWS));
  });

  it('rolls back with its transaction and leaves no staging table behind', async () => {
    await table('rolled_back');
    const rows = Array.from({ length: COPY_MIN_ROWS }, (_, n) => row(n));
    await expect(
      db.transaction().execute(async (trx) => {
        await writeRows(trx.withSchema(SCHEMA), 'rolled_back', rows, { key: ['id'] });
        throw new Error('the batch failed after its rows were written');
      }),
    ).rejects.toThrow('the batch failed');
    expect(await contents('rolled_back')).toEqual([]);
    await db.transaction().execute((trx) => writeRows(trx.withSchema(SCHEMA), 'rolled_back', rows, { key: ['id'] }));
    expect(await contents('rolled_back')).toHaveLength(COPY_MIN_ROWS);
    const { rows: staged } = await sql<{ n: number }>`select count(*)::int as n from pg_class where relname like 'copy\_%' and relpersistence = 't'`.execute(db);
    expect(staged[0]!.n).toBe(0);
  });

  it('refuses a row its table cannot hold with the database error, writing none of the batch', async () => {
    await table('refused');
    const rows = Array.from({ length: COPY_MIN_ROWS }, (_, n) => ({ ...row(n), count: n === 300 ? 2 ** 40 : n }));
    await expect(db.transaction().execute((trx) => writeRows(trx.withSchema(SCHEMA), 'refused', rows, { key: ['id'] }))).rejects.toThrow(/out of range for type integer/);
    expect(await contents('refused')).toEqual([]);
  });
});
