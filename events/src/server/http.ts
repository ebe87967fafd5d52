import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { z } from 'zod';
import type { Logger } from './logger';

export interface RequestState {
  requestId: string;
  log: Logger;
}

/** An error the client caused: answered with its status and a JSON body, never a 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function validationError(error: z.ZodError): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return new HttpError(400, 'Validation failed', fields);
}

/** Parses with the schema or throws a 400 naming every bad field. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Request id (kept from x-request-id when well-formed), a child logger, and one log line per request. */
export function requestContext(logger: Logger): Koa.Middleware<RequestState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}

/** Turns every error into a JSON reply; unexpected ones are logged and answered without details. */
export function errorHandler(): Koa.Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.body = error.fields ? { error: error.message, fields: error.fields } : { error: error.message };
        return;
      }
      const status = httpStatusOf(error);
      if (status !== undefined && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = { error: (error as Error).message };
        return;
      }
      ctx.state.log.error({ err: error }, 'unhandled error');
      ctx.status = 503;
      ctx.body = { error: 'The service could not complete the request. Please try again.' };
    }
  };
}

/** Errors thrown by koa's own helpers (body parser: 413, 415, 400) carry a status. */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && expose === true ? status : undefined;
}

/** DESIGN.md decision 10: headers on every response, API responses never cached. */
export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

/** Unknown routes answer 404 as JSON. */
export function notFound(): Koa.Middleware {
  return async (ctx) => {
    ctx.status = 404;
    ctx.body = { error: 'Not found' };
  };
}
