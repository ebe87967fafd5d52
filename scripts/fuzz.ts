import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import { freePort, startThrowawayPostgres, withDatabase } from '@care/events/server';
import { errorReplies, type ReplyDoc, type RouteDoc } from '../read-api/src/openapi/route-doc';
import { ROUTE_DOCS } from '../read-api/src/openapi/openapi-document';
import {
  arbitraryOf,
  hostileQueryValues,
  inputJsonSchema,
  junk,
  queryString,
  requestValue,
  type Flavour,
  type IdSource,
} from './fuzz/arbitraries';
import { createFixtures, send, type Fixtures, type Reply, type RequestBody, type Session } from './fuzz/fixtures';
import { startProduct } from './product';

/**
 * `npm run fuzz`: the real product (four processes on a throwaway PostgreSQL) under requests built from the zod
 * schemas of every route (read-api/src/openapi): valid values, values at the bounds and malformed ones, sent as an
 * admin, a coordinator, a carer and no one. A finding is any 5xx, a status the route does not document, a
 * documented reply that breaks its (strict) schema, a request with no reply in 15 s, a service that dies, or a
 * projection not `live` after the run. 503 counts like any 5xx: the read API answers an unexpected error with it.
 * Before the random requests, every query parameter of every GET is sent each value it must refuse (querySweep).
 * FUZZ_SECONDS (default 180), FUZZ_SEED (printed), FUZZ_MAX_REQUESTS.
 */

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number (got "${raw}")`);
  return value;
}

const seconds = wholeNumber('FUZZ_SECONDS', 180);
const seed = wholeNumber('FUZZ_SEED', Math.floor(Math.random() * 2 ** 31));
const maxRequests = wholeNumber('FUZZ_MAX_REQUESTS', 50_000);
const FLAVOURS: readonly Flavour[] = ['valid', 'bounds', 'malformed'];
/** Over the largest JSON body any route takes (400 kB: a check-out with its signature). */
const OVERSIZED_BODY = 400_000;

interface Finding {
  readonly route: string;
  readonly role: string;
  readonly status: number;
  readonly problem: string;
  readonly request: string;
  readonly reply: string;
}

const excerpt = (text: string, length = 400) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/** The collection a route's ids live in: `/api/diary/:id/history` → diary. */
const collectionOf = (route: RouteDoc) => route.path.split('/')[2]!;

/** The collection a uuid field refers to, by its name (`keyworkerCarerId`, `carerIds`: carers). */
const FIELD_COLLECTIONS: readonly [RegExp, string][] = [
  [/carer/i, 'carers'],
  [/client/i, 'clients'],
  [/appointment/i, 'appointments'],
  [/diary/i, 'diary'],
  [/user/i, 'users'],
  [/assigned/i, 'users'],
  [/task/i, 'tasks'],
  [/alert/i, 'alerts'],
  [/training/i, 'training'],
  [/shift/i, 'shifts'],
];

/** Uuid fields of a body or query name a real record (of their kind, when the name says) three times in four. */
function idSource(fixtures: Fixtures): IdSource {
  const all = Object.values(fixtures.ids).flat();
  return {
    uuid: (field) => {
      const collection = field && FIELD_COLLECTIONS.find(([pattern]) => pattern.test(field))?.[1];
      const real = (collection && fixtures.ids[collection]) || all;
      return real.length > 0
        ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, { arbitrary: fc.uuid(), weight: 1 })
        : fc.uuid();
    },
  };
}

/** A path with each parameter filled: a real id of its collection mostly, else a random uuid or junk. */
function pathArbitrary(route: RouteDoc, fixtures: Fixtures, ids: IdSource): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  if (names.length === 0) return fc.constant(route.path);
  const real = fixtures.ids[collectionOf(route)] ?? [];
  // An empty segment is not this route's path (`/api/users//role` matches no route: 405), so junk is never empty.
  const parameter = (name: string): fc.Arbitrary<string> => {
    const schema = route.params?.[name];
    const good = schema
      ? requestValue(inputJsonSchema(schema), 'valid', ids).map(String)
      : real.length > 0
        ? fc.constantFrom(...real)
        : fc.uuid();
    return fc.oneof(
      { arbitrary: good, weight: 6 },
      { arbitrary: fc.uuid(), weight: 2 },
      {
        arbitrary: junk('url')
          .map(String)
          .filter((text) => text !== ''),
        weight: 2,
      },
    );
  };
  return fc
    .tuple(...names.map(parameter))
    .map((values) =>
      names.reduce(
        (text, name, index) =>
          text.replace(`:${name}`, encodeURIComponent(values[index]!.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))),
        route.path,
      ),
    );
}

