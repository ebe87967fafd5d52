import Router from '@koa/router';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';

/** Stub: the slice adds its queries here. */
export function trainingRoutes(_deps: ReadDeps): Router<ReadState> {
  return new Router<ReadState>({ prefix: '/api/training' });
}
