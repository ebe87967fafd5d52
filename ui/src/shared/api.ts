import { comparePositions, positionFromToken } from '@care/events';

/**
 * A non-OK reply. The message reads "<status>: <body text>", or the status text
 * when the body is empty. `body` is the parsed JSON reply when there was one (e.g. `{ error, fields }`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    /** The reply's headers (e.g. Retry-After), when there was a reply. */
    readonly headers?: Headers,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** A readable reason: the reply's `error` or `message` text when it has one, else the whole message. */
  get reason(): string {
    const body = this.body as { error?: unknown; message?: unknown } | null;
    if (typeof body?.error === 'string') return body.error;
    if (typeof body?.message === 'string') return body.message;
    return this.message;
  }

  /** Per-field messages from a validation or uniqueness reply: `{ error, fields: { name: message } }`. */
  get fields(): Record<string, string> {
    const fields = (this.body as { fields?: unknown } | null)?.fields;
    if (!fields || typeof fields !== 'object') return {};
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
}

/** What went wrong, in words for the screen: the reply's own reason for an API error, else the message. */
export function errorReason(error: Error): string {
  return error instanceof ApiError ? error.reason : error.message;
}

/**
 * No reply at all: the request never reached the server or its answer never came back (fetch rejects with a
 * TypeError). On a phone this is usually no signal, even while the phone still reports a network.
 */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** A 401 whose message contains Unauthorized means the sign-in is gone. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/**
 * Read your writes: the latest position token returned by a command. Every GET carries it, so the read API
 * answers only once its projection has caught up with this browser's own last write.
 */
let minPosition: string | undefined;

function rememberPosition(token: unknown): void {
  if (typeof token !== 'string' || token === '') return;
  const next = positionFromToken(token);
  const current = minPosition === undefined ? undefined : positionFromToken(minPosition);
  // Replies of concurrent commands may arrive out of order: keep the furthest position.
  if (next && current && comparePositions(next, current) <= 0) return;
  minPosition = token;
}

/** For tests and diagnostics. */
export function lastWritePosition(): string | undefined {
  return minPosition;
}

async function request(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  return (await requestWithHeaders(method, path, body, headers)).json;
}

async function requestWithHeaders(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ json: unknown; headers: Headers }> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json', ...headers } };
  if (body instanceof FormData) {
    // An upload (multipart): the browser sets the content type with its boundary.
    init.body = body;
  } else if (body !== undefined) {
    // A JSON content type only when there is a body.
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let json: unknown = undefined;
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      json ?? null,
      response.headers,
    );
  }
  return { json, headers: response.headers };
}

const readHeaders = (): Record<string, string> => (minPosition ? { 'X-Min-Position': minPosition } : {});

export async function apiGet<T>(path: string): Promise<T> {
  return (await request('GET', path, undefined, readHeaders())) as T;
}

/** One page of a list that pages on the server: its items and how many match in all (`X-Total-Count`). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export async function apiGetPage<T>(path: string): Promise<ListPage<T>> {
  const { json, headers } = await requestWithHeaders('GET', path, undefined, readHeaders());
  const items = Array.isArray(json) ? (json as T[]) : [];
  const total = Number(headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : items.length };
}

/** Rows per request when a screen reads a whole paged list (the read API allows up to 1,000). */
export const PAGE_SIZE = 500;

/**
 * Every row of a paged list (`limit` and `offset`, total in `X-Total-Count`;
 * docs/decisions/0015-lists-page-on-the-server.md): one page after another until the total is reached, so a busy day
 * is never cut off at the first page.
 */
export async function apiGetEveryPage<T>(path: string, pageSize: number = PAGE_SIZE): Promise<T[]> {
  const headers: Record<string, string> = minPosition ? { 'X-Min-Position': minPosition } : {};
  const rows: T[] = [];
  const separator = path.includes('?') ? '&' : '?';
  for (;;) {
    const page = await requestWithHeaders(
      'GET',
      `${path}${separator}limit=${pageSize}&offset=${rows.length}`,
      undefined,
      headers,
    );
    const items = page.json as T[];
    rows.push(...items);
    const total = Number(page.headers.get('X-Total-Count'));
    if (items.length < pageSize || !Number.isFinite(total) || rows.length >= total) return rows;
  }
}

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A command (a JSON body, or FormData for an upload). Its reply carries `position`, remembered for the next reads. */
export async function apiSend<T = unknown>(
  method: SendMethod,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const reply = await request(method, path, body, headers);
  if (reply && typeof reply === 'object' && 'position' in reply) rememberPosition(reply.position);
  return reply as T;
}
