import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { feedbackStreamId, type NewEvent } from '@care/events';
import { freePort, PostgresEventStore } from '@care/events/server';
import { startProduct, type RunningProduct } from '../scripts/product';
import { keepAliveLoad, type LoadRequest } from './http-load';
import { now, round } from './stats';

export interface CommandFigures {
  /** POST /api/feedback through the UI server, 8 keep-alive connections, signed in. */
  commandsPerSec: number;
  /** The same command straight to the command API. */
  directCommandsPerSec: number;
  /** The store alone: one event appended to a new stream per commit, 8 writers, in the same run. */
  storeAppendsPerSec: number;
  /** commandsPerSec / storeAppendsPerSec: what the request path around the append leaves of the store's rate. */
  commandRatio: number;
}

const CONNECTIONS = 8;
const WARM_UP_MS = 2_000;
/** Short turns taken in alternation, so the three figures share whatever else the machine is doing. */
const TURNS = 4;
const TURN_MS = 2_000;

/** What the feedback widget sends: the simplest command (no stream to read, one event to a new stream). */
export const FEEDBACK = {
  type: 'suggestion',
  category: 'general',
  message: 'The rota could show travel time between visits.',
  rating: null,
  page: '/scheduling',
};

/**
 * (h) Commands at the speed of the store: the product as `npm start` runs it (four processes), on an empty database.
 * POST /api/feedback with 8 keep-alive connections as a signed-in administrator, through the UI server and straight
 * to the command API, against the store's own rate appending the same event with 8 writers, in alternating turns.
 */
export async function measureCommands(databaseUrl: string): Promise<CommandFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-bench-commands-'));
  const admin = { email: 'admin-bench@example.org', password: randomBytes(12).toString('base64url') };
  const commandApiPort = await freePort();
  let product: RunningProduct | undefined;
  const store = await PostgresEventStore.connect(databaseUrl);
  try {
    product = await startProduct({
      databaseUrl,
      dataDir,
      embeddedPostgresPort: 0,
      port: await freePort(),
      commandApiPort,
      readApiPort: await freePort(),
      seedDemoData: false,
      admin,
      logLevel: 'warn',
      say: () => undefined,
    });
    const uiUrl = product.url.replace('localhost', '127.0.0.1');
    const cookie = await signIn(uiUrl, admin);
    const headers = { cookie, origin: product.publicUrl, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const request: LoadRequest = { method: 'POST', body: JSON.stringify(FEEDBACK), status: 201 };
    const proxiedUrl = `${uiUrl}/api/feedback`;
    // Origin: PUBLIC_URL, the origin that may write, as the browser sends it on either path.
    const directUrl = `http://127.0.0.1:${commandApiPort}/api/feedback`;
    const sample = feedbackEvent();
    const append = () =>
      store.append(feedbackStreamId(uuidv7()), [{ ...sample, eventId: uuidv7() }], 'no_stream').then(() => undefined);

    await keepAliveLoad(proxiedUrl, headers, CONNECTIONS, WARM_UP_MS, request);
    await keepAliveLoad(directUrl, headers, CONNECTIONS, WARM_UP_MS, request);
    await appendFor(append, WARM_UP_MS);
    const totals = { proxied: { count: 0, ms: 0 }, direct: { count: 0, ms: 0 }, store: { count: 0, ms: 0 } };
    for (let turn = 0; turn < TURNS; turn += 1) {
      for (const [name, run] of [
        ['proxied', () => keepAliveLoad(proxiedUrl, headers, CONNECTIONS, TURN_MS, request)],
        ['direct', () => keepAliveLoad(directUrl, headers, CONNECTIONS, TURN_MS, request)],
        ['store', () => appendFor(append, TURN_MS)],
      ] as const) {
        const result = await run();
        totals[name].count += result.requests;
        totals[name].ms += (result.requests / result.perSec) * 1000;
      }
    }
    const perSec = (total: { count: number; ms: number }) => total.count / (total.ms / 1000);
    const commandsPerSec = perSec(totals.proxied);
    const storeAppendsPerSec = perSec(totals.store);
    return {
      commandsPerSec: Math.round(commandsPerSec),
      directCommandsPerSec: Math.round(perSec(totals.direct)),
      storeAppendsPerSec: Math.round(storeAppendsPerSec),
      commandRatio: round(commandsPerSec / storeAppendsPerSec, 2),
    };
  } finally {
    await product?.stop();
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The event POST /api/feedback appends (same type, data and metadata shape), for the store to append alone. */
function feedbackEvent(): NewEvent {
  const id = uuidv7();
  return {
    eventId: id,
    type: 'FeedbackSubmitted',
    schemaVersion: 1,
    data: { id, ...FEEDBACK },
    metadata: {
      userId: uuidv7(),
      occurredAt: new Date().toISOString(),
      correlationId: uuidv7(),
      causationId: uuidv7(),
    },
  };
}

/** 8 writers appending for `durationMs`, each the next as soon as the last commit returned. */
async function appendFor(
  append: () => Promise<void>,
  durationMs: number,
): Promise<{ requests: number; perSec: number }> {
  let requests = 0;
  const started = now();
  const deadline = started + durationMs;
  const writer = async () => {
    while (now() < deadline) {
      await append();
      requests += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, writer));
  return { requests, perSec: requests / ((now() - started) / 1000) };
}

async function signIn(uiUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${uiUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: uiUrl },
    body: JSON.stringify(credentials),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('care.sid='));
  if (response.status !== 200 || !cookie)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return cookie.split(';')[0]!;
}