interface Built {
  readonly path: string;
  readonly body?: RequestBody;
  readonly headers: Record<string, string>;
  readonly shown: string;
}

/** One request for `route` in `flavour`, drawn with `seed` so a finding can be replayed. */
function buildRequest(
  route: RouteDoc,
  flavour: Flavour,
  fixtures: Fixtures,
  ids: IdSource,
  requestSeed: number,
): Built {
  const draw = <T>(arbitrary: fc.Arbitrary<T>): T => fc.sample(arbitrary, { seed: requestSeed, numRuns: 1 })[0]!;
  const urlPath = draw(pathArbitrary(route, fixtures, ids));
  const query = route.query ? queryString(draw(requestValue(inputJsonSchema(route.query), flavour, ids, 'url'))) : '';
  const headers: Record<string, string> = {};
  if (route.ifMatch && draw(fc.boolean()))
    headers['if-match'] = draw(
      fc.oneof(
        fc.nat(20).map((n) => `"${n}"`),
        fc.string({ maxLength: 20 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
      ),
    );
  let body: RequestBody | undefined;
  let shownBody = '';
  if (route.body) {
    const value = draw(requestValue(inputJsonSchema(route.body), flavour, ids));
    if (route.bodyType === 'multipart/form-data') {
      const form = new FormData();
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const [key, field] of Object.entries(value))
          form.append(key, typeof field === 'string' ? field : JSON.stringify(field));
      }
      if (flavour !== 'malformed' || draw(fc.boolean()))
        form.append(
          'audio',
          new Blob([draw(fc.uint8Array({ maxLength: 2000 }))], {
            type: draw(fc.constantFrom('audio/webm', 'audio/ogg', 'text/plain', '')),
          }),
          'note.webm',
        );
      body = form;
      shownBody = `multipart ${JSON.stringify(value)}`;
    } else if (flavour === 'malformed' && draw(fc.nat(9)) === 0) {
      // Not JSON at all, or JSON under another content type.
      const raw = draw(fc.constantFrom('{"a":', 'null', '[]', '"text"', '\u0000', JSON.stringify(value)));
      const type = draw(fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'));
      headers['content-type'] = type;
      body = raw;
      shownBody = `${type} ${raw}`;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(value);
      shownBody = body;
    }
  }
  return {
    path: `${urlPath}${query}`,
    body,
    headers,
    shown: `${route.method} ${excerpt(`${urlPath}${query}`, 300)}${Object.keys(headers).length ? ` ${JSON.stringify(headers)}` : ''} ${excerpt(shownBody, 300)}`,
  };
}

/** What is wrong with a reply, if anything. */
function problemWith(route: RouteDoc, reply: Reply): string | undefined {
  if (reply.status >= 500) return `${reply.status} from the server`;
  const documented: Record<number, ReplyDoc> = { ...route.replies, ...errorReplies(route) };
  const doc = documented[reply.status];
  if (!doc)
    return `status ${reply.status} is not documented for this route (documented: ${Object.keys(documented).join(', ')})`;
  const contentType = reply.headers.get('content-type') ?? '';
  if (doc.schema) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.text);
    } catch {
      return `reply is not JSON (content-type ${contentType})`;
    }
    const result = doc.schema.safeParse(parsed);
    if (!result.success) return `reply breaks its documented shape: ${excerpt(z.prettifyError(result.error), 600)}`;
    return undefined;
  }
  if (doc.contentType) {
    const wanted = doc.contentType.replace('/*', '/');
    if (!contentType.startsWith(wanted))
      return `content-type ${contentType || '(none)'}, documented ${doc.contentType}`;
  }
  return undefined;
}

/**
 * Every query parameter of every GET, one at a time, with each value it must refuse (hostileQueryValues: years 0000,
 * 0001 and 9999, control characters, overlong texts, huge and negative numbers), the other parameters valid, as
 * an administrator (who may call every route). A finding is a 5xx, any problemWith, or a 2xx: the value got in.
 */
