import Router from '@koa/router';
import { requirePermission } from '@care/events/server';
import { bellAudienceOf } from '../shared/audience';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { DashboardQueries } from './dashboard-queries';

/**
 * GET /api/dashboard/stats: every dashboard figure. Staff (alerts.read) get the agency's (alerts: those of the
 * audiences they read and follow);
 * a carer (alerts.readOwn) their own work's, without the welfare and incident tiles (null).
 */
export function dashboardRoutes({ db }: ReadDeps): Router<ReadState> {
  const queries = new DashboardQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/dashboard' });
  router.use(requirePermission('alerts.read', 'alerts.readOwn'));

  router.get('/stats', async (ctx) => {
    // The alert figures are the bell's: the audiences the caller reads and follows.
    ctx.body = await queries.stats(await bellAudienceOf(db, ctx.state.session));
  });

  return router;
}
