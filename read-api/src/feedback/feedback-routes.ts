import Router from '@koa/router';
import { z } from 'zod';
import { FEEDBACK_STATUSES } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadState } from '../shared/read-state';
import { FeedbackQueries } from './feedback-queries';

export const listQuery = z.object({
  // A blank filter (?status=) means every status.
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(FEEDBACK_STATUSES, { error: `Status must be one of: ${FEEDBACK_STATUSES.join(', ')}` }).optional(),
  ),
  ...pagingFields(),
});

/** GET /api/feedback (?status=&limit=&offset=, X-Total-Count): feedback, for administrators (admin panel, Feedback tab). */
export function feedbackRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new FeedbackQueries(deps.db);
  const router = new Router<ReadState>({ prefix: '/api/feedback' });
  router.use(requirePermission('feedback.manage'));

  router.get('/', async (ctx) => {
    const { status, limit, offset } = parseOr400(listQuery, ctx.query);
    sendPage(ctx, await queries.list(status, { limit, offset }));
  });

  return router;
}
