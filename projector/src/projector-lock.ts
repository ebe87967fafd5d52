import type pg from 'pg';
import { retryOnPool, watchHeldClient } from '@care/events/server';

/** One projector writes the read model at a time; a rebuild takes the same lock. */
const PROJECTOR_LOCK_KEY = 727002;
const RETAKE_DELAY_MS = 250;

export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Session-level advisory lock on a dedicated connection: a killed holder releases it with its connection.
 * When the holder's connection is lost (PostgreSQL restarted, the backend terminated) while the process lives on,
 * the lock is taken again on a new connection. Should a standby have taken it in between, both write for a
 * moment, and the checkpoints' compare-and-set stops the stale one (docs/architecture.md, "Checkpoints never move backwards").
 */
export async function acquireProjectorLock(pool: pg.Pool, options: { wait: boolean }): Promise<HeldLock | undefined> {
  let client: pg.PoolClient | undefined = await take(pool, options.wait);
  if (!client) return undefined;
  let released = false;
  let unwatch: () => void = () => undefined;
  let retake: NodeJS.Timeout | undefined;
  const watch = (held: pg.PoolClient) => {
    unwatch = watchHeldClient(held, () => {
      client = undefined;
      if (!released) retake = retryOnPool(pool, RETAKE_DELAY_MS, again);
    });
  };
  const again = () => {
    take(pool, true)
      .then((held) => {
        if (!held) return;
        if (released) return void unlock(held);
        client = held;
        watch(held);
      })
      .catch(() => {
        if (!released) retake = retryOnPool(pool, RETAKE_DELAY_MS, again);
      });
  };
  watch(client);
  return {
    async release() {
      released = true;
      clearTimeout(retake);
      unwatch();
      if (client) await unlock(client);
      client = undefined;
    },
  };
}

async function take(pool: pg.Pool, wait: boolean): Promise<pg.PoolClient | undefined> {
  const client = await pool.connect();
  try {
    if (wait) {
      await client.query('select pg_advisory_lock($1)', [PROJECTOR_LOCK_KEY]);
    } else {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        PROJECTOR_LOCK_KEY,
      ]);
      if (!rows[0]?.locked) {
        client.release();
        return undefined;
      }
    }
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
  return client;
}

async function unlock(client: pg.PoolClient): Promise<void> {
  await client.query('select pg_advisory_unlock($1)', [PROJECTOR_LOCK_KEY]).catch(() => undefined);
  client.release();
}
