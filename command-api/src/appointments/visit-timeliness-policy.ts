import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../shared/actor';
import type { CommandDeps } from '../shared/command-deps';
import { AppointmentService } from './appointment-service';

export interface VisitTimelinessOptions {
  /** Minutes after the scheduled start before a visit without a check-in is raised as running late. */
  readonly lateGraceMinutes: number;
  readonly intervalMs: number;
}

/** The author of the policy's events in their metadata (an automatic decision, not a person's). */
export const VISIT_TIMELINESS_USER = 'system:visit-timeliness';

/** Visits handled per run; the rest wait for the next run (the oldest first). */
const BATCH_SIZE = 500;

export interface TimelinessRun {
  readonly late: number;
  readonly missed: number;
  readonly failed: number;
}

/**
 * Candidates come from the read model (scheduled visits whose start plus grace, or end, has passed); each is
 * then decided on its own stream, so a lagging read model can only delay an event, never raise a wrong one.
 * Before the projector has created the table there is nothing to look at.
 */
const CANDIDATES = `
  SELECT id::text AS id
    FROM read_model.appointments
   WHERE status = 'scheduled'
     AND ((NOT running_late AND scheduled_start + make_interval(mins => $1::int) <= $2::timestamptz)
          OR scheduled_end <= $2::timestamptz)
   ORDER BY scheduled_start
   LIMIT ${BATCH_SIZE}`;

/** One pass of the policy at `now`: raises VisitRunningLate and VisitMissed where the stream agrees. */
export async function runVisitTimelinessOnce(
  deps: CommandDeps,
  options: Pick<VisitTimelinessOptions, 'lateGraceMinutes'>,
  now: Date = new Date(),
): Promise<TimelinessRun> {
  const present = await deps.pool.query<{ present: boolean }>(`SELECT to_regclass('read_model.appointments') IS NOT NULL AS present`);
  if (!present.rows[0]?.present) return { late: 0, missed: 0, failed: 0 };
  const { rows } = await deps.pool.query<{ id: string }>(CANDIDATES, [options.lateGraceMinutes, now.toISOString()]);
  const service = new AppointmentService(deps.store, () => now);
  const context: CommandContext = { userId: VISIT_TIMELINESS_USER, requestId: `visit-timeliness-${randomUUID()}` };
  const run = { late: 0, missed: 0, failed: 0 };
  for (const { id } of rows) {
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
    } catch (error) {
      deps.logger.error({ err: error }, 'visit timeliness policy run failed');
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