async function querySweep(
  baseUrl: string,
  admin: Session,
  fixtures: Fixtures,
  ids: IdSource,
  counts: Map<string, Map<number, number>>,
): Promise<{ findings: Finding[]; sent: number }> {
  const findings: Finding[] = [];
  let sent = 0;
  for (const route of ROUTE_DOCS) {
    if (route.method !== 'GET' || !route.query) continue;
    const schema = inputJsonSchema(route.query);
    const name = `${route.method} ${route.path}`;
    for (const [param, node] of Object.entries(schema.properties ?? {})) {
      for (const value of hostileQueryValues(param, node)) {
        const requestSeed = seed + sent;
        const draw = <T>(arbitrary: fc.Arbitrary<T>): T => fc.sample(arbitrary, { seed: requestSeed, numRuns: 1 })[0]!;
        const valid = draw(arbitraryOf(schema, 'valid', ids));
        const others = valid !== null && typeof valid === 'object' && !Array.isArray(valid) ? valid : {};
        const urlPath = draw(pathArbitrary(route, fixtures, ids));
        const path = `${urlPath}${queryString({ ...others, [param]: value })}`;
        sent += 1;
        const reply = await send(baseUrl, admin, 'GET', path).catch(
          (error: unknown): Reply => ({
            status: 0,
            headers: new Headers(),
            text: `${String(error)} (${String((error as { cause?: unknown }).cause)})`,
          }),
        );
        const perStatus = counts.get(name) ?? new Map<number, number>();
        perStatus.set(reply.status, (perStatus.get(reply.status) ?? 0) + 1);
        counts.set(name, perStatus);
        const problem =
          reply.status === 0
            ? `no reply: ${reply.text}`
            : reply.status >= 200 && reply.status < 300
              ? `accepted ${JSON.stringify(excerpt(value, 40))} in ?${param}`
              : problemWith(route, reply);
        if (problem)
          findings.push({
            route: name,
            role: admin.role,
            status: reply.status,
            problem,
            request: `query sweep ?${param}=${excerpt(JSON.stringify(value), 60)}: GET ${excerpt(path, 300)}`,
            reply: excerpt(reply.text),
          });
      }
    }
  }
  return { findings, sent };
}

const byRole = (sessions: readonly Session[], rng: () => number) => sessions[Math.floor(rng() * sessions.length)]!;

