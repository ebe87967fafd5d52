import type Koa from 'koa';
import type { CommandState } from './command-state';

/**
 * The one place every command passes through before its route: sign-in and roles arrive with
 * the accounts issue and replace this. Until then commands are recorded as by "anonymous".
 */
export function authenticate(): Koa.Middleware<CommandState> {
  return async (ctx, next) => {
    ctx.state.userId = 'anonymous';
    await next();
  };
}
