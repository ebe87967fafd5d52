import type pg from 'pg';
import type { EventStore } from '@care/events';
import { ensureOpsSchema, recordJobRun, type Logger } from '@care/events/server';
import { agencySettings } from '@care/command-api';
import { pruneLogFolder } from './prune-log-file';

export interface LogRetentionDeps {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly logger: Logger;
}

/** The moment before which logs are dropped: now minus the setting's years (1, 2 or 3). */
export function logCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * Log retention (admin Settings): drops service log entries (the `*.log` files of LOG_DIR) older than the chosen
 * years. It writes to no table: the access log is a read model, and only the projector that builds it prunes it.
 * Care records are never touched here (record retention only lists them for review).
 */
export async function runLogRetentionOnce(deps: LogRetentionDeps, logDir: string | undefined, now = new Date()) {
  const { logRetentionYears } = await agencySettings(deps.store);
  const cutoff = logCutoff(now, logRetentionYears);
  const files = logDir ? await pruneLogFolder(logDir, cutoff) : { files: 0, bytes: 0 };
  return { years: logRetentionYears, cutoff, logFiles: files.files, logBytes: files.bytes };
}

/** Every intervalMs (first soon after start-up); runs never overlap; an error is logged and recorded, never thrown. */
export function startLogRetentionJob(
  deps: LogRetentionDeps,
  options: { intervalMs: number; logDir: string | undefined },
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await ensureOpsSchema(deps.pool);
      const run = await runLogRetentionOnce(deps, options.logDir);
      const detail = `Older than ${run.years} ${run.years === 1 ? 'year' : 'years'}: ${Math.round(run.logBytes / 1024)} kB of service logs dropped`;
      if (run.logBytes > 0) deps.logger.info({ logFiles: run.logFiles, logBytes: run.logBytes }, 'log retention');
      await recordJobRun(deps.pool, 'log-retention', 'ok', detail).catch(() => undefined);
    } catch (error) {
      deps.logger.error({ err: error }, 'log retention run failed');
      await recordJobRun(deps.pool, 'log-retention', 'failed', 'The run failed; see the rules log').catch(
        () => undefined,
      );
    }
    if (!stopped) timer = setTimeout(() => void tick(), options.intervalMs);
  };
  timer = setTimeout(() => void tick(), Math.min(options.intervalMs, 10_000));
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
