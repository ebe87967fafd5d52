import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, newEvent, type TestDatabase } from '../testing';
import { createPool } from './create-pool';
import { hasEventLog } from '../postgres/event-store-schema';
import { NoEventLogError } from '../postgres/postgres-event-store';
import { openEventStore } from './event-store-factory';
import { StoreMismatchError, checkStoreBinding, readStoreBinding } from './store-binding';

/**
 * The read-model database remembers the store it was built from; a service or tool configured for another refuses
 * before it reads, writes or creates anything.
 */
const run = promisify(execFile);
let database: TestDatabase;
let pool: pg.Pool;
const config = () => ({ databaseUrl: database.url });

/** The database as if EventStoreDB's cluster had built it (as a production install would be). */
async function boundToEventStoreDb(): Promise<void> {
  await checkStoreBinding(
    pool,
    {
      kind: 'eventstoredb',
      id: 'e0c2b7a4-5f8e-4b9e-9d3c-3a1f0e6b7c21',
      label: 'EventStoreDB at esdb://es1:2113,es2:2113',
    },
    { who: 'the projector', claim: true },
  );
}

/** A process or tool run as an operator runs it, against this database and no EVENTSTORE_URL. */
async function runEntry(entry: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', entry], {
      env: { ...process.env, DATABASE_URL: database.url, EVENTSTORE_URL: '', LOG_LEVEL: 'info' },
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

beforeEach(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'store_binding');
  pool = createPool(database.url);
});
afterEach(async () => {
  await pool?.end();
  await database?.drop();
});

describe('the store a read-model database was built from', () => {
  it('is claimed by the first service, and the same store opens again however often', async () => {
    const first = await openEventStore(config(), { who: 'the command API', readModels: pool });
    const identity = await first.identity();
    await first.append('thing-1', [newEvent('Thing', { i: 1 })], 'no_stream');
    await first.close();
    expect(await readStoreBinding(pool)).toMatchObject({
      kind: 'postgres',
      id: identity.id,
      boundBy: 'the command API',
      label: expect.stringContaining('PostgreSQL event store in database'),
    });
    const again = await openEventStore(config(), { who: 'the projector', readModels: pool, sharePool: true });
    expect((await again.identity()).id).toBe(identity.id);
    expect(await again.readStream('thing-1')).toHaveLength(1);
    await again.close();
  });

  it('refuses a service configured for another kind of store, naming both, before creating a log', async () => {
    await boundToEventStoreDb();
    const opened = openEventStore(config(), { who: 'the command API', readModels: pool });
    await expect(opened).rejects.toBeInstanceOf(StoreMismatchError);
    await expect(opened).rejects.toThrow(
      /built from EventStoreDB at esdb:\/\/es1:2113,es2:2113 .*but the command API is configured for the PostgreSQL event store in this database/,
    );
    expect(await hasEventLog(pool)).toBe(false);
  });

  it('refuses another store of the same kind (a log whose positions mean nothing to these checkpoints)', async () => {
    const first = await openEventStore(config(), { who: 'the projector', readModels: pool });
    await first.close();
    // The log is replaced by another one (a different store id) while the read models stay.
    await pool.query('update es_store set store_id = gen_random_uuid()');
    await expect(openEventStore(config(), { who: 'the read API', readModels: pool })).rejects.toThrow(
      /but the read API is connected to a different store, the PostgreSQL event store/,
    );
  });

  it('lets a tool open only a log that exists: it creates none and binds nothing', async () => {
    const opened = openEventStore(config(), { who: 'npm run rebuild', readModels: pool, create: false });
    await expect(opened).rejects.toBeInstanceOf(NoEventLogError);
    expect(await hasEventLog(pool)).toBe(false);
    expect(await readStoreBinding(pool)).toBeUndefined();
  });
});

describe('as an operator starts them', () => {
  it('the command API refuses to start against read models built from EventStoreDB, saying why', async () => {
    await boundToEventStoreDb();
    const started = await runEntry('command-api/src/main.ts');
    expect(started.code).toBe(2);
    expect(started.output).toContain(
      'The read models in this database were built from EventStoreDB at esdb://es1:2113',
    );
    expect(started.output).toContain('configured for the PostgreSQL event store in this database');
    expect(await hasEventLog(pool)).toBe(false);
  });

  it('npm run rebuild without EVENTSTORE_URL refuses instead of rebuilding empty read models', async () => {
    await boundToEventStoreDb();
    const rebuilt = await runEntry('projector/src/rebuild-cli.ts');
    expect(rebuilt.code).toBe(2);
    expect(rebuilt.output).toContain('but npm run rebuild is configured for the PostgreSQL event store');
    expect(await hasEventLog(pool)).toBe(false);
    const schemas = await pool.query<{ n: string }>(
      `select count(*) as n from information_schema.schemata where schema_name like 'read_model%'`,
    );
    expect(Number(schemas.rows[0]!.n)).toBe(0);
  });

  it('npm run verify-log on a database with no log refuses and creates nothing, rather than saying "Intact"', async () => {
    const checked = await runEntry('scripts/verify-log.ts');
    expect(checked.code).toBe(2);
    expect(checked.output).toContain('There is no event log in database');
    expect(checked.output).not.toContain('Intact');
    expect(await hasEventLog(pool)).toBe(false);
  });

  it('npm run verify-log on read models built from EventStoreDB refuses and names the store', async () => {
    await boundToEventStoreDb();
    const checked = await runEntry('scripts/verify-log.ts');
    expect(checked.code).toBe(2);
    expect(checked.output).toContain('built from EventStoreDB at esdb://es1:2113,es2:2113');
    expect(await hasEventLog(pool)).toBe(false);
  });
});
