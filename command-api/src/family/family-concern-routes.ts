import Router from '@koa/router';
import { raiseFamilyConcernRequestSchema, replyFamilyConcernRequestSchema, type EventStore } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import { commandReply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseRecordId } from '../shared/request-parsing';
import { CONCERN_CLIENT_NOT_FOUND, CONCERN_NOT_FOUND } from './family-concern-decide';
import { FamilyConcernService } from './family-concern-service';

/**
 * A family member's concern or compliment (family.portal, about a client of theirs only) and the office's reply
 * (familyConcerns.reply): docs/features/family-concerns.md.
 */
export function familyConcernRoutes(store: EventStore): Router<CommandState> {
  const service = new FamilyConcernService(store);
  const router = new Router<CommandState>();

  router.post('/api/family/clients/:clientId/concerns', requirePermission('family.portal'), async (ctx) => {
    const clientId = parseRecordId(ctx.params.clientId, CONCERN_CLIENT_NOT_FOUND);
    const input = parseOr400(raiseFamilyConcernRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = commandReply(await service.raise(clientId, input, commandContext(ctx)));
  });

  router.post('/api/family-concerns/:id/reply', requirePermission('familyConcerns.reply'), async (ctx) => {
    const concernId = parseRecordId(ctx.params.id, CONCERN_NOT_FOUND);
    const { reply } = parseOr400(replyFamilyConcernRequestSchema, ctx.request.body);
    ctx.body = commandReply(await service.reply(concernId, reply, commandContext(ctx)));
  });

  return router;
}
