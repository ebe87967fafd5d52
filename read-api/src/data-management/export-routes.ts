import Router from '@koa/router';
import { dataExportStreamId, EXPORT_LISTS, type ExportList } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { exportArchive } from './export-archive';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/admin/exports/:id/archive (administrators): the archive of an export the same administrator recorded
 * in the last 10 minutes (POST /api/admin/exports on the command API), as one zip: events.ndjson and a CSV per list.
 * The check reads the PostgreSQL event log; on EventStoreDB there is no such table and the log is not exported.
 */
export function exportRoutes({ pool }: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>();
  router.get('/api/admin/exports/:id/archive', requirePermission('admin.panel'), async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!UUID.test(id)) throw new HttpError(404, 'Export not found');
    const hasLog = (await pool.query<{ t: string | null }>(`SELECT to_regclass('es_events')::text AS t`)).rows[0]?.t;
    let lists: readonly ExportList[] = EXPORT_LISTS;
    let eventLog = true;
    if (hasLog) {
      const recorded = await pool.query<{ data: { eventLog: boolean; lists: ExportList[] } }>(
        `SELECT data FROM es_events WHERE stream_id = $1 AND event_type = 'DataExported' AND metadata->>'userId' = $2 AND recorded_at > now() - interval '10 minutes'`,
        [dataExportStreamId(id), ctx.state.session.userId],
      );
      if (recorded.rowCount === 0) throw new HttpError(404, 'Export not found');
      // Exactly what the event says was exported.
      ({ lists, eventLog } = recorded.rows[0]!.data);
    }
    const day = new Date().toISOString().slice(0, 10);
    ctx.set('Content-Type', 'application/zip');
    ctx.set('Content-Disposition', `attachment; filename="care-platform-export-${day}.zip"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = exportArchive(pool, lists, eventLog);
  });
  return router;
}
