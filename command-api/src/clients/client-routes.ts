import Router from '@koa/router';
import {
  assignKeyworkerRequestSchema,
  createClientRequestSchema,
  setPreferredCarersRequestSchema,
  updateClientRequestSchema,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { ClientService } from './client-service';
import { CLIENT_NOT_FOUND } from './decide';

const parseClientId = (raw: string | undefined) => parseRecordId(raw, CLIENT_NOT_FOUND);

/** Client Records commands. Every one needs clients.write. */
export function clientRoutes(deps: CommandDeps): Router<CommandState> {
  const service = new ClientService(deps.store);
  const router = new Router<CommandState>({ prefix: '/api/clients' });
  router.use(requirePermission('clients.write'));

  router.post('/', async (ctx) => {
    const input = parseOr400(createClientRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.register(input, commandContext(ctx)));
  });

  router.patch('/:id', async (ctx) => {
    const id = parseClientId(ctx.params.id);
    const input = parseOr400(updateClientRequestSchema, ctx.request.body);
    ctx.body = reply(await service.update(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.put('/:id/keyworker', async (ctx) => {
    const id = parseClientId(ctx.params.id);
    const { keyworkerCarerId } = parseOr400(assignKeyworkerRequestSchema, ctx.request.body);
    ctx.body = reply(await service.assignKeyworker(id, keyworkerCarerId, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.put('/:id/preferred-carers', async (ctx) => {
    const id = parseClientId(ctx.params.id);
    const { carerIds } = parseOr400(setPreferredCarersRequestSchema, ctx.request.body);
    ctx.body = reply(await service.setPreferredCarers(id, carerIds, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.delete('/:id', async (ctx) => {
    const id = parseClientId(ctx.params.id);
    ctx.body = reply(await service.remove(id, parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
