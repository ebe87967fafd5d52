import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { EventStore } from '@care/events';
import type { Logger } from '@care/events/server';
import { applyBatch, readCheckpoint } from './apply-batch';
import { acquireProjectorLock } from './projector-lock';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from './read-model/database';
import { migrateReadModel } from './read-model/connect';

export interface ProjectorOptions {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly db: Kysely<ReadModelDatabase>;
  readonly log: Logger;
  readonly batchSize?: number;
}

export interface RunningProjector {
  stop(): Promise<void>;
}

/**
 * Follows the global log from the read model's checkpoint and applies each batch.
 * A second projector waits for the lock, so it takes over if the first one dies.
 */
export async function startProjector({ store, pool, db, log, batchSize = 1000 }: ProjectorOptions): Promise<RunningProjector> {
  const lock = await acquireProjectorLock(pool, { wait: true });
  if (!lock) throw new Error('unreachable: waiting lock always returns');
  await migrateReadModel(db, READ_MODEL_SCHEMA);
  const after = await readCheckpoint(db, READ_MODEL_SCHEMA);
  log.info({ checkpoint: `${after.commit}.${after.prepare}` }, 'projector starting');
  const subscription = await store.subscribe({
    after,
    maxBatchSize: batchSize,
    onBatch: async (batch) => {
      const changed = await applyBatch(db, READ_MODEL_SCHEMA, batch, { notify: true });
      log.debug({ events: batch.length, ...changed }, 'batch projected');
    },
    onError: (error) => log.error({ err: error }, 'projection failed; retrying the batch'),
  });
  return {
    async stop() {
      await subscription.stop();
      await lock.release();
    },
  };
}
