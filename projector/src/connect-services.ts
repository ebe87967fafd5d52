import { createPool, openEventStore, refuseStore, type Logger } from '@care/events/server';
import { createReadModelDb } from './read-model/connect';

/**
 * The pool, read-model database and event store a projector process needs. Its statements have no time limit (the
 * services' pools stop one at 30 s): a catch-up batch of 10,000 events, a rebuild's table swap or a status query
 * during a long rebuild may legitimately take minutes. A transaction left idle is still ended after a minute.
 */
export async function connectProjectorServices(
  env: { DATABASE_URL: string; EVENTSTORE_URL?: string | undefined },
  log: Logger,
  /** The projector creates the log on a first start; a rebuild (`create: false`) only opens one that exists. */
  { who, create }: { readonly who: string; readonly create: boolean },
) {
  // Two catch-up transactions at once, the read-ahead, the live reader and the lock: six connections.
  const pool = createPool(env.DATABASE_URL, { max: 6, log, statementTimeoutMs: 0 });
  const db = createReadModelDb(pool);
  const store = await openEventStore(
    { databaseUrl: env.DATABASE_URL, eventStoreUrl: env.EVENTSTORE_URL },
    { who, readModels: pool, sharePool: true, create },
  ).catch(async (error: unknown) => {
    await pool.end();
    return refuseStore(log)(error);
  });
  return {
    pool,
    db,
    store,
    async close() {
      await store.close();
      await db.destroy();
    },
  };
}
