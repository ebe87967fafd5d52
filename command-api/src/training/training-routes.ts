import Router from '@koa/router';
import type { CommandDeps } from '../shared/command-deps';
import type { CommandState } from '../shared/command-state';

/** Stub: the slice adds its commands here. */
export function trainingRoutes(_deps: CommandDeps): Router<CommandState> {
  return new Router<CommandState>({ prefix: '/api/training' });
}
