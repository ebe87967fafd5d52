import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DEFAULT_AGENCY_SETTINGS, logRetentionCutoff } from '@care/events';
import { agencySettingsSchema } from '@care/events/api';
import type { Logger } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';

/** The one setting read here, from the settings row this process keeps (absent until the first Save Settings). */
const savedSettingsSchema = z.object({ logRetentionYears: agencySettingsSchema.shape.logRetentionYears.optional() });

const UNDEFINED_TABLE = '42P01';

/**
 * Log retention for the access log (admin Security tab). The access log is a read model this process builds, so
 * this process prunes it too (docs/decisions/0022-one-process-writes-a-table.md): rows that occurred before
 * now minus the Log retention setting's years are deleted. The sign-in events stay in the event log, so a rebuild
 * of the access log brings old rows back until the next run drops them again.
 */
export async function pruneAccessLogOnce(
  db: Kysely<ReadModelDatabase>,
  now = new Date(),
): Promise<{ years: number; cutoff: Date; removed: number }> {
  const live = db.withSchema(READ_MODEL_SCHEMA);
  const saved = await live
    .selectFrom('agency_settings')
    .select('settings')
    .where('id', '=', 1)
    .executeTakeFirst()
    .catch((error: unknown) => (isUndefinedTable(error) ? undefined : Promise.reject(error)));
  const years =
    savedSettingsSchema.parse(saved?.settings ?? {}).logRetentionYears ?? DEFAULT_AGENCY_SETTINGS.logRetentionYears;
  const cutoff = logRetentionCutoff(now, years);
  const deleted = await live
    .deleteFrom('access_log')
    .where('occurred_at', '<', cutoff)
    .executeTakeFirst()
    // Not built yet on a fresh start: nothing to prune.
    .catch((error: unknown) => (isUndefinedTable(error) ? undefined : Promise.reject(error)));
  return { years, cutoff, removed: Number(deleted?.numDeletedRows ?? 0n) };
}

function isUndefinedTable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNDEFINED_TABLE;
}

/** Every intervalMs (first soon after start-up); runs never overlap; an error is logged, never thrown. */
export function startAccessLogPruning(
  deps: { db: Kysely<ReadModelDatabase>; log: Logger },
  options: { intervalMs: number },
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const run = await pruneAccessLogOnce(deps.db);
      deps.log.info({ removed: run.removed, years: run.years, cutoff: run.cutoff.toISOString() }, 'access log pruned');
    } catch (error) {
      deps.log.error({ err: error }, 'access log pruning failed');
    }
    if (!stopped) timer = setTimeout(() => void tick(), options.intervalMs);
  };
  timer = setTimeout(() => void tick(), Math.min(options.intervalMs, 10_000));
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
