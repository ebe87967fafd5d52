import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { EventStore } from '@care/events';
import type { Logger } from '@care/events/server';
import { acquireProjectorLock } from './projector-lock';
import type { Projection } from './projection';
import { projections as registered } from './projection-list';
import type { ReadModelDatabase } from './read-model/database';
import { ProjectionRunner } from './runner/projection-runner';
import { startLagReporter } from './runner/lag-reporter';

export interface ProjectorOptions {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly db: Kysely<ReadModelDatabase>;
  readonly log: Logger;
  readonly batchSize?: number;
  /** Events per transaction while a projection catches up or rebuilds. */
  readonly catchUpBatchSize?: number;
  /** The projections to run (tests pass their own); every registered one by default. */
  readonly projections?: readonly Projection[];
  /** How often each projection's lag behind the log is measured. */
  readonly lagIntervalMs?: number;
  /** The runner cannot go on (another writer moved a checkpoint). */
  readonly onFatal?: (error: Error) => void;
}

export interface RunningProjector {
  readonly runner: ProjectionRunner;
  /** Resolves once no projection is rebuilding or catching up (a stalled one aside). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs every projection, each from its own checkpoint (see ProjectionRunner). A second projector waits for the
 * lock, so it takes over if the first one dies. New projections and changed versions rebuild themselves.
 */
export async function startProjector({
  store,
  pool,
  db,
  log,
  batchSize,
  catchUpBatchSize,
  projections = registered,
  lagIntervalMs,
  onFatal,
}: ProjectorOptions): Promise<RunningProjector> {
  const lock = await acquireProjectorLock(pool, { wait: true });
  if (!lock) throw new Error('unreachable: waiting lock always returns');
  const runner = new ProjectionRunner({ store, db, log, projections, batchSize, catchUpBatchSize, onFatal });
  await runner.start();
  const lag = startLagReporter({ store, db, log, runner, intervalMs: lagIntervalMs });
  log.info({ projections: runner.members().map((member) => member.projection.name) }, 'projector started');
  return {
    runner,
    settled: () => runner.settled(),
    async stop() {
      await lag.stop();
      await runner.stop();
      await lock.release();
    },
  };
}
