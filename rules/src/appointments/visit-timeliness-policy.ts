import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { ReadModelDatabase } from '@care/projector';
import { recordJobRun } from '@care/events/server';
import { timelinessCandidates } from '@care/projector/timeliness';
import { AppointmentService, type CommandContext, type CommandDeps } from '@care/command-api';

export interface VisitTimelinessOptions {
  /** Minutes after the scheduled start before a visit without a check-in is raised as running late. */
  readonly lateGraceMinutes: number;
  readonly intervalMs: number;
}

/** The author of the policy's events in their metadata (an automatic decision, not a person's). */
export const VISIT_TIMELINESS_USER = 'system:visit-timeliness';

/** VISIT_LATE_GRACE_MINUTES when unset: a visit without a check-in this long after its start is running late. */
export const DEFAULT_VISIT_LATE_GRACE_MINUTES = 15;

/** Visits handled per run; the rest wait for the next run (the oldest first). */
const BATCH_SIZE = 500;

export interface TimelinessRun {
  readonly late: number;
  readonly missed: number;
  readonly failed: number;
}

/**
 * One pass of the policy at `now`: raises VisitRunningLate and VisitMissed where the stream agrees. The read
 * model's typed query (projector `timeliness-candidates.ts`) says which visits to look at; each is then decided
 * on its own stream and appended with its expected revision, so a check-in that lands first (or meanwhile) wins.
 */
export async function runVisitTimelinessOnce(
  deps: CommandDeps,
  options: Pick<VisitTimelinessOptions, 'lateGraceMinutes'>,
  now: Date = new Date(),
): Promise<TimelinessRun> {
  const ids = await timelinessCandidates(readModelOf(deps.pool), {
    lateGraceMinutes: options.lateGraceMinutes,
    now,
    limit: BATCH_SIZE,
  });
  const service = new AppointmentService(deps.store, () => now);
  const context: CommandContext = { userId: VISIT_TIMELINESS_USER, requestId: `visit-timeliness-${randomUUID()}` };
  const run = { late: 0, missed: 0, failed: 0 };
  for (const id of ids) {
    try {
      const events = await service.checkTimeliness(id, options.lateGraceMinutes, context);
      run.late += events.filter((event) => event.type === 'VisitRunningLate').length;
      run.missed += events.filter((event) => event.type === 'VisitMissed').length;
    } catch (error) {
      // A visit changed meanwhile (a check-in won the race) or a bad row: the next run looks again.
      run.failed += 1;
      deps.logger.warn({ err: error, appointmentId: id }, 'visit timeliness check failed');
    }
  }
  return run;
}

/** One kysely instance per pool (it holds no connections of its own: queries go through the pool). */
const readModels = new WeakMap<pg.Pool, Kysely<ReadModelDatabase>>();
function readModelOf(pool: pg.Pool): Kysely<ReadModelDatabase> {
  let db = readModels.get(pool);
  if (!db) {
    db = new Kysely<ReadModelDatabase>({ dialect: new PostgresDialect({ pool }) });
    readModels.set(pool, db);
  }
  return db;
}

/**
 * Every intervalMs, raises "running late" (start + grace passed without a check-in) and "missed" (end passed)
 * for scheduled visits. Runs never overlap, and an error is logged, never thrown: the command API keeps serving.
 * Returns a function that stops the policy.
 */
export function startVisitTimelinessPolicy(deps: CommandDeps, options: VisitTimelinessOptions): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const run = await runVisitTimelinessOnce(deps, options);
      if (run.late + run.missed + run.failed > 0) deps.logger.info(run, 'visit timeliness');
      // The admin panel's automated features list shows this run.
      await recordJobRun(
        deps.pool,
        'visit-timeliness',
        run.failed > 0 ? 'failed' : 'ok',
        `${run.late} late, ${run.missed} missed`,
      ).catch(() => undefined);
    } catch (error) {
      deps.logger.error({ err: error }, 'visit timeliness policy run failed');
      await recordJobRun(deps.pool, 'visit-timeliness', 'failed', 'The run failed; see the rules log').catch(
        () => undefined,
      );
    }
    if (!stopped) timer = setTimeout(() => void tick(), options.intervalMs);
  };
  // The first run soon after start-up: visits that became late while the service was down are raised at once.
  timer = setTimeout(() => void tick(), Math.min(options.intervalMs, 5_000));
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
