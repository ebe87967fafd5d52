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
import {
  ensureDestructionRebuildTable,
  markRebuilt,
  pendingCertificates,
  watchingCertificates,
} from './destruction/destruction-rebuild';

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
  /** The runner now running (a new one after a destruction's rebuild). */
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
  // After a destruction every projection is rebuilt from the log, which no longer holds the person
  // (destruction/destruction-rebuild.ts): at start when a certificate is pending, and when one arrives live.
  await ensureDestructionRebuildTable(pool);
  let stopped = false;
  let restarting: Promise<void> = Promise.resolve();
  const everyName = projections.map((projection) => projection.name);
  const watched = watchingCertificates(store, () => {
    restarting = restarting.then(rebuildAll).catch((error: unknown) => {
      log.error({ err: error }, 'could not rebuild the read models after a destruction');
      onFatal?.(error instanceof Error ? error : new Error(String(error)));
    });
  });
  const startRunner = async (forceRebuild: readonly string[]) => {
    const pending = await pendingCertificates(pool);
    const next = new ProjectionRunner({
      store: watched,
      db,
      log,
      projections,
      batchSize,
      catchUpBatchSize,
      onFatal,
      forceRebuild: pending.length > 0 ? everyName : forceRebuild,
    });
    await next.start();
    if (pending.length > 0) {
      log.info({ certificates: pending.length }, 'rebuilding every read model after a destruction');
      void next
        .settled()
        .then(() =>
          markRebuilt(pool, pending).catch((error: unknown) =>
            log.error({ err: error }, 'could not record the rebuild after a destruction'),
          ),
        );
    }
    return next;
  };
  let runner = await startRunner([]);
  const rebuildAll = async () => {
    if (stopped) return;
    await runner.stop();
    if (stopped) return;
    runner = await startRunner(everyName);
  };
  // The reporter asks whichever runner is current.
  const current = { members: () => runner.members() };
  const lag = startLagReporter({ store, db, log, runner: current, intervalMs: lagIntervalMs });
  log.info({ projections: runner.members().map((member) => member.projection.name) }, 'projector started');
  return {
    get runner() {
      return runner;
    },
    // Waits for a rebuild a destruction started, then for the runner it made.
    settled: () => restarting.then(() => runner.settled()),
    async stop() {
      stopped = true;
      await lag.stop();
      await restarting;
      await runner.stop();
      await lock.release();
    },
  };
}
