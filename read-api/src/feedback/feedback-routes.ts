import Router from '@koa/router';
import { z } from 'zod';
import { FEEDBACK_SORTS, FEEDBACK_STATUSES, queryOneOf, SORT_DIRECTIONS } from '@care/events';
import { requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadState } from '../shared/read-state';
import { FeedbackQueries } from './feedback-queries';
import { parseQuery } from '../shared/query-parsing';

export const listQuery = z
  .object({
    // A blank filter (?status=) means every status.
    status: queryOneOf(FEEDBACK_STATUSES, 'Status'),
    // The Feedback tab's column headers: the whole list is sorted, not the page on screen.
    sort: queryOneOf(FEEDBACK_SORTS, 'Sort'),
    direction: queryOneOf(SORT_DIRECTIONS, 'Direction'),
    ...pagingFields(),
  })
  // Newest first unless asked; any other column ascending unless asked.
  .transform(({ sort = 'date', direction, ...rest }) => ({
    ...rest,
    sort,
    direction: direction ?? (sort === 'date' ? 'desc' : 'asc'),
  }));

/** GET /api/feedback (?status=&sort=&direction=&limit=&offset=, X-Total-Count): feedback, for administrators (admin panel, Feedback tab). */
export function feedbackRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new FeedbackQueries(deps.db);
  const router = new Router<ReadState>({ prefix: '/api/feedback' });
  router.use(requirePermission('feedback.manage'));

  router.get('/', async (ctx) => {
    const { status, sort, direction, limit, offset } = parseQuery(listQuery, ctx);
    sendPage(ctx, await queries.list(status, { sort, direction }, { limit, offset }));
  });

  return router;
}
