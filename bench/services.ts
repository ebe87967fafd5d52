import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { startCommandApiOn, type RunningCommandApi } from '@care/command-api/testing';
import { positionFromToken, type Position } from '@care/events';
import { createLogger, freePort, PostgresEventStore } from '@care/events/server';
import { createReadModelDb, type ReadModelDatabase } from '@care/projector';
import { createReadApi } from '@care/read-api';
import { carerRequest } from './carer-data';

/** Logs would cost time inside the measured path and bury the table. */
export const silentLog = createLogger('bench', 'silent');

/** The real services wired as the product wires them, on one fresh database and free ports. */
export interface Services {
  readonly pool: pg.Pool;
  readonly db: Kysely<ReadModelDatabase>;
  readonly store: PostgresEventStore;
  /** The command API, with a signed-in administrator (every /api call needs a session). */
  readonly command: RunningCommandApi;
  /** The administrator's session cookie, for reads and the live socket. */
  readonly cookie: string;
  startReadApi(): Promise<string>;
  close(): Promise<void>;
}

export async function startServices(url: string): Promise<Services> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection dropped at the end of a run (drop database … with force) must not crash the bench.
  pool.on('error', () => undefined);
  const db = createReadModelDb(pool); // destroying db ends the pool
  const store = await PostgresEventStore.connect(pool);
  const command = await startCommandApiOn(url, { silent: true });
  let readApi: ReadApi | undefined;
  return {
    pool,
    db,
    store,
    command,
    cookie: command.admin.cookie,
    async startReadApi() {
      readApi = await createReadApi({ pool, db, log: silentLog });
      return baseUrl(await listen(readApi.server.listen(await freePort(), '127.0.0.1')));
    },
    async close() {
      if (readApi) {
        readApi.server.closeAllConnections();
        await readApi.close();
      }
      await command.close();
      await store.close();
      await db.destroy();
    },
  };
}

function listen(server: http.Server): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    if (server.listening) return resolve(server);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

type ReadApi = Awaited<ReturnType<typeof createReadApi>>;

const baseUrl = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

export interface CreatedCarer {
  readonly id: string;
  readonly position: Position;
}

/** POST /api/carers through the real HTTP path: validation, reservation, decide, append. */
export async function postCarer(command: RunningCommandApi, n: number): Promise<CreatedCarer> {
  const reply = await command.request('POST', '/api/carers', carerRequest(n));
  const text = reply.text;
  if (reply.status !== 201) throw new Error(`POST /api/carers answered ${reply.status}: ${text}`);
  const body = reply.body as { id: string; position: string | null };
  const position = body.position === null ? undefined : positionFromToken(body.position);
  if (!position) throw new Error(`POST /api/carers replied without a position: ${text}`);
  return { id: body.id, position };
}
