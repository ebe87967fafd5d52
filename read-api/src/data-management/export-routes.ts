import Router from '@koa/router';
import { z } from 'zod';
import { dataExportStreamId, EXPORT_LISTS, type ExportList } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { exportArchive } from './export-archive';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The export must have been recorded by the same administrator this recently (POST /api/admin/exports). */
const EXPORT_FRESH_MS = 10 * 60_000;

const exportedSchema = z.object({
  type: z.literal('DataExported'),
  data: z.object({ eventLog: z.boolean(), lists: z.array(z.enum(EXPORT_LISTS)) }),
  metadata: z.object({ userId: z.string(), occurredAt: z.iso.datetime() }),
});

/**
 * What the administrator's DataExported event says was exported, when they recorded it in the last 10 minutes.
 * The PostgreSQL log is read with SQL (its own recorded time); EventStoreDB through the store (the event's
 * occurredAt, the command API's clock when it appended it).
 */
async function recordedExport(
  { pool, eventLog }: ReadDeps,
  id: string,
  userId: string,
): Promise<{ eventLog: boolean; lists: ExportList[] } | undefined> {
  if (eventLog.kind === 'postgres') {
    const recorded = await pool.query<{ data: { eventLog: boolean; lists: ExportList[] } }>(
      `SELECT data FROM es_events WHERE stream_id = $1 AND event_type = 'DataExported' AND metadata->>'userId' = $2 AND recorded_at > now() - interval '10 minutes'`,
      [dataExportStreamId(id), userId],
    );
    return recorded.rows[0]?.data;
  }
  const events = await eventLog.store.readStream(dataExportStreamId(id));
  for (const event of events) {
    const parsed = exportedSchema.safeParse(event);
    if (!parsed.success || parsed.data.metadata.userId !== userId) continue;
    if (Date.now() - Date.parse(parsed.data.metadata.occurredAt) < EXPORT_FRESH_MS) return parsed.data.data;
  }
  return undefined;
}

/**
 * GET /api/admin/exports/:id/archive (administrators): the archive of an export the same administrator recorded
 * in the last 10 minutes (POST /api/admin/exports on the command API), as one zip: events.ndjson and a CSV per list,
 * exactly what the event says was exported. On either store; anything else is 404.
 */
export function exportRoutes(deps: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>();
  router.get('/api/admin/exports/:id/archive', requirePermission('admin.panel'), async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!UUID.test(id)) throw new HttpError(404, 'Export not found');
    const recorded = await recordedExport(deps, id, ctx.state.session.userId);
    if (!recorded) throw new HttpError(404, 'Export not found');
    const day = new Date().toISOString().slice(0, 10);
    ctx.set('Content-Type', 'application/zip');
    ctx.set('Content-Disposition', `attachment; filename="care-platform-export-${day}.zip"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = exportArchive(deps.pool, deps.eventLog, recorded.lists, recorded.eventLog);
  });
  return router;
}
