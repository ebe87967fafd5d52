import type { z } from 'zod';
import type { Permission } from '@care/events';
import { errorReplySchema } from '@care/events/api';

/** Who may call a route: anyone (sign-in), anyone signed in, or a role holding one of the permissions. */
export type RouteAccess = 'public' | 'signed-in' | readonly [Permission, ...Permission[]];

export interface ReplyDoc {
  readonly description: string;
  /** The JSON reply (strict: a reply may carry no field it does not document). Absent: no JSON body. */
  readonly schema?: z.ZodType;
  /** A body that is not JSON (CSV, audio). */
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One route of the command API or the read API, as GET /api/openapi.json describes it. */
export interface RouteDoc {
  readonly service: 'command-api' | 'read-api';
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the router registers it (`/api/carers/:id`). */
  readonly path: string;
  readonly summary: string;
  readonly access: RouteAccess;
  /** The schema the handler parses `ctx.query` with (its input side is documented). */
  readonly query?: z.ZodType;
  /** The schema the handler parses the body with. */
  readonly body?: z.ZodType;
  readonly bodyType?: 'application/json' | 'multipart/form-data';
  /** The command takes an optional If-Match revision (409 when stale). */
  readonly ifMatch?: boolean;
  /** Path parameters other than uuids (`:id` is a uuid unless named here). */
  readonly params?: Readonly<Record<string, z.ZodType>>;
  /** The successful replies by status. */
  readonly replies: Readonly<Record<number, ReplyDoc>>;
  /** Error replies beyond those the route's shape implies (see errorStatuses). */
  readonly errors?: Readonly<Record<number, ReplyDoc>>;
}

const error = (description: string): ReplyDoc => ({ description, schema: errorReplySchema });

const ERROR_REPLIES = {
  400: error('Validation failed: `fields` names each bad field with its message'),
  401: { description: 'No live session: the plain text `Unauthorized`', contentType: 'text/plain' },
  403: error('Forbidden: the role lacks the permission (or a write came from another site)'),
  404: error('No such record, or one the caller may not see'),
  409: error(
    'The If-Match revision is stale, the command conflicts with the record (a taken unique value: `fields` names it), or a request with the same Idempotency-Key is still running',
  ),
  413: error('The request body is too large'),
  422: error('The Idempotency-Key was already used by this user for another request: `fields` names the header'),
  415: error('The request body is not of the accepted type'),
  503: error('The service could not answer in time (read-your-writes wait) or failed; try again'),
} as const satisfies Record<number, ReplyDoc>;

/**
 * For a route with no id in its path that still names records (in its body or query): 404 when one does not exist
 * or lies outside the caller's work (a carer's), told apart from neither so the reply reveals nothing.
 */
export const NAMED_RECORD_NOT_FOUND = {
  404: error(
    "A record named in the body or query does not exist, or is outside the caller's work: `fields` names it when it is a field",
  ),
} as const satisfies Record<number, ReplyDoc>;

/**
 * Writes of the command API taken by a signed-in user, except the upload, accept an Idempotency-Key
 * (docs/decisions/0025-idempotent-writes.md).
 */
export const acceptsIdempotencyKey = (route: RouteDoc): boolean =>
  route.service === 'command-api' &&
  route.method !== 'GET' &&
  route.access !== 'public' &&
  route.bodyType !== 'multipart/form-data';

/** The error replies a route can give, from its shape: a body or query can be refused, an id can be unknown, and so on. */
export function errorReplies(route: RouteDoc): Record<number, ReplyDoc> {
  const replies: Record<number, ReplyDoc> = {};
  const writes = route.method !== 'GET';
  if (route.query || route.body || route.ifMatch || route.params || acceptsIdempotencyKey(route)) {
    replies[400] = ERROR_REPLIES[400];
  }
  if (route.access !== 'public') replies[401] = ERROR_REPLIES[401];
  if (Array.isArray(route.access) || (writes && route.access !== 'public')) replies[403] = ERROR_REPLIES[403];
  if (route.path.includes('/:')) replies[404] = ERROR_REPLIES[404];
  if (route.ifMatch || (writes && route.access !== 'public')) replies[409] = ERROR_REPLIES[409];
  if (route.body) {
    replies[413] = ERROR_REPLIES[413];
    replies[415] = ERROR_REPLIES[415];
  }
  if (acceptsIdempotencyKey(route)) replies[422] = ERROR_REPLIES[422];
  replies[503] = ERROR_REPLIES[503];
  return { ...replies, ...route.errors };
}
