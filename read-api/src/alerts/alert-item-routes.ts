import Router from '@koa/router';
import { z } from 'zod';
import { ALERT_SEVERITIES, queryOneOf } from '@care/events';
import { requirePermission } from '@care/events/server';
import { audienceOf, bellAudienceOf } from '../shared/audience';
import { optionalBoolean } from '../shared/list-filters';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { parseQuery } from '../shared/query-parsing';
import { AlertItemQueries } from './alert-item-queries';
import { ALERT_SORTS, AlertQueries } from './alert-queries';

export const itemsQuery = z.object({
  status: queryOneOf(['active', 'acknowledged'] as const, 'Status'),
  severity: queryOneOf(ALERT_SEVERITIES, 'Severity'),
  sort: queryOneOf(ALERT_SORTS, 'Sort'),
  /** true: only the audiences the caller's bell follows (the bell's list); otherwise every audience they read. */
  following: optionalBoolean('Following'),
  ...pagingFields(),
});

/**
 * GET /api/alert-items (?status=&severity=&sort=&following=&limit=&offset=, X-Total-Count): the open alerts as the lists show
 * them, each group as one row (alert-item-queries.ts); a group's members are GET /api/alerts?group=<key>.
 */
export function alertItemRoutes({ db }: ReadDeps): Router<ReadState> {
  const queries = new AlertItemQueries(db, new AlertQueries(db));
  const router = new Router<ReadState>({ prefix: '/api/alert-items' });
  router.use(requirePermission('alerts.read', 'alerts.readOwn'));
  router.get('/', async (ctx) => {
    const { limit, offset, sort, following, ...filter } = parseQuery(itemsQuery, ctx);
    const audience = following ? await bellAudienceOf(db, ctx.state.session) : audienceOf(ctx.state.session);
    sendPage(ctx, await queries.items(filter, sort ?? 'severity', audience, { limit, offset }));
  });
  return router;
}
