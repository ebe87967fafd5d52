import type pg from 'pg';
import type { EventStore } from '@care/events';
import { ensureOpsSchema, recordJobRun, type Logger } from '@care/events/server';
import { READ_MODEL_SCHEMA } from '@care/projector';
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
 * Log retention (admin Settings): drops service log entries (the `*.log` files of LOG_DIR) and access-log rows
 * older than the chosen years. The access log is a read model of the sign-in events, which stay in the event log:
 * a rebuild of the access_log projection brings old rows back until the next run drops them again. Care records
 * are never touched here (record retention only lists them for review).
 */
export async function runLogRetentionOnce(deps: LogRetentionDeps, logDir: string | undefined, now = new Date()) {
  const { logRetentionYears } = await agencySettings(deps.store);
  const cutoff = logCutoff(now, logRetentionYears);
  const files = logDir ? await pruneLogFolder(logDir, cutoff) : { files: 0, bytes: 0 };
  const accessLog = await deps.pool.query(`DELETE FROM ${READ_MODEL_SCHEMA}.access_log WHERE occurred_at < $1`, [cutoff.toISOString()]).catch((error: unknown) => {
    // Not built yet on a fresh start: nothing to prune.
    if ((error as { code?: string }).code === '42P01') return { rowCount: 0 };
    throw error;
  });
  return { years: logRetentionYears, cutoff, logFiles: files.files, logBytes: files.bytes, accessLogRows: accessLog.rowCount ?? 0 };
}

/** Every intervalMs (first soon after start-up); runs never overlap; an error is logged and recorded, never thrown. */
export function startLogRetentionJob(deps: LogRetentionDeps, options: { intervalMs: number; logDir: string | undefined }): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await ensureOpsSchema(deps.pool);
      const run = await runLogRetentionOnce(deps, options.logDir);
      const detail = `Older than ${run.years} ${run.years === 1 ? 'year' : 'years'}: ${run.accessLogRows} access-log rows and ${Math.round(run.logBytes / 1024)} kB of service logs dropped`;
      if (run.accessLogRows + run.logBytes > 0) deps.logger.info({ accessLogRows: run.accessLogRows, logBytes: run.logBytes }, 'log retention');
      await recordJobRun(deps.pool, 'log-retention', 'ok', detail).catch(() => undefined);
    } catch (error) {
      deps.logger.error({ err: error }, 'log retention run failed');
      await recordJobRun(deps.pool, 'log-retention', 'failed', 'The run failed; see the rules log').catch(() => undefined);
    }
    if (!stopped) timer = setTimeout(() => void tick(), options.intervalMs);
  };
  timer = setTimeout(() => void tick(), Math.min(options.intervalMs, 10_000));
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
