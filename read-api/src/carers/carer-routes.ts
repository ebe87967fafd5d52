import Router from '@koa/router';
import { z } from 'zod';
import { can, searchText } from '@care/events';
import { HttpError, parseOr400, requirePermission } from '@care/events/server';
import type { ReadState } from '../shared/read-state';
import type { CarerQueries } from './carer-queries';

export const listQuery = z.object({ search: searchText().optional() });
const carerId = z.uuid();
export const linkableQuery = z.object({
  carerId: z.preprocess((value) => (value === '' ? undefined : value), z.uuid({ error: 'Carer ID must be a UUID' }).optional()),
});

export function carerRoutes(queries: CarerQueries): Router<ReadState> {
  const router = new Router<ReadState>({ prefix: '/api/carers' });
  router.use(requirePermission('carers.read', 'carers.readOwn'));
  /** A carer without carers.read sees only the record linked to their own account. */
  const ownOnly = (state: ReadState) => (can(state.session.role, 'carers.read') ? undefined : state.session.userId);

  router.get('/', async (ctx) => {
    const { search } = parseOr400(listQuery, ctx.query);
    ctx.body = await queries.list(search || undefined, ownOnly(ctx.state));
  });

  /** The accounts the carer form may link (role carer, not linked to another carer): admins, who link them. */
  router.get('/linkable-accounts', requirePermission('users.manage'), async (ctx) => {
    const { carerId: forCarer } = parseOr400(linkableQuery, ctx.query);
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
