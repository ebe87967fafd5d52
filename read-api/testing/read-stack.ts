import type { AddressInfo } from 'node:net';
import type { KyselyPlugin } from 'kysely';
import type pg from 'pg';
import { createLogger, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { startCommandApiOn, type RunningCommandApi, type TestApiOptions } from '@care/command-api/testing';
import { createReadModelDb, startProjector, type RunningProjector } from '@care/projector';
import { createReadApi, type ReadApi, type ReadApiOptions } from '../src/app';

/** The three services on one fresh test database, as the product wires them, for read-api integration tests. */
export interface ReadStack {
  readonly database: TestDatabase;
  readonly pool: pg.Pool;
  readonly command: RunningCommandApi;
  readonly projector: RunningProjector;
  readonly readApi: ReadApi;
  /** The read API's base URL on loopback. */
  readonly readUrl: string;
  stop(): Promise<void>;
}

const log = createLogger('test', 'silent');

/** Starts the command API, a projector (caught up) and a read API listening on a free port. */
export async function startReadStack(
  serverUrl: string,
  label: string,
  options: {
    command?: TestApiOptions;
    lagIntervalMs?: number;
    readApi?: Pick<ReadApiOptions, 'agencyContacts' | 'carerWindow'>;
    /** The read API reads the log through the command API's store (the EventStore port), as with EventStoreDB. */
    readThroughStore?: boolean;
    /** Wraps the read API's queries (a test that makes one fail). */
    readModelPlugin?: KyselyPlugin;
  } = {},
): Promise<ReadStack> {
  const database = await createTestDatabase(serverUrl, label);
  const pool = createPool(database.url, { max: 10, log });
  const command = await startCommandApiOn(database.url, options.command);
  const projector = await startProjector({
    store: command.store,
    pool,
    db: createReadModelDb(pool),
    log,
    lagIntervalMs: options.lagIntervalMs,
  });
  await projector.settled();
  const readDb = createReadModelDb(pool);
  const readApi = await createReadApi({
    pool,
    db: options.readModelPlugin ? readDb.withPlugin(options.readModelPlugin) : readDb,
    log,
    ...options.readApi,
    ...(options.readThroughStore && { eventStore: command.store }),
  });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  const readUrl = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
  return {
    database,
    pool,
    command,
    projector,
    readApi,
    readUrl,
    async stop() {
      await readApi.close();
      await projector.stop();
      await command.close();
      await pool.end();
      await database.drop();
    },
  };
}
