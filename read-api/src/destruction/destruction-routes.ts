import Router from '@koa/router';
import { z } from 'zod';
import { DESTRUCTION_STATUSES } from '@care/events';
import { requirePermission } from '@care/events/server';
import { pagingFields } from '../shared/paging';
import { parseQuery } from '../shared/query-parsing';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { DestructionQueries } from './destruction-queries';

export const destructionProposalsQuery = z.object({
  ...pagingFields(),
  status: z.enum(DESTRUCTION_STATUSES, { error: 'Status must be proposed, rejected or destroyed' }).optional(),
});

/** GET /api/destruction/proposals (administrators and auditors): proposals, decisions and certificates. */
export function destructionRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new DestructionQueries(deps.pool, deps.eventLog);
  const router = new Router<ReadState>();
  router.get('/api/destruction/proposals', requirePermission('destruction.read'), async (ctx) => {
    const { status, ...page } = parseQuery(destructionProposalsQuery, ctx);
    const view = await queries.proposals(page, status);
    ctx.set('X-Total-Count', String(view.total));
    ctx.body = view;
  });
  return router;
}
