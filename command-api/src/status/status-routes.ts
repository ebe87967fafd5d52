import Router from '@koa/router';
import { projectionNameSchema, skipProjectionEventRequestSchema } from '@care/events';
import { HttpError, parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { appendEvents } from '../shared/event-stream';
import { commandContext } from '../shared/request-parsing';
import { decide } from './decide';

/** POST /api/status/projections/:name/skip (administrators): skip the one event a stalled projection cannot apply. */
export function statusRoutes({ store }: CommandDeps): Router<CommandState> {
  const router = new Router<CommandState>({ prefix: '/api/status/projections' });
  router.post('/:name/skip', requirePermission('admin.panel'), async (ctx) => {
    const name = projectionNameSchema.safeParse(ctx.params.name);
    if (!name.success) throw new HttpError(404, 'Projection not found');
    const input = parseOr400(skipProjectionEventRequestSchema, ctx.request.body);
    const events = decide({ type: 'SkipProjectionEvent', projection: name.data, ...input });
    const appended = await appendEvents(store, `projection-${name.data}`, events, 'any', commandContext(ctx));
    ctx.status = 202;
    ctx.body = reply({ id: name.data, revision: appended.nextExpectedRevision, position: appended.position });
  });
  return router;
}
