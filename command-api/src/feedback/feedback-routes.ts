import Router from '@koa/router';
import { createFeedbackRequestSchema, updateFeedbackRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { FeedbackService } from './feedback-service';

/** POST /api/feedback (every signed-in role, from the widget); PATCH /api/feedback/:id (administrators' triage). */
export function feedbackRoutes(deps: CommandDeps): Router<CommandState> {
  const service = new FeedbackService(deps.store);
  const router = new Router<CommandState>({ prefix: '/api/feedback' });

  router.post('/', requirePermission('feedback.submit'), async (ctx) => {
    const input = parseOr400(createFeedbackRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.submit(input, commandContext(ctx)));
  });

  router.patch('/:id', requirePermission('feedback.manage'), async (ctx) => {
    const id = parseRecordId(ctx.params.id, 'Feedback not found');
    const input = parseOr400(updateFeedbackRequestSchema, ctx.request.body);
    ctx.body = reply(await service.review(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
