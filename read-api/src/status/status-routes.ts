import Router from '@koa/router';
import { z } from 'zod';
import { queryInstant } from '@care/events';
import { requirePermission } from '@care/events/server';
import type { ReadState } from '../shared/read-state';
import type { ReadDeps } from '../shared/read-deps';
import { projectionStatuses } from './projection-status-queries';
import { serviceLogLines } from './service-logs';
import { SystemStatusQueries } from './system-status-queries';
import { parseQuery } from '../shared/query-parsing';

export const logsQuery = z.object({ from: queryInstant('From'), to: queryInstant('To') });

/** Operational status for administrators (the admin panel's System Status tab). */
export function statusRoutes({ db, pool, eventLog }: ReadDeps, logDir?: string): Router<ReadState> {
  const system = new SystemStatusQueries(pool, eventLog);
  const router = new Router<ReadState>();
  router.get('/api/status/projections', requirePermission('admin.panel'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await projectionStatuses(db);
  });

  router.get('/api/status/system', requirePermission('admin.panel'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await system.status();
  });

  router.get('/api/status/jobs', requirePermission('admin.panel'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await system.jobs();
  });

  // Download Logs: the last 24 hours unless a range is chosen.
  router.get('/api/status/logs', requirePermission('admin.panel'), (ctx) => {
    const query = parseQuery(logsQuery, ctx);
    const to = query.to ? new Date(query.to) : new Date();
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - 24 * 3600_000);
    if (!logDir) {
      ctx.status = 404;
      ctx.body = { error: 'No log folder is configured (LOG_DIR)' };
      return;
    }
    ctx.set('Content-Type', 'application/x-ndjson; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="care-platform-logs-${to.toISOString().slice(0, 10)}.ndjson"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = serviceLogLines(logDir, from, to);
  });
  return router;
}
