import Router from '@koa/router';
import type { CommandDeps } from '../shared/command-deps';
import type { CommandState } from '../shared/command-state';

/** STUB (issue 5): replaced by the shifts slice. */
export function shiftRoutes(_deps: CommandDeps): Router<CommandState> {
  return new Router<CommandState>({ prefix: '/api/shifts' });
}
