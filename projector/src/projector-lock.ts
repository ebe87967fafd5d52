import type pg from 'pg';

/** One projector writes the read model at a time; a rebuild takes the same lock. */
const PROJECTOR_LOCK_KEY = 727002;

export interface HeldLock {
  release(): Promise<void>;
}

/** Session-level advisory lock on a dedicated connection: a killed holder releases it with its connection. */
export async function acquireProjectorLock(pool: pg.Pool, options: { wait: boolean }): Promise<HeldLock | undefined> {
  const client = await pool.connect();
  try {
    if (options.wait) {
      await client.query('select pg_advisory_lock($1)', [PROJECTOR_LOCK_KEY]);
    } else {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [PROJECTOR_LOCK_KEY]);
      if (!rows[0]?.locked) {
        client.release();
        return undefined;
      }
    }
  } catch (error) {
    client.release();
    throw error;
  }
  return {
    async release() {
      await client.query('select pg_advisory_unlock($1)', [PROJECTOR_LOCK_KEY]).catch(() => undefined);
      client.release();
    },
  };
}
