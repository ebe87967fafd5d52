import Router from '@koa/router';
import { z } from 'zod';
import {
  can,
  SEARCH_DEFAULT_PER_GROUP,
  SEARCH_MAX_PER_GROUP,
  SEARCH_MIN_LENGTH,
  searchText,
  type SearchResultsView,
} from '@care/events';
import { readScopeOf } from '../shared/carer-work';
import { wholeNumber } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { SearchQueries, type SearchScope } from './search-queries';
import { parseQuery } from '../shared/query-parsing';

export const searchQuery = z.object({
  q: searchText().pipe(z.string().min(SEARCH_MIN_LENGTH, `Search must be at least ${SEARCH_MIN_LENGTH} characters`)),
  limit: wholeNumber('Limit', 1, SEARCH_MAX_PER_GROUP, SEARCH_DEFAULT_PER_GROUP),
});

/**
 * GET /api/search?q=&limit= (any signed-in user): the header's global search. Each group is there only when the
 * caller may read that kind of record, and holds only the records they may read: accounts for users.manage; every
 * carer for carers.read, only their own record for carers.readOwn; clients by the same carer-work window as GET
 * /api/clients (docs/decisions/0014-carer-scope.md). So a reply never names a record the caller could not open.
 */
export function searchRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new SearchQueries(deps.db);
  const router = new Router<ReadState>();

  router.get('/api/search', async (ctx) => {
    const { q, limit } = parseQuery(searchQuery, ctx);
    const { session } = ctx.state;
    const scope: SearchScope = {
      users: can(session.role, 'users.manage'),
      carers: can(session.role, 'carers.read')
        ? { own: null }
        : can(session.role, 'carers.readOwn')
          ? { own: session.userId }
          : false,
      clients: can(session.role, 'clients.read') ? deps.work.client(readScopeOf(session), 'client.id') : false,
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { query: q, groups: await queries.search(q, limit, scope) } satisfies SearchResultsView;
  });

  return router;
}
