import Router from '@koa/router';
import { proposeDestructionRequestSchema, rejectDestructionRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseRecordId } from '../shared/request-parsing';
import { PROPOSAL_NOT_FOUND } from './decide';
import { DestructionService } from './destruction-service';

/**
 * POST /api/destruction/proposals (propose), /api/destruction/proposals/:id/approve and /reject (administrators;
 * a second administrator decides). docs/features/destruction.md.
 */
export function destructionRoutes(deps: CommandDeps): Router<CommandState> {
  const service = new DestructionService(deps.store);
  const router = new Router<CommandState>({ prefix: '/api/destruction/proposals' });
  router.use(requirePermission('destruction.manage'));

  router.post('/', async (ctx) => {
    const input = parseOr400(proposeDestructionRequestSchema, ctx.request.body);
    const result = await service.propose(input, commandContext(ctx));
    ctx.status = 201;
    ctx.body = commandReply(result);
  });

  router.post('/:id/approve', async (ctx) => {
    const id = parseRecordId(ctx.params.id, PROPOSAL_NOT_FOUND);
    const result = await service.approve(id, commandContext(ctx));
    deps.logger.info({ proposalId: id, eventsRewritten: result.eventsRewritten }, 'records destroyed');
    ctx.body = { ...commandReply(result), eventsRewritten: result.eventsRewritten };
  });

  router.post('/:id/reject', async (ctx) => {
    const id = parseRecordId(ctx.params.id, PROPOSAL_NOT_FOUND);
    const { reason } = parseOr400(rejectDestructionRequestSchema, ctx.request.body);
    ctx.body = commandReply(await service.reject(id, reason, commandContext(ctx)));
  });
  return router;
}
