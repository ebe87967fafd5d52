import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type pg from 'pg';
import pino from 'pino';
import { parseRecordedEvent, START_POSITION, type EventStore, type RawRecordedEvent, type Role } from '@care/events';
import {
  createEventStore,
  createPool,
  ensureAuthSchema,
  ensureMediaSchema,
  LOG_REDACTION,
  PostgresEventStore,
  SESSION_COOKIE,
  type RegisteredRoute,
} from '@care/events/server';
import { createTestDatabase, newEvent, type TestDatabase } from '@care/events/testing';
import { createCommandApp } from '../src/app';
import { ensureMailSchema } from '../src/mail/outbox';
import type { AuthPolicy } from '../src/auth/auth-policy';
import type { VisitTimeRules } from '../src/appointments/visit-times';

export interface ApiReply {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body (undefined when the body is not JSON); tests reach into whichever fields they assert on. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
  readonly text: string;
}

export type Requester = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<ApiReply>;

export interface TestUser {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  /** Requests with this user's session cookie (and a same-site Origin on writes). */
  readonly request: Requester;
  readonly cookie: string;
}

export interface RunningCommandApi {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly baseUrl: string;
  /** The PUBLIC_URL the app was given: links are built on it, whatever Host a request names. */
  readonly publicUrl: string;
  readonly routes: readonly RegisteredRoute[];
  /** As the first administrator. Sends `body` as JSON unless it is a string (sent as is) or undefined. */
  readonly request: Requester;
  /** Without a session cookie (still same-site, so only the missing session can refuse it). */
  readonly anonymous: Requester;
  readonly admin: TestUser;
  /** Log lines the app wrote (pino JSON objects, with the product's redaction), to check what is logged. */
  readonly logLines: readonly Record<string, unknown>[];
  /** Creates an account through the admin API and signs it in. */
  createUser(role: Role, overrides?: Record<string, unknown>): Promise<TestUser>;
  signIn(email: string, password: string): Promise<TestUser & { reply: ApiReply }>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** The command API on a fresh database of the test server, listening on a free port, with a signed-in admin. */
export interface TestApiOptions {
  readonly policy?: AuthPolicy;
  /** No log capture (the bench: logging would cost time inside the measured path). */
  readonly silent?: boolean;
  /** PUBLIC_URL; by default an address unlike the test server's own, so a test can tell which one a link used. */
  readonly publicUrl?: string;
  /** Wraps the event store the app uses, e.g. to hold one read back and so stage a race deterministically. */
  readonly wrapStore?: (store: EventStore) => EventStore;
  /** CHECK_IN_EARLIEST_MINUTES and MANUAL_TIME_MAX_HOURS_BACK (the defaults otherwise). */
  readonly visitTimeRules?: VisitTimeRules;
  /** As with SMTP_URL set: "Request new password" mails the link (the test ensures the mail schema). */
  readonly mailResetLinks?: boolean;
  /** EVENTSTORE_URL: the events go to EventStoreDB (the read models and accounts stay in PostgreSQL). */
  readonly eventStoreUrl?: string;
}

export const TEST_PUBLIC_URL = 'https://care.example.org';

export async function startCommandApi(
  serverUrl: string,
  label: string,
  options: TestApiOptions = {},
): Promise<RunningCommandApi> {
  const database: TestDatabase = await createTestDatabase(serverUrl, label);
  const api = await startCommandApiOn(database.url, options);
  return {
    ...api,
    async close() {
      await api.close();
      await database.drop();
    },
  };
}

/**
 * The command API on an existing database (tests and the bench that also run a projector and a
 * read API on it), with a first administrator created and signed in.
 */
export async function startCommandApiOn(
  databaseUrl: string,
  {
    policy,
    silent = false,
    publicUrl = TEST_PUBLIC_URL,
    wrapStore = (store) => store,
    visitTimeRules,
    mailResetLinks,
    eventStoreUrl,
  }: TestApiOptions = {},
): Promise<RunningCommandApi> {
  const store = eventStoreUrl
    ? await createEventStore({ databaseUrl, eventStoreUrl })
    : await PostgresEventStore.connect(databaseUrl);
  const logLines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: silent ? 'silent' : 'info', redact: LOG_REDACTION },
    { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const pool = createPool(databaseUrl, { max: 5, log: logger });
  await ensureAuthSchema(pool);
  await ensureMediaSchema(pool);
  // Invitations to the family portal are mailed through the outbox, so every test API has it.
  await ensureMailSchema(pool);
  const { app, users, routes } = createCommandApp({
    store: wrapStore(store),
    pool,
    logger,
    policy,
    publicUrl,
    visitTimeRules,
    mailResetLinks,
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const anonymous = requester(baseUrl, undefined);

  const signIn = async (email: string, password: string) => {
    const reply = await anonymous('POST', '/api/login', { email, password });
    const cookie = sessionCookieOf(reply);
    return { id: reply.body?.user?.id as string, email, password, cookie, request: requester(baseUrl, cookie), reply };
  };
  const adminEmail = `admin-${randomUUID().slice(0, 8)}@example.org`;
  await users.register(
    { email: adminEmail, password: TEST_PASSWORD, firstName: 'Ada', lastName: 'Admin', role: 'admin' },
    { userId: 'system', requestId: 'test-setup' },
  );
  const admin = await signIn(adminEmail, TEST_PASSWORD);
  expect(admin.reply.status, admin.reply.text).toBe(200);

  return {
    store,
    pool,
    baseUrl,
    publicUrl,
    routes,
    admin,
    request: admin.request,
    anonymous,
    logLines,
    signIn,
    async createUser(role, overrides = {}) {
      const email = `${role}-${randomUUID().slice(0, 8)}@example.org`;
      const created = await admin.request('POST', '/api/users', {
        email,
        firstName: 'Test',
        lastName: role,
        role,
        password: TEST_PASSWORD,
        ...overrides,
      });
      expect(created.status, created.text).toBe(201);
      const user = await signIn(String(overrides.email ?? email), String(overrides.password ?? TEST_PASSWORD));
      expect(user.reply.status, user.reply.text).toBe(200);
      return user;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.close();
      await pool.end();
    },
  };
}

/** The value of the session cookie a reply sets ("" when it sets none). */
export function sessionCookieOf(reply: ApiReply): string {
  for (const header of reply.headers.getSetCookie()) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${SESSION_COOKIE}=`)) return pair;
  }
  return '';
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A fetch wrapper that behaves like the browser on this site: cookie, and Origin on writes. */
export function requester(baseUrl: string, cookie: string | undefined): Requester {
  return async (method, path, body, headers = {}) => {
    const base: Record<string, string> = {};
    if (cookie) base.cookie = cookie;
    if (WRITE_METHODS.has(method)) base.origin = baseUrl;
    const init: RequestInit = { method, headers: { ...base, ...headers }, redirect: 'manual' };
    if (typeof body === 'string') init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...base, 'content-type': 'application/json', ...headers };
    }
    const response = await fetch(`${baseUrl}${path}`, init);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
}

const BARRIER_PREFIX = 'test-barrier-';

/**
 * Every event committed so far, in global order. `readAll` hides commits while any older
 * transaction is open on the server (other test files share it), so this appends a barrier
 * event and waits until the log shows it: everything committed before it is then visible too.
 * Barrier events themselves are left out, and so are the projector's records of the stall a
 * barrier causes (its type is unknown to the projections that read every event, such as the
 * audit index): they would otherwise land in whichever test is running when the projector gets there.
 */
export async function settledLog(store: EventStore): Promise<RawRecordedEvent[]> {
  const barrier = newEvent('TestBarrier', {});
  await store.append(`${BARRIER_PREFIX}${randomUUID()}`, [barrier], 'no_stream');
  let log: RawRecordedEvent[] = [];
  await expect
    .poll(
      async () => {
        log = await store.readAll(START_POSITION, 100_000);
        return log.some((event) => event.eventId === barrier.eventId);
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(true);
  const barriers = new Set(
    log.filter((event) => event.streamId.startsWith(BARRIER_PREFIX)).map((event) => event.eventId),
  );
  return log.filter((event) => !barriers.has(event.eventId) && !isStallOnBarrier(event, barriers));
}

function isStallOnBarrier(event: RawRecordedEvent, barriers: ReadonlySet<string>): boolean {
  if (event.type !== 'ProjectionStalled' && event.type !== 'ProjectionStallCleared') return false;
  const parsed = parseRecordedEvent(event);
  return (
    (parsed.type === 'ProjectionStalled' || parsed.type === 'ProjectionStallCleared') &&
    barriers.has(parsed.data.eventId)
  );
}

/** The events committed after `before` (a settled log taken earlier). */
export async function appendedSince(
  store: EventStore,
  before: readonly RawRecordedEvent[],
): Promise<RawRecordedEvent[]> {
  const known = new Set(before.map((event) => event.eventId));
  return (await settledLog(store)).filter((event) => !known.has(event.eventId));
}
export { ensureMailSchema, enqueueMail } from '../src/mail/outbox';
export * from './family';
