import type Koa from 'koa';
import { z } from 'zod';
import { positionFromToken, positionToToken } from '@care/events';
import { HttpError } from '@care/events/server';
import { projectionsReadBy } from '../live/live-resources';
import type { CheckpointWatcher } from './checkpoint-watcher';
import { parseQuery } from './query-parsing';
import type { ReadState } from './read-state';

/** ?minPosition=, the middleware's one query parameter; parseQuery also refuses a control character in any other one, for every route at once. */
const minPositionQuery = z.object({
  minPosition: z.string({ error: 'Must be a position token from a command reply' }).optional(),
});

/**
 * Read your own writes (docs/decisions/0007-read-your-writes.md). A client that just wrote sends the position from
 * the command's reply (header X-Min-Position or ?minPosition=); the read is answered only once the read model has
 * reached it (the projections that path reads: live-resources.ts), so a reloaded list always shows the user's own
 * change. If the projector does not get there in time, the answer is 503 (try again), never a list silently missing
 * that change.
 */
export function readYourWrites(watcher: CheckpointWatcher, timeoutMs: number): Koa.Middleware<ReadState> {
  return async (ctx, next) => {
    // Only the projections this path reads must have caught up (each has its own checkpoint).
    const projections = projectionsReadBy(ctx.path);
    // Parsed on every request, header or not: a control character in any parameter is refused before any route.
    const { minPosition } = parseQuery(minPositionQuery, ctx);
    const raw = ctx.get('x-min-position') || (minPosition ?? '');
    if (raw !== '') {
      const target = positionFromToken(raw);
      if (!target)
        throw new HttpError(400, 'Validation failed', { minPosition: 'Must be a position token from a command reply' });
      if (!(await watcher.waitFor(target, timeoutMs, projections))) {
        ctx.set('Retry-After', '1');
        throw new HttpError(503, 'The lists are still catching up with your last change. Please try again.');
      }
    }
    ctx.set('X-Read-Model-Position', positionToToken(watcher.current(projections)));
    await next();
  };
}
