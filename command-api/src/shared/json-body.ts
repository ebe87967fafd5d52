import bodyParser from '@koa/bodyparser';
import type Koa from 'koa';
import { HttpError } from '@care/events/server';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The one upload: POST /api/voice-notes takes the recording as multipart/form-data and reads its own body
 * (voice-notes/audio-upload.ts, with its own size limit). Every other write is JSON only.
 */
const MULTIPART_ROUTES = new Set(['POST /api/voice-notes']);

/** JSON only, at most 100 kB; a body of another type is refused with 415 before it is read. */
export function jsonBody(): Koa.Middleware[] {
  const requireJson: Koa.Middleware = async (ctx, next) => {
    if (!WITH_BODY.has(ctx.method) || ctx.request.length === 0) return next();
    if (MULTIPART_ROUTES.has(`${ctx.method} ${ctx.path.replace(/\/$/, '')}`)) {
      if (!ctx.is('multipart/form-data')) {
        throw new HttpError(415, 'Send the voice note as multipart/form-data with the recording in the "audio" field');
      }
    } else if (!ctx.is('application/json')) {
      throw new HttpError(415, 'Send the request body as application/json');
    }
    await next();
  };
  return [requireJson, bodyParser({ enableTypes: ['json'], jsonLimit: '100kb', encoding: 'utf-8' })];
}
