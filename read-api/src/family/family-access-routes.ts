import Router from '@koa/router';
import { z } from 'zod';
import { HttpError, requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import { pagingFields, sendPage } from '../shared/paging';
import { parseQuery } from '../shared/query-parsing';
import type { ReadState } from '../shared/read-state';
import { FamilyAccessQueries } from './family-access-queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const familyAccessListQuery = z.object({ ...pagingFields() });

/**
 * GET /api/clients/:id/family (?limit=&offset=, X-Total-Count): who has, had or was offered access to the client's
 * family portal, for the office (family.read: administrators, coordinators and auditors).
 */
export function familyAccessRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new FamilyAccessQueries(deps.db);
  const router = new Router<ReadState>();

  router.get('/api/clients/:id/family', requirePermission('family.read'), async (ctx) => {
    const clientId = ctx.params.id ?? '';
    const { limit, offset } = parseQuery(familyAccessListQuery, ctx);
    if (!UUID.test(clientId) || !(await queries.clientExists(clientId.toLowerCase()))) {
      throw new HttpError(404, 'Client not found');
    }
    sendPage(ctx, await queries.listForClient(clientId.toLowerCase(), { limit, offset }));
  });

  return router;
}
