import Router from '@koa/router';
import { z } from 'zod';
import { blankAsAbsent, can, searchText } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { optionalBoolean } from '../shared/list-filters';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadState } from '../shared/read-state';
import type { CarerQueries } from './carer-queries';
import { parseQuery } from '../shared/query-parsing';

/** `active`: only active (true) or inactive (false) carers, e.g. the dashboard's count until the push arrives. */
export const listQuery = z.object({
  search: searchText().optional(),
  active: optionalBoolean('Active'),
  ...pagingFields(),
});
const carerId = z.uuid();
export const linkableQuery = z.object({
  carerId: z.preprocess(blankAsAbsent, z.uuid({ error: 'Carer ID must be a UUID' }).optional()),
});

export function carerRoutes(queries: CarerQueries): Router<ReadState> {
  const router = new Router<ReadState>({ prefix: '/api/carers' });
  router.use(requirePermission('carers.read', 'carers.readOwn'));
  /** A carer without carers.read sees only the record linked to their own account. */
  const ownOnly = (state: ReadState) => (can(state.session.role, 'carers.read') ? undefined : state.session.userId);

  router.get('/', async (ctx) => {
    const { search, active, limit, offset } = parseQuery(listQuery, ctx);
    sendPage(
      ctx,
      await queries.list({ search: search || undefined, active, ownUserId: ownOnly(ctx.state) }, { limit, offset }),
    );
  });

  /** The accounts the carer form may link (role carer, not linked to another carer): admins, who link them. */
  router.get('/linkable-accounts', requirePermission('users.manage'), async (ctx) => {
    const { carerId: forCarer } = parseQuery(linkableQuery, ctx);
    ctx.body = await queries.linkableAccounts(forCarer);
  });

  router.get('/:id', async (ctx) => {
    const id = carerId.safeParse(ctx.params.id);
    const carer = id.success ? await queries.byId(id.data) : undefined;
    const own = ownOnly(ctx.state);
    if (!carer || (own !== undefined && carer.userId !== own)) throw new HttpError(404, 'Carer not found');
    ctx.set('ETag', `"${carer.revision}"`);
    ctx.body = carer;
  });

  return router;
}
