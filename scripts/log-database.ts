import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import {
  databaseUrl,
  ensureDatabase,
  hasEventLog,
  NoEventLogError,
  parseEnv,
  port,
  portInUse,
  readStoreBinding,
  startEmbeddedPostgres,
  withDatabase,
} from '@care/events/server';

/**
 * The database `npm run verify-log` and `npm run log-digest` check: DATABASE_URL when set; otherwise the
 * embedded PostgreSQL of `npm start` (its running server when it is up, since checking is read-only apart
 * from sealing what is final; or started here from DATA_DIR for the check).
 */
const env = parseEnv(
  z.object({
    DATABASE_URL: databaseUrl.optional(),
    EVENTSTORE_URL: z.string().optional(),
    EMBEDDED_PG_PORT: port(5433),
    DATA_DIR: z.string().default('.data'),
  }),
);

/**
 * The chain is checked where it is, never made: a database whose read models were built from EventStoreDB, or one
 * with no PostgreSQL event log at all, is refused (exit 2) with nothing created, rather than reported "Intact" over
 * an empty log made on the spot.
 */
async function refuseWithoutChain(pool: pg.Pool, onEventStoreDb: string | undefined): Promise<void> {
  const binding = await readStoreBinding(pool);
  if (binding?.kind === 'eventstoredb') {
    console.error(
      onEventStoreDb ??
        `The read models in this database were built from ${binding.label}: the hash chain belongs to the PostgreSQL ` +
          'event store, and EventStoreDB keeps its own append-only chunk files with per-chunk checksums (see ' +
          'docs/features/audit.md). Nothing was checked or created.',
    );
    process.exit(2);
  }
  if (!(await hasEventLog(pool))) {
    console.error(
      new NoEventLogError((await pool.query<{ db: string }>('select current_database() as db')).rows[0]!.db).message,
    );
    process.exit(2);
  }
}

/** What a tool says instead of the chain's own message when it meets an EventStoreDB-backed product. */
export interface LogDatabaseOptions {
  readonly onEventStoreDb?: string;
  /** Creates the embedded server's database when it has none yet (a restore onto a new machine). */
  readonly createDatabase?: boolean;
}

export async function withLogDatabase<T>(
  work: (pool: pg.Pool) => Promise<T>,
  { onEventStoreDb }: LogDatabaseOptions = {},
): Promise<T> {
  return withProductDatabase(
    async (pool) => {
      await refuseWithoutChain(pool, onEventStoreDb);
      return work(pool);
    },
    { onEventStoreDb },
  );
}

/**
 * The product's database as the services find it, without asking for an event log in it: `npm run restore` writes
 * into a database that may have none yet. EVENTSTORE_URL set is refused the same way as by withLogDatabase.
 */
export async function withProductDatabase<T>(
  work: (pool: pg.Pool) => Promise<T>,
  { onEventStoreDb, createDatabase = false }: LogDatabaseOptions = {},
): Promise<T> {
  if (env.EVENTSTORE_URL) {
    console.error(
      onEventStoreDb ??
        'EVENTSTORE_URL is set: the hash chain belongs to the PostgreSQL event store. EventStoreDB keeps its own ' +
          'append-only chunk files with per-chunk checksums and has no SQL path to edit an event; see docs/features/audit.md.',
    );
    process.exit(2);
  }
  let stop: (() => Promise<void>) | undefined;
  let url = env.DATABASE_URL;
  if (!url) {
    if (await portInUse(env.EMBEDDED_PG_PORT)) {
      url = `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/care`;
    } else {
      const embedded = await startEmbeddedPostgres({
        dataDir: path.join(path.resolve(env.DATA_DIR), 'postgres'),
        port: env.EMBEDDED_PG_PORT,
        persistent: true,
      });
      url = withDatabase(embedded.url, 'care');
      stop = () => embedded.stop();
    }
    if (createDatabase) await ensureDatabase(url);
  }
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
    await stop?.();
  }
}
