import Router from '@koa/router';
import { requirePermission } from '@care/events/server';
import type { ReadState } from '../shared/read-state';
import type { ReadDeps } from '../shared/read-deps';
import { projectionStatuses } from './projection-status-queries';

/** Operational status for administrators (the admin panel's System Status tab). */
export function statusRoutes({ db }: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>();
  router.get('/api/status/projections', requirePermission('admin.panel'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await projectionStatuses(db);
  });
  return router;
}
