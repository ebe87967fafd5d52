import pg from 'pg';
import { createEventStore } from '@care/events/server';
import { createReadModelDb } from './read-model/connect';

/** The pool, read-model database and event store a projector process needs. */
export async function connectProjectorServices(env: { DATABASE_URL: string; EVENTSTORE_URL?: string | undefined }) {
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 5 });
  const db = createReadModelDb(pool);
  const store = await createEventStore({ databaseUrl: env.DATABASE_URL, eventStoreUrl: env.EVENTSTORE_URL }, pool);
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
