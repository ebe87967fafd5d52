import Router from '@koa/router';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';

/** STUB (issue 5): replaced by the shifts read slice. */
export function shiftRoutes(_deps: ReadDeps): Router<ReadState> {
  return new Router<ReadState>({ prefix: '/api/shifts' });
}
