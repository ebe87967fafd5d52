import Router from '@koa/router';
import { dataExportStreamId, EXPORT_LISTS } from '@care/events';
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
    if (hasLog) {
      const recorded = await pool.query(
        `SELECT 1 FROM es_events WHERE stream_id = $1 AND event_type = 'DataExported' AND metadata->>'userId' = $2 AND recorded_at > now() - interval '10 minutes'`,
        [dataExportStreamId(id), ctx.state.session.userId],
      );
      if (recorded.rowCount === 0) throw new HttpError(404, 'Export not found');
    }
    const day = new Date().toISOString().slice(0, 10);
    ctx.set('Content-Type', 'application/zip');
    ctx.set('Content-Disposition', `attachment; filename="care-platform-export-${day}.zip"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = exportArchive(pool, EXPORT_LISTS);
  });
  return router;
}
