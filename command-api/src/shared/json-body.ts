import bodyParser from '@koa/bodyparser';
import type Koa from 'koa';
import { HttpError } from '@care/events/server';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The one upload: POST /api/voice-notes takes the recording as multipart/form-data and reads its own body
 * (voice-notes/audio-upload.ts, with its own size limit). Every other write is JSON only.
 */
const MULTIPART_ROUTES = new Set(['POST /api/voice-notes']);

/** The upload route, which reads its body as a stream after this middleware has passed it on. */
export const isStreamedUpload = (ctx: Koa.Context): boolean =>
  MULTIPART_ROUTES.has(`${ctx.method} ${ctx.path.replace(/\/$/, '')}`);

/** Most writes are small: 100 kB is far above any form. */
const JSON_LIMIT = '100kb';
/**
 * A check-out or an amendment may carry the signature image: up to TEXT_LIMITS.signature (300,000) characters
 * of base64, plus the visit's notes and observations (2,000 characters each, up to 6 bytes apiece when escaped).
 */
const SIGNED_JSON_LIMIT = '400kb';
const SIGNED_ROUTES = /^\/api\/appointments\/[^/]+\/(check-out|amend)\/?$/;
/** Import Data sends a whole CSV file (at most IMPORT_MAX_CHARACTERS, 2,000,000; up to 6 bytes a character escaped). */
const IMPORT_JSON_LIMIT = '12mb';
const IMPORT_ROUTE = /^\/api\/admin\/imports\/?$/;

/**
 * JSON only, at most 100 kB (400 kB for a check-out or amendment with a signature); a body of another type is
 * refused with 415 before it is read, a larger one with 413.
 */
export function jsonBody(): Koa.Middleware[] {
  const requireJson: Koa.Middleware = async (ctx, next) => {
    if (!WITH_BODY.has(ctx.method) || ctx.request.length === 0) return next();
    // The upload route checks its own content type after its permission (voice-note-routes.ts), so a role that
    // may not record is refused with 403 whatever it sends.
    if (isStreamedUpload(ctx)) return next();
    if (!ctx.is('application/json')) {
      throw new HttpError(415, 'Send the request body as application/json');
    }
    await next();
  };
  const small = bodyParser({ enableTypes: ['json'], jsonLimit: JSON_LIMIT, encoding: 'utf-8' });
  const signed = bodyParser({ enableTypes: ['json'], jsonLimit: SIGNED_JSON_LIMIT, encoding: 'utf-8' });
  const imports = bodyParser({ enableTypes: ['json'], jsonLimit: IMPORT_JSON_LIMIT, encoding: 'utf-8' });
  const parse: Koa.Middleware = (ctx, next) =>
    (ctx.method === 'POST' && SIGNED_ROUTES.test(ctx.path)
      ? signed
      : ctx.method === 'POST' && IMPORT_ROUTE.test(ctx.path)
        ? imports
        : small)(ctx, next);
  return [requireJson, parse];
}
