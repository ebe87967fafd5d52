import Router from '@koa/router';
import { z } from 'zod';
import { parseOr400, requirePermission } from '@care/events/server';
import { optionalBoolean } from '../shared/list-filters';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadState } from '../shared/read-state';
import type { UserQueries } from './user-queries';

export const usersQuery = z.object({
  // ?active=true: only active accounts; false: only deactivated ones; blank or absent: all.
  active: optionalBoolean('Active'),
  ...pagingFields(),
});

export const accessLogQuery = z.object({
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1).max(500).default(100),
});

export function userRoutes(queries: UserQueries): Router<ReadState> {
  const router = new Router<ReadState>();

  /** Any signed-in user: who am I (spec part 1 section 7). */
  router.get('/api/auth/user', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await queries.current(ctx.state.session);
  });

  router.get('/api/users', requirePermission('users.manage'), async (ctx) => {
    const { active, limit, offset } = parseOr400(usersQuery, ctx.query);
    sendPage(ctx, await queries.list(active, { limit, offset }));
  });

  router.get('/api/access-log', requirePermission('admin.panel'), async (ctx) => {
    const { limit } = parseOr400(accessLogQuery, ctx.query);
    ctx.body = await queries.accessLog(limit);
  });

  return router;
}