/** A small seeded generator (mulberry32) for the choices between requests. */
function mulberry32(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function projectionFindings(baseUrl: string, admin: Session): Promise<Finding[]> {
  const deadline = Date.now() + 60_000;
  let last: Reply | undefined;
  while (Date.now() < deadline) {
    last = await send(baseUrl, admin, 'GET', '/api/status/projections');
    if (last.status === 200) {
      const states = JSON.parse(last.text) as { name: string; state: string; lagEvents: number | null }[];
      if (states.some((projection) => projection.state === 'stalled')) break;
      if (states.every((projection) => projection.state === 'live' && (projection.lagEvents ?? 0) === 0)) return [];
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return [
    {
      route: 'GET /api/status/projections',
      role: 'admin',
      status: last?.status ?? 0,
      problem: 'a projection is not live (stalled, rebuilding or behind) after the run',
      request: '',
      reply: excerpt(last?.text ?? '', 2000),
    },
  ];
}

async function main(): Promise<number> {
  console.log(`Fuzzing the API for ${seconds} s (at most ${maxRequests} requests), FUZZ_SEED=${seed}`);
  const server = await startThrowawayPostgres([
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-fuzz-'));
  const admin = { email: 'admin-fuzz@example.org', password: randomUUID() };
  const product = await startProduct({
    databaseUrl: withDatabase(server.url, 'care_fuzz'),
    dataDir,
    embeddedPostgresPort: 0,
    port: await freePort(),
    commandApiPort: await freePort(),
    readApiPort: await freePort(),
    seedDemoData: false,
    admin,
    logLevel: 'warn',
    say: (line) => console.log(line),
  }).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  // Loopback only: the product's own local address.
  const baseUrl = product.url.replace('localhost', '127.0.0.1');
  let crashed: string | undefined;
  void product.exited.then((reason) => (crashed = reason));
  const findings: Finding[] = [];
  const counts = new Map<string, Map<number, number>>();
  try {
    const fixtures = await createFixtures(baseUrl, admin);
    console.log(
      `Fixtures: ${Object.entries(fixtures.ids)
        .map(([kind, ids]) => `${ids.length} ${kind}`)
        .join(', ')}; logs in ${path.join(dataDir, 'logs')}`,
    );
    const rng = mulberry32(seed);
    const ids = idSource(fixtures);
    const adminSession = fixtures.sessions.find((session) => session.role === 'admin');
    if (!adminSession) throw new Error('The fixtures signed in no administrator');
    const sweep = await querySweep(baseUrl, adminSession, fixtures, ids, counts);
    findings.push(...sweep.findings);
    console.log(
      `Query sweep: ${sweep.sent} requests with values every route must refuse, ${sweep.findings.length} finding(s)`,
    );
    const deadline = Date.now() + seconds * 1000;
    let sent = 0;
    let resets = 0;
    const seen = new Set<string>();
    while (Date.now() < deadline && sent < maxRequests && !crashed) {
      const route = ROUTE_DOCS[sent % ROUTE_DOCS.length]!;
      const flavour = FLAVOURS[Math.floor(sent / ROUTE_DOCS.length) % FLAVOURS.length]!;
      // Signing out would end a session the rest of the run needs, and signing back in can be locked out by the
      // failed sign-ins the fuzzer sends: POST /api/logout gets a session cookie of no session instead.
      const chosen = byRole(fixtures.sessions, rng);
      const session: Session =
        route.path === '/api/logout' ? { role: chosen.role, cookie: `care.sid=${randomUUID()}` } : chosen;
      const requestSeed = seed + sent;
      const name = `${route.method} ${route.path}`;
      sent += 1;
      let built: Built;
      try {
        built = buildRequest(route, flavour, fixtures, ids, requestSeed);
      } catch (error) {
        findings.push({
          route: name,
          role: session.role,
          status: 0,
          problem: `fuzzer could not build a request: ${String(error)}`,
          request: flavour,
          reply: '',
        });
        continue;
      }
      const attempt = () =>
        send(baseUrl, session, route.method, built.path, built.body, built.headers).catch(
          (error: unknown): Reply => ({
            status: 0,
            headers: new Headers(),
            text: `${String(error)} (${String((error as { cause?: unknown }).cause)})`,
          }),
        );
      let reply = await attempt();
      const oversized = typeof built.body === 'string' && built.body.length > OVERSIZED_BODY;
      if (reply.status === 0 && oversized) {
        // The server answers 413 as soon as the limit is passed and closes the connection while the rest is still
        // being sent: the client may see the reset before the reply. HTTP's business, counted but not a finding.
        resets += 1;
        continue;
      }
      // A connection the server closed after such a refusal may be picked up again by the next request: retry once.
      if (reply.status === 0) reply = await attempt();
      const perStatus = counts.get(name) ?? new Map<number, number>();
      perStatus.set(reply.status, (perStatus.get(reply.status) ?? 0) + 1);
      counts.set(name, perStatus);
      const problem = reply.status === 0 ? `no reply: ${reply.text}` : problemWith(route, reply);
      if (!problem) continue;
      // One line per distinct problem of a route; the first request that showed it.
      const key = `${name}|${reply.status}|${problem.slice(0, 120)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push({
        route: name,
        role: session.role,
        status: reply.status,
        problem,
        request: `#${sent - 1} (${flavour}, seed ${requestSeed}) ${built.shown}`,
        reply: excerpt(reply.text),
      });
    }
    console.log(
      `\n${sent} requests in ${Math.round((Date.now() - (deadline - seconds * 1000)) / 1000)} s; ${resets} oversized bodies met a connection reset instead of the 413`,
    );
    if (crashed)
      findings.push({
        route: '-',
        role: '-',
        status: 0,
        problem: `a service died: ${crashed}`,
        request: '',
        reply: '',
      });
    else findings.push(...(await projectionFindings(baseUrl, fixtures.sessions[0]!)));
  } finally {
    printCounts(counts);
    await product.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (findings.length === 0) {
    console.log(`\nNo findings (FUZZ_SEED=${seed}).`);
    return 0;
  }
  console.log(`\n${findings.length} finding(s) (FUZZ_SEED=${seed}):`);
  for (const finding of findings) {
    console.log(
      `\n- ${finding.route} as ${finding.role} → ${finding.status}: ${finding.problem}\n  request: ${finding.request}\n  reply: ${finding.reply}`,
    );
  }
  return 1;
}

function printCounts(counts: Map<string, Map<number, number>>): void {
  console.log('\nRequests per route (status × count):');
  for (const [name, perStatus] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    const total = [...perStatus.values()].reduce((sum, count) => sum + count, 0);
    const statuses = [...perStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(`  ${String(total).padStart(5)}  ${name.padEnd(52)} ${statuses}`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
