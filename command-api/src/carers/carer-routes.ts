import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { can, createCarerRequestSchema, updateCarerRequestSchema } from '@care/events';
import { HttpError, parseOr400, requirePermission } from '@care/events/server';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseCarerId, parseIfMatch } from '../shared/request-parsing';
import type { CarerService } from './carer-service';

/** Linking an account decides what its holder may read: only those who manage accounts (admins) may change it. */
function assertMayLinkAccounts(ctx: ParameterizedContext<CommandState>, userId: string | null | undefined): void {
  if (userId !== undefined && !can(ctx.state.session.role, 'users.manage')) throw new HttpError(403, 'Forbidden');
}

export function carerRoutes(service: CarerService): Router<CommandState> {
  const router = new Router<CommandState>({ prefix: '/api/carers' });
  router.use(requirePermission('carers.write'));

  router.post('/', async (ctx) => {
    const input = parseOr400(createCarerRequestSchema, ctx.request.body);
    assertMayLinkAccounts(ctx, input.userId);
    ctx.status = 201;
    ctx.body = reply(await service.register(input, commandContext(ctx)));
  });

  router.patch('/:id', async (ctx) => {
    const carerId = parseCarerId(ctx.params.id);
    const input = parseOr400(updateCarerRequestSchema, ctx.request.body);
    assertMayLinkAccounts(ctx, input.userId);
    ctx.body = reply(await service.update(carerId, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.delete('/:id', async (ctx) => {
    const carerId = parseCarerId(ctx.params.id);
    ctx.body = reply(await service.remove(carerId, parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
