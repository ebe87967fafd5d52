import Router from '@koa/router';
import { setWorkingPatternRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseCarerId, parseIfMatch } from '../shared/request-parsing';
import { WorkingPatterns } from './working-pattern-stream';

/**
 * PUT /api/carers/:id/working-pattern: a coordinator or administrator sets the carer's whole pattern (If-Match:
 * the revision last read). A carer reads their own pattern on the read API but never writes it.
 */
export function workingPatternRoutes({ store }: CommandDeps): Router<CommandState> {
  const patterns = new WorkingPatterns(store);
  const router = new Router<CommandState>({ prefix: '/api/carers' });

  router.put('/:id/working-pattern', requirePermission('carers.write'), async (ctx) => {
    const carerId = parseCarerId(ctx.params.id);
    const input = parseOr400(setWorkingPatternRequestSchema, ctx.request.body);
    ctx.body = reply(await patterns.set(carerId, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
