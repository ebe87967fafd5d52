import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessDeniedError } from '@eventstore/db-client';
import type * as EventStoreDBClientModule from '@eventstore/db-client';
import type { RawRecordedEvent, Subscription } from '../store/event-store';
import type { Position } from '../store/position';
import { EventStoreDBEventStore, type EventStoreDBLog } from './eventstoredb-event-store';

/**
 * The adapter against a stand-in for the EventStoreDB client (no server can run here): the subscription is a real
 * object-mode stream like the client's, fed by the test, so batching, resuming and the outage log are the adapter's
 * own behaviour over the stream the client really hands it.
 */
const fake = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('@eventstore/db-client', async (importOriginal) => {
  const actual = await importOriginal<typeof EventStoreDBClientModule>();
  return { ...actual, EventStoreDBClient: { connectionString: () => fake.client } };
});

/** What the client's subscribeToAll returns: a readable of resolved events that can be unsubscribed. */
class FakeSubscription extends PassThrough {
  constructor(highWaterMark: number) {
    super({ objectMode: true, highWaterMark });
  }
  async unsubscribe(): Promise<void> {
    this.end();
  }
}

const positionOf = (n: number): Position => ({ commit: BigInt(n * 100), prepare: BigInt(n * 100) });
const resolved = (n: number, type = 'Counted') => ({
  event: {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    streamId: 'counter-1',
    revision: BigInt(n),
    type,
    data: { n },
    metadata: { userId: 'u', schemaVersion: 1 },
    created: new Date('2026-01-01T00:00:00Z'),
    position: positionOf(n),
  },
});

interface Server {
  readonly subscriptions: { stream: FakeSubscription; from: unknown }[];
  readonly lines: string[];
  lastEvent: number;
  refuse?: Error;
}

function fakeServer(): Server {
  const server: Server = { subscriptions: [], lines: [], lastEvent: 1000 };
  fake.client = {
    subscribeToAll: (options: { fromPosition: unknown }, readable: { highWaterMark: number }) => {
      const stream = new FakeSubscription(readable.highWaterMark);
      server.subscriptions.push({ stream, from: options.fromPosition });
      return stream;
    },
    // The last event of $all (connect's check, and where a subscription beyond the end starts).
    readAll: () => {
      if (server.refuse) {
        const failing = new Readable({ objectMode: true, read() {} });
        queueMicrotask(() => failing.destroy(server.refuse));
        return failing;
      }
      return Readable.from([resolved(server.lastEvent)]);
    },
    dispose: async () => undefined,
  };
  return server;
}

function logOf(server: Server): EventStoreDBLog {
  return {
    warn: (_details, message) => server.lines.push(`warn: ${message}`),
    info: (details, message) => server.lines.push(`info: ${message} after ${String(details.attempts)} attempts`),
  };
}

const numbers = (batch: readonly RawRecordedEvent[]) => batch.map((event) => (event.data as { n: number }).n);

let subscription: Subscription | undefined;
afterEach(async () => {
  await subscription?.stop();
  subscription = undefined;
});

