import Router from '@koa/router';
import { z } from 'zod';
import { HttpError, requirePermission } from '@care/events/server';
import { optionalFlag, optionalId } from '../appointments/query-fields';
import { pagingFields, sendPage } from '../shared/paging';
import { parseQuery } from '../shared/query-parsing';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { FamilyConcernQueries } from './family-concern-queries';
import { familyAccessTo } from './family-scope';

export const familyConcernsQuery = z.object({ ...pagingFields({ defaultLimit: 20, maxLimit: 100 }) });
export const officeFamilyConcernsQuery = z.object({
  /** Only the concerns still waiting for a reply (the welfare items). */
  open: optionalFlag('Open'),
  clientId: optionalId('Client not found'),
  ...pagingFields({ defaultLimit: 20, maxLimit: 100 }),
});
const clientIdParam = z.uuid();

/**
 * Family messages: a family member's own concerns and compliments about a client of theirs, with the office's
 * replies (family.portal; another client, existing or not, is 404); and the office's list (familyConcerns.read).
 */
export function familyConcernRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new FamilyConcernQueries(deps.db);
  const router = new Router<ReadState>();

  router.get('/api/family/clients/:clientId/concerns', requirePermission('family.portal'), async (ctx) => {
    const { limit, offset } = parseQuery(familyConcernsQuery, ctx);
    const id = clientIdParam.safeParse(ctx.params.clientId);
    const userId = ctx.state.session.userId;
    const access = id.success ? await familyAccessTo(deps.db, userId, id.data) : undefined;
    if (!access) throw new HttpError(404, 'Client not found');
    sendPage(ctx, await queries.ofFamilyMember(userId, access.clientId, { limit, offset }));
  });

  router.get('/api/family-concerns', requirePermission('familyConcerns.read'), async (ctx) => {
    const { open, clientId, limit, offset } = parseQuery(officeFamilyConcernsQuery, ctx);
    sendPage(ctx, await queries.forOffice({ open, clientId }, { limit, offset }));
  });

  return router;
}
