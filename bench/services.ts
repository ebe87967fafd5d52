import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createCommandApp } from '@care/command-api';
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
  readonly commandUrl: string;
  startReadApi(): Promise<string>;
  close(): Promise<void>;
}

export async function startServices(url: string): Promise<Services> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const db = createReadModelDb(pool); // destroying db ends the pool
  const store = await PostgresEventStore.connect(pool);
  const commandServer = await listen(createCommandApp(store, silentLog).listen(await freePort(), '127.0.0.1'));
  let readApi: ReadApi | undefined;
  return {
    pool,
    db,
    store,
    commandUrl: baseUrl(commandServer),
    async startReadApi() {
      readApi = await createReadApi({ pool, db, log: silentLog });
      return baseUrl(await listen(readApi.server.listen(await freePort(), '127.0.0.1')));
    },
    async close() {
      if (readApi) {
        readApi.server.closeAllConnections();
        await readApi.close();
      }
      commandServer.closeAllConnections();
      await new Promise<void>((resolve) => commandServer.close(() => resolve()));
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
export async function postCarer(commandUrl: string, n: number): Promise<CreatedCarer> {
  const response = await fetch(`${commandUrl}/api/carers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(carerRequest(n)),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /api/carers answered ${response.status}: ${text}`);
  const body = JSON.parse(text) as { id: string; position: string | null };
  const position = body.position === null ? undefined : positionFromToken(body.position);
  if (!position) throw new Error(`POST /api/carers replied without a position: ${text}`);
  return { id: body.id, position };
}
