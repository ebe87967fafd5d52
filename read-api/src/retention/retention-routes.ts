import Router from '@koa/router';
import { z } from 'zod';
import { requirePermission } from '@care/events/server';
import { SettingsQueries } from '../settings/settings-queries';
import { pagingFields } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { RetentionQueries } from './retention-queries';
import { parseQuery } from '../shared/query-parsing';

export const retentionReviewQuery = z.object({ ...pagingFields() });

/** GET /api/admin/retention-review (administrators): the records past the record retention setting, read only. */
export function retentionRoutes(deps: ReadDeps): Router<ReadState> {
  const settings = new SettingsQueries(deps.db);
  const queries = new RetentionQueries(deps.pool, deps.eventLog);
  const router = new Router<ReadState>();
  router.get('/api/admin/retention-review', requirePermission('admin.panel'), async (ctx) => {
    const page = parseQuery(retentionReviewQuery, ctx);
    const { recordRetentionYears } = await settings.settings();
    const view = await queries.review(recordRetentionYears, page);
    ctx.set('X-Total-Count', String(view.total));
    ctx.body = view;
  });
  return router;
}
