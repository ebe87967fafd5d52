import bodyParser from '@koa/bodyparser';
import type Koa from 'koa';
import { HttpError } from '@care/events/server';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** JSON only, at most 100 kB; a body of another type is refused with 415 before it is read. */
export function jsonBody(): Koa.Middleware[] {
  const requireJson: Koa.Middleware = async (ctx, next) => {
    if (WITH_BODY.has(ctx.method) && ctx.request.length !== 0 && !ctx.is('application/json')) {
      throw new HttpError(415, 'Send the request body as application/json');
    }
    await next();
  };
  return [requireJson, bodyParser({ enableTypes: ['json'], jsonLimit: '100kb', encoding: 'utf-8' })];
}
