import Router from '@koa/router';
import type { CommandDeps } from '../shared/command-deps';
import type { CommandState } from '../shared/command-state';

/** STUB (issue 5): replaced by the appointments slice. */
export function appointmentRoutes(_deps: CommandDeps): Router<CommandState> {
  return new Router<CommandState>({ prefix: '/api/appointments' });
}
