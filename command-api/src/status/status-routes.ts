import Router from '@koa/router';
import { PROJECTION_NAMES, skipProjectionEventRequestSchema, type ProjectionName } from '@care/events';
import { HttpError, parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { appendEvents, loadStream } from '../shared/event-stream';
import { commandContext } from '../shared/request-parsing';
import { decide, evolve, initialProjectionStreamState } from './decide';

const isProjectionName = (name: string): name is ProjectionName =>
  (PROJECTION_NAMES as readonly string[]).includes(name);

/** POST /api/status/projections/:name/skip (administrators): skip the one event a stalled projection cannot apply. */
export function statusRoutes({ store }: CommandDeps): Router<CommandState> {
  const router = new Router<CommandState>({ prefix: '/api/status/projections' });
  router.post('/:name/skip', requirePermission('admin.panel'), async (ctx) => {
    const name = ctx.params.name;
    if (name === undefined || !isProjectionName(name)) throw new HttpError(404, 'Projection not found');
    const input = parseOr400(skipProjectionEventRequestSchema, ctx.request.body);
    const streamId = `projection-${name}`;
    const { state, revision } = await loadStream(store, streamId, evolve, initialProjectionStreamState);
    const events = decide(state, { type: 'SkipProjectionEvent', projection: name, ...input });
    // Against the revision read: a stall the projector records meanwhile makes this a conflict, not a stale skip.
    const appended = await appendEvents(store, streamId, events, revision, commandContext(ctx));
    ctx.status = 202;
    ctx.body = reply({ id: name, revision: appended.nextExpectedRevision, position: appended.position });
  });
  return router;
}
