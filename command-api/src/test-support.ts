import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { START_POSITION, type EventStore, type RawRecordedEvent } from '@care/events';
import { createLogger, PostgresEventStore } from '@care/events/server';
import { createTestDatabase, newEvent, type TestDatabase } from '@care/events/testing';
import { createCommandApp } from './app';

export interface ApiReply {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body (undefined when the body is not JSON). */
  readonly body: any;
}

export interface RunningCommandApi {
  readonly store: EventStore;
  readonly baseUrl: string;
  /** Sends `body` as JSON unless it is a string (sent as is) or undefined. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiReply>;
  close(): Promise<void>;
}

/** The command API on a fresh database of the test server, listening on a free port. */
export async function startCommandApi(serverUrl: string, label: string): Promise<RunningCommandApi> {
  const database: TestDatabase = await createTestDatabase(serverUrl, label);
  const store = await PostgresEventStore.connect(database.url);
  const server: Server = createCommandApp(store, createLogger('test', 'silent')).listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    store,
    baseUrl,
    async request(method, path, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (typeof body === 'string') init.body = body;
      else if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers = { 'content-type': 'application/json', ...headers };
      }
      const response = await fetch(`${baseUrl}${path}`, init);
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await store.close();
      await database.drop();
    },
  };
}

const BARRIER_PREFIX = 'test-barrier-';

/**
 * Every event committed so far, in global order. `readAll` hides commits while any older
 * transaction is open on the server (other test files share it), so this appends a barrier
 * event and waits until the log shows it: everything committed before it is then visible too.
 * Barrier events themselves are left out.
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
  return log.filter((event) => !event.streamId.startsWith(BARRIER_PREFIX));
}

/** The events committed after `before` (a settled log taken earlier). */
export async function appendedSince(store: EventStore, before: readonly RawRecordedEvent[]): Promise<RawRecordedEvent[]> {
  const known = new Set(before.map((event) => event.eventId));
  return (await settledLog(store)).filter((event) => !known.has(event.eventId));
}
