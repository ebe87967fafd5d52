import Router from '@koa/router';
import { z } from 'zod';
import { clientStreamId, searchText } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { readScopeOf } from '../shared/carer-work';
import type { ReadDeps } from '../shared/read-deps';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadState } from '../shared/read-state';
import { ClientQueries } from './client-queries';
import { parseQuery } from '../shared/query-parsing';

export const listQuery = z.object({ search: searchText().optional(), ...pagingFields() });
/** The record's uuid (not the agency's client ID). */
const recordId = z.uuid();

/**
 * GET /api/clients (with ?search=) and GET /api/clients/:id. Every role reads clients, a carer only those on their
 * visits around today (shared/carer-work.ts); any other client is unknown to them (404, not 403).
 */
export function clientRoutes(deps: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>({ prefix: '/api/clients' });
  router.use(requirePermission('clients.read'));
  const queriesFor = (state: ReadState) =>
    new ClientQueries(deps.db, deps.work.client(readScopeOf(state.session), 'client.id'));

  router.get('/', async (ctx) => {
    const { search, limit, offset } = parseQuery(listQuery, ctx);
    sendPage(ctx, await queriesFor(ctx.state).list(search || undefined, { limit, offset }));
  });

  router.get('/:id', async (ctx) => {
    const id = recordId.safeParse(ctx.params.id);
    const client = id.success ? await queriesFor(ctx.state).byId(id.data) : undefined;
    if (!client) throw new HttpError(404, 'Client not found');
    // Opening a client's file is recorded before it is shown: the audit trail says who looked, not only who changed.
    await deps.views.viewed(ctx.state.session.userId, ctx.state.requestId, {
      view: 'record',
      streamId: clientStreamId(client.id),
      clientId: client.id,
      asOf: undefined,
    });
    ctx.set('ETag', `"${client.revision}"`);
    ctx.body = client;
  });

  return router;
}
