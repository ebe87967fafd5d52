import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import { can, queryOneOf, TASK_CATEGORIES, TASK_STATUSES } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { optionalBoolean } from '../shared/list-filters';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { TaskQueries, type TaskReader } from './task-queries';
import { parseQuery } from '../shared/query-parsing';

export const listQuery = z.object({
  status: queryOneOf(TASK_STATUSES, 'Status'),
  category: queryOneOf(TASK_CATEGORIES, 'Category'),
  open: optionalBoolean('Open'),
  overdue: optionalBoolean('Overdue'),
  mine: optionalBoolean('Mine'),
  ...pagingFields(),
});
const taskId = z.uuid();

function readerOf(ctx: ParameterizedContext<ReadState>): TaskReader {
  const { userId, role } = ctx.state.session;
  return { all: can(role, 'tasks.read'), userId };
}

/**
 * GET /api/tasks (?status=&category=&open=&overdue=&mine=&limit=&offset=, X-Total-Count; newest first) and /:id.
 * tasks.read: everyone's; tasks.readOwn: only the tasks assigned to the caller.
 */
export function taskRoutes({ db }: ReadDeps): Router<ReadState> {
  const queries = new TaskQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/tasks' });
  router.use(requirePermission('tasks.read', 'tasks.readOwn'));

  router.get('/', async (ctx) => {
    const { limit, offset, ...filter } = parseQuery(listQuery, ctx);
    sendPage(ctx, await queries.list(filter, readerOf(ctx), { limit, offset }));
  });

  router.get('/:id', async (ctx) => {
    const id = taskId.safeParse(ctx.params.id);
    const task = id.success ? await queries.byId(id.data, readerOf(ctx)) : undefined;
    if (!task) throw new HttpError(404, 'Task not found');
    ctx.set('ETag', `"${task.revision}"`);
    ctx.body = task;
  });

  return router;
}
