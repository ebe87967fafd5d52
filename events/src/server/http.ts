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

/** PostgreSQL's "relation does not exist". */
const UNDEFINED_TABLE = '42P01';

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
      if (status !== undefined) {
        ctx.status = status;
        ctx.body = { error: CLIENT_ERROR_MESSAGES[status] ?? 'The request could not be processed' };
        return;
      }
      if ((error as { code?: unknown }).code === UNDEFINED_TABLE) {
        // A list whose projection is building its first tables (a new database, the first seconds of a start).
        ctx.state.log.warn({ err: error }, 'read model not built yet');
        ctx.status = 503;
        ctx.set('Retry-After', '1');
        ctx.body = { error: 'The lists are still being prepared. Please try again in a moment.' };
        return;
      }
      ctx.state.log.error({ err: error }, 'unhandled error');
      ctx.status = 503;
      ctx.body = { error: 'The service could not complete the request. Please try again.' };
    }
  };
}

/**
 * Errors thrown by koa's own helpers carry a 4xx status (the JSON parser's SyntaxError has
 * status 400 but no `expose` flag). Their messages are internal, so the reply uses ours.
 */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status } = error as { status?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: 'The request body is not valid JSON',
  413: 'The request body is too large',
  415: 'Send the request body as application/json',
};

/** Headers on every response, API responses never cached (docs/decisions/0012-http-hardening.md). */
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

/** Put before the routers: a request no route answered gets a JSON 404, or 405 for a known path. */
export function fallbackReplies(): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    const status = ctx.status;
    if (status !== 404 && status !== 405) return;
    ctx.body = { error: status === 405 ? 'Method not allowed' : 'Not found' };
    ctx.status = status; // assigning a body makes koa's implicit 404 a 200: set it back
  };
}

export interface RegisteredRoute {
  readonly method: string;
  readonly path: string;
}

/** The shape of a @koa/router Router that route listing needs. */
export interface RouteTable {
  readonly stack: readonly { readonly methods: readonly string[]; readonly path: string | RegExp }[];
}

/** Every method and path the routers answer (HEAD is implied by GET). */
export function registeredRoutes(routers: readonly RouteTable[]): RegisteredRoute[] {
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
    ),
  );
}