describe('EventStoreDB subscription', () => {
  it('hands over the events already received together, up to maxBatchSize, and a lone event at once', async () => {
    const server = fakeServer();
    const store = await EventStoreDBEventStore.connect('esdb://es1:2113?tls=false', { log: logOf(server) });
    const batches: number[][] = [];
    subscription = await store.subscribe({
      after: positionOf(0),
      maxBatchSize: 3,
      onBatch: async (batch) => {
        batches.push(numbers(batch));
      },
    });
    await expect.poll(() => server.subscriptions.length).toBe(1);
    const live = server.subscriptions[0]!.stream;
    for (let n = 1; n <= 7; n += 1) live.write(resolved(n));
    live.write(resolved(8, '$statsCollected'));
    await expect.poll(() => batches.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    live.write(resolved(9));
    await expect.poll(() => batches.at(-1)).toEqual([9]);
  });

  it('after the server is lost, resumes after the last handled event, warning once and telling of its return once', async () => {
    const server = fakeServer();
    const store = await EventStoreDBEventStore.connect('esdb://es1:2113', { log: logOf(server) });
    const seen: number[] = [];
    subscription = await store.subscribe({
      after: positionOf(0),
      onBatch: async (batch) => {
        seen.push(...numbers(batch));
      },
    });
    await expect.poll(() => server.subscriptions.length).toBe(1);
    server.subscriptions[0]!.stream.write(resolved(1));
    server.subscriptions[0]!.stream.write(resolved(2));
    await expect.poll(() => seen).toEqual([1, 2]);
    server.subscriptions[0]!.stream.destroy(new Error('14 UNAVAILABLE: Connection dropped'));
    await expect.poll(() => server.subscriptions.length).toBe(2);
    server.subscriptions[1]!.stream.destroy(new Error('14 UNAVAILABLE: No connection established'));
    await expect.poll(() => server.subscriptions.length).toBe(3);
    expect(server.subscriptions.map((s) => s.from)).toEqual(['start', positionOf(2), positionOf(2)]);
    const back = server.subscriptions[2]!.stream;
    back.emit('confirmation');
    // The server starts after the position it was given; a repeat of the last handled event is still not handed over.
    back.write(resolved(2));
    back.write(resolved(3));
    await expect.poll(() => seen).toEqual([1, 2, 3]);
    expect(server.lines).toEqual([
      'warn: EventStoreDB subscription lost; resubscribing from the last delivered event, waiting longer each time',
      'info: EventStoreDB subscription resumed after 2 attempts',
    ]);
  });

  it('tells the subscriber of a failed batch and hands the same batch over again, not the events after it', async () => {
    const server = fakeServer();
    const store = await EventStoreDBEventStore.connect('esdb://es1:2113', { log: logOf(server) });
    const handled: number[][] = [];
    const errors: string[] = [];
    let failures = 1;
    subscription = await store.subscribe({
      after: positionOf(0),
      maxBatchSize: 2,
      onError: (error) => errors.push(String(error)),
      onBatch: async (batch) => {
        if (numbers(batch).includes(3) && failures > 0) {
          failures -= 1;
          throw new Error('read model unavailable');
        }
        handled.push(numbers(batch));
      },
    });
    await expect.poll(() => server.subscriptions.length).toBe(1);
    server.subscriptions[0]!.stream.write(resolved(1));
    await expect.poll(() => handled).toEqual([[1]]);
    server.subscriptions[0]!.stream.write(resolved(3));
    server.subscriptions[0]!.stream.write(resolved(4));
    await expect.poll(() => server.subscriptions.length).toBe(2);
    expect(errors).toEqual(['Error: read model unavailable']);
    expect(server.subscriptions[1]!.from).toEqual(positionOf(1));
    server.subscriptions[1]!.stream.write(resolved(3));
    server.subscriptions[1]!.stream.write(resolved(4));
    await expect.poll(() => handled).toEqual([[1], [3, 4]]);
    expect(server.lines).toEqual([]);
  });

  it('starts a subscription after a position beyond the end from the last event, handing over only what passes it', async () => {
    const server = fakeServer();
    server.lastEvent = 5;
    const store = await EventStoreDBEventStore.connect('esdb://es1:2113', { log: logOf(server) });
    const seen: number[] = [];
    subscription = await store.subscribe({
      after: positionOf(7),
      onBatch: async (batch) => {
        seen.push(...numbers(batch));
      },
    });
    await expect.poll(() => server.subscriptions.length).toBe(1);
    expect(server.subscriptions[0]!.from).toEqual(positionOf(5));
    for (const n of [6, 7, 8]) server.subscriptions[0]!.stream.write(resolved(n));
    await expect.poll(() => seen).toEqual([8]);
  });
});

describe('EventStoreDB connect', () => {
  it('fails at start naming the host, never the password, when the server refuses the credentials', async () => {
    const server = fakeServer();
    server.refuse = new AccessDeniedError(undefined, 'Access denied for admin:hunter2');
    const refusal = await EventStoreDBEventStore.connect('esdb://admin:hunter2@es1:2113,es2:2113', {
      log: logOf(server),
    }).catch((error: unknown) => error as Error);
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toBe(
      'EventStoreDB at es1:2113, es2:2113 refused user "admin": check the user and password in EVENTSTORE_URL, and ' +
        'that the user may read $all (Access denied for admin:***)',
    );
  });

  it('fails at start naming the host when the server cannot be reached', async () => {
    const server = fakeServer();
    server.refuse = new Error('14 UNAVAILABLE: No connection established');
    await expect(EventStoreDBEventStore.connect('esdb://es9:2113', { log: logOf(server) })).rejects.toThrow(
      'Could not reach EventStoreDB at es9:2113: 14 UNAVAILABLE: No connection established',
    );
  });

  it('refuses a connection string that is not one, before trying the server', async () => {
    fakeServer();
    await expect(EventStoreDBEventStore.connect('http://es1:2113')).rejects.toThrow(
      'EVENTSTORE_URL must start with esdb:// or esdb+discover://',
    );
  });
});
