import Router from '@koa/router';
import { z } from 'zod';
import { blankAsAbsent, can, LEAVE_NOT_FOUND, LEAVE_STATUSES, queryDate, queryOneOf } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import { pagingFields, sendPage } from '../shared/paging';
import { parseQuery } from '../shared/query-parsing';
import type { ReadState } from '../shared/read-state';
import { LeaveQueries } from './leave-queries';

export const leaveListQuery = z
  .object({
    status: queryOneOf(LEAVE_STATUSES, 'Status'),
    carerId: z.preprocess(blankAsAbsent, z.uuid({ error: 'Carer ID must be a UUID' }).optional()),
    from: queryDate('From date'),
    to: queryDate('To date'),
    ...pagingFields(),
  })
  .superRefine((query, ctx) => {
    if (query.from !== undefined && query.to !== undefined && query.to < query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'To date cannot be before the from date' });
  });
const leaveId = z.uuid();

/**
 * GET /api/leave (?status=&carerId=&from=&to=&limit=&offset=, X-Total-Count; from/to keep the leave that shares a
 * day with the range) and /:id. A carer reads only their own leave; any other answers 404, as if it did not exist.
 */
export function leaveRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new LeaveQueries(deps.db);
  const router = new Router<ReadState>({ prefix: '/api/leave' });
  router.use(requirePermission('leave.read', 'leave.readOwn'));
  const ownOnly = (state: ReadState) => (can(state.session.role, 'leave.read') ? undefined : state.session.userId);

  router.get('/', async (ctx) => {
    const { limit, offset, ...filter } = parseQuery(leaveListQuery, ctx);
    sendPage(ctx, await queries.list({ ...filter, ownUserId: ownOnly(ctx.state) }, { limit, offset }));
  });

  router.get('/:id', async (ctx) => {
    const id = leaveId.safeParse(ctx.params.id);
    const leave = id.success ? await queries.byId(id.data, ownOnly(ctx.state)) : undefined;
    if (!leave) throw new HttpError(404, LEAVE_NOT_FOUND);
    ctx.set('ETag', `"${leave.revision}"`);
    ctx.body = leave;
  });

  return router;
}
