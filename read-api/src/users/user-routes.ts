import Router from '@koa/router';
import { z } from 'zod';
import { queryOneOf, SORT_DIRECTIONS, USER_SORTS } from '@care/events';
import { requirePermission } from '@care/events/server';
import { optionalBoolean } from '../shared/list-filters';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadState } from '../shared/read-state';
import type { UserQueries } from './user-queries';
import { parseQuery } from '../shared/query-parsing';

export const usersQuery = z
  .object({
    // ?active=true: only active accounts; false: only deactivated ones; blank or absent: all.
    active: optionalBoolean('Active'),
    // The User Management table's column headers: the whole list is sorted, not the page on screen.
    sort: queryOneOf(USER_SORTS, 'Sort'),
    direction: queryOneOf(SORT_DIRECTIONS, 'Direction'),
    ...pagingFields(),
  })
  // By surname unless asked; the last sign-in newest first unless asked.
  .transform(({ sort = 'name', direction, ...rest }) => ({
    ...rest,
    sort,
    direction: direction ?? (sort === 'lastSignIn' ? 'desc' : 'asc'),
  }));

/** Paged like every list that grows; without parameters, the newest 100 as before paging. */
export const accessLogQuery = z.object(pagingFields({ defaultLimit: 100 }));

export function userRoutes(queries: UserQueries): Router<ReadState> {
  const router = new Router<ReadState>();

  /** Any signed-in user: who am I. */
  router.get('/api/auth/user', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await queries.current(ctx.state.session);
  });

  router.get('/api/users', requirePermission('users.manage'), async (ctx) => {
    const { active, sort, direction, limit, offset } = parseQuery(usersQuery, ctx);
    sendPage(ctx, await queries.list(active, { sort, direction }, { limit, offset }));
  });

  router.get('/api/access-log', requirePermission('admin.panel'), async (ctx) => {
    const { limit, offset } = parseQuery(accessLogQuery, ctx);
    sendPage(ctx, await queries.accessLog({ limit, offset }));
  });

  return router;
}
