import type Koa from 'koa';
import type { ReadState } from './read-state';

/** The one place every read passes through before its route: sessions arrive with the accounts issue. */
export function authenticate(): Koa.Middleware<ReadState> {
  return async (_ctx, next) => {
    await next();
  };
}
