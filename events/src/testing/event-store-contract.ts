import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendSize } from '../store/append-checks';
import {
  AppendTooLargeError,
  MAX_APPEND_BYTES,
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RawRecordedEvent,
  type Subscription,
} from '../store/event-store';
import { comparePositions, START_POSITION, type Position } from '../store/position';

export function newEvent(type: string, data: unknown, correlationId = randomUUID()): NewEvent {
  return {
    eventId: randomUUID(),
    type,
    schemaVersion: 1,
    data,
    metadata: {
      userId: 'contract-test',
      occurredAt: new Date().toISOString(),
      correlationId,
      causationId: correlationId,
    },
  };
}

/**
 * The behaviour every EventStore adapter must have. Streams are unique per test, so the suite
 * also runs against a shared EventStoreDB that holds other data.
 */
export function describeEventStoreContract(name: string, connect: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await connect();
    });
    afterAll(async () => {
      await store?.close();
    });
    const stream = () => `contract-${randomUUID()}`;

    it('appends to a new stream and reads the events back in order, with data, metadata and version', async () => {
      const id = stream();
      const events = [newEvent('Opened', { n: 1 }), newEvent('Changed', { n: 2 }), newEvent('Changed', { n: 3 })];
      const result = await store.append(id, events, 'no_stream');
      expect(result.nextExpectedRevision).toBe(2n);
      const read = await store.readStream(id);
      expect(read.map((e) => [e.type, e.revision, e.data, e.eventId])).toEqual(
        events.map((e, i) => [e.type, BigInt(i), e.data, e.eventId]),
      );
      expect(read[0]!.metadata).toEqual(events[0]!.metadata);
      expect(read[0]!.schemaVersion).toBe(1);
      expect(comparePositions(read[2]!.position, result.position)).toBe(0);
    });

    it('reads a stream that does not exist as empty', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('appends with the right expected revision and refuses a stale one, appending nothing', async () => {
      const id = stream();
      await store.append(id, [newEvent('Opened', {})], 'no_stream');
      const second = await store.append(id, [newEvent('Changed', { v: 1 })], 0n);
      expect(second.nextExpectedRevision).toBe(1n);
      await expect(store.append(id, [newEvent('Changed', { v: 'stale' })], 0n)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.append(id, [newEvent('Opened', {})], 'no_stream')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.append(stream(), [newEvent('Changed', {})], 0n)).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect((await store.readStream(id)).map((e) => e.data)).toEqual([{}, { v: 1 }]);
    });

    it("appends with 'any' whatever the stream's revision", async () => {
      const id = stream();
      await store.append(id, [newEvent('A', {})], 'any');
      const result = await store.append(id, [newEvent('B', {})], 'any');
      expect(result.nextExpectedRevision).toBe(1n);
    });

    it('lets exactly one of two racing writers with the same expected revision win', async () => {
      const id = stream();
      await store.append(id, [newEvent('Opened', {})], 'no_stream');
      const outcomes = await Promise.allSettled([
        store.append(id, [newEvent('Changed', { by: 'a' })], 0n),
        store.append(id, [newEvent('Changed', { by: 'b' })], 0n),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.find((o) => o.status === 'rejected');
      expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('reads the global log strictly after a position, in order, up to a count', async () => {
      const first = stream();
      const marker = await store.append(first, [newEvent('Marker', {})], 'no_stream');
      const mine = [stream(), stream()];
      await store.append(mine[0]!, [newEvent('A', { i: 0 }), newEvent('A', { i: 1 })], 'no_stream');
      await store.append(mine[1]!, [newEvent('B', { i: 2 })], 'no_stream');
      // Committed events become readable once no older transaction is still open: poll briefly.
      let after: RawRecordedEvent[] = [];
      await expect
        .poll(
          async () => {
            after = await readAllAfter(store, marker.position, (e) => mine.includes(e.streamId), 3);
            return after.map((e) => e.data);
          },
          { timeout: 10_000 },
        )
        .toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
      for (let i = 1; i < after.length; i += 1)
        expect(comparePositions(after[i - 1]!.position, after[i]!.position)).toBe(-1);
      const limited = await store.readAll(marker.position, 1);
      expect(limited).toHaveLength(1);
      expect(comparePositions(limited[0]!.position, marker.position)).toBe(1);
    });

    it('delivers events after a position to a subscriber, including ones appended later, until stopped', async () => {
      const id = stream();
      const start = await store.append(id, [newEvent('Before', {})], 'no_stream');
      await store.append(id, [newEvent('Existing', {})], 0n);
      const seen: RawRecordedEvent[] = [];
      const subscription = await store.subscribe({
        after: start.position,
        onBatch: async (batch) => {
          seen.push(...batch.filter((e) => e.streamId === id));
        },
      });
      await store.append(id, [newEvent('Later', {})], 1n);
      await expect.poll(() => seen.map((e) => e.type), { timeout: 10_000 }).toEqual(['Existing', 'Later']);
      // A second subscriber, still running when the first stops, shows when an event appended after the stop has
      // been delivered: the stopped one, had it gone on, would have had it by then too.
      const witnessed: string[] = [];
      const witness = await store.subscribe({
        after: start.position,
        onBatch: async (batch) => {
          witnessed.push(...batch.filter((e) => e.streamId === id).map((e) => e.type));
        },
      });
      await expect.poll(() => witnessed, { timeout: 10_000 }).toEqual(['Existing', 'Later']);
      await subscription.stop();
      await store.append(id, [newEvent('AfterStop', {})], 2n);
      await expect.poll(() => witnessed, { timeout: 10_000 }).toEqual(['Existing', 'Later', 'AfterStop']);
      await witness.stop();
      expect(seen.map((e) => e.type)).toEqual(['Existing', 'Later']);
    });

    it('refuses a stream or event type starting with $ (the store keeps them for itself), appending nothing', async () => {
      const id = stream();
      await expect(store.append(`$${id}`, [newEvent('Opened', {})], 'no_stream')).rejects.toThrow(/\$/);
      await expect(store.append(id, [newEvent('$Opened', {})], 'no_stream')).rejects.toThrow(/\$/);
      await expect(store.append(id, [newEvent('Opened', {}), newEvent('$metadata', {})], 'no_stream')).rejects.toThrow(
        /\$/,
      );
      expect(await store.readStream(id)).toEqual([]);
    });

    it('never hands over an event whose stream or type starts with $, from readAll or a subscription', async () => {
      // EventStoreDB writes its own ($epoch-information, $scavenges, stream metadata) from the start of the log;
      // the PostgreSQL store has none, as it refuses them (above). Either way a reader sees only the application's.
      const head = await store.readAll(START_POSITION, 500);
      expect(head.filter((e) => e.type.startsWith('$') || e.streamId.startsWith('$'))).toEqual([]);
      const id = stream();
      await store.append(id, [newEvent('Opened', {})], 'no_stream');
      const delivered: RawRecordedEvent[] = [];
      const subscription = await store.subscribe({
        after: START_POSITION,
        onBatch: async (batch) => {
          delivered.push(...batch);
        },
      });
      await expect.poll(() => delivered.some((e) => e.streamId === id), { timeout: 10_000 }).toBe(true);
      await subscription.stop();
      expect(delivered.filter((e) => e.type.startsWith('$') || e.streamId.startsWith('$'))).toEqual([]);
    });

    it('delivers batches of at most maxBatchSize, all of a waiting backlog in order', async () => {
      const id = stream();
      const start = await store.append(stream(), [newEvent('Marker', {})], 'no_stream');
      const events = Array.from({ length: 7 }, (_, i) => newEvent('Counted', { i }));
      await store.append(id, events, 'no_stream');
      const batches: RawRecordedEvent[][] = [];
      const subscription = await store.subscribe({
        after: start.position,
        maxBatchSize: 3,
        onBatch: async (batch) => {
          batches.push([...batch]);
        },
      });
      const mine = () =>
        batches
          .flat()
          .filter((e) => e.streamId === id)
          .map((e) => (e.data as { i: number }).i);
      await expect.poll(mine, { timeout: 10_000 }).toEqual([0, 1, 2, 3, 4, 5, 6]);
      await subscription.stop();
      expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(3);
      // Seven events were waiting before the subscription began: they do not come one at a time.
      expect(batches.some((b) => b.length > 1)).toBe(true);
    });

    it('resumed from the last delivered position, a stopped subscription neither loses nor repeats an event', async () => {
      const id = stream();
      const start = await store.append(stream(), [newEvent('Marker', {})], 'no_stream');
      await store.append(
        id,
        Array.from({ length: 10 }, (_, i) => newEvent('Counted', { i })),
        'no_stream',
      );
      const seen: number[] = [];
      let last: Position = start.position;
      let stopping: Promise<void> | undefined;
      const record = (batch: readonly RawRecordedEvent[]) => {
        seen.push(...batch.filter((e) => e.streamId === id).map((e) => (e.data as { i: number }).i));
        if (batch.length > 0) last = batch.at(-1)!.position;
      };
      // Stopped in the middle of the backlog, from inside a batch (stop waits for the batch to finish).
      const first: { subscription?: Subscription } = {};
      first.subscription = await store.subscribe({
        after: start.position,
        maxBatchSize: 2,
        onBatch: async (batch) => {
          record(batch);
          if (seen.length >= 4 && !stopping && first.subscription) stopping = first.subscription.stop();
        },
      });
      await expect.poll(() => stopping !== undefined, { timeout: 10_000 }).toBe(true);
      await stopping;
      const stoppedAt = seen.length;
      expect(stoppedAt).toBeLessThan(10);
      await store.append(id, [newEvent('Counted', { i: 10 }), newEvent('Counted', { i: 11 })], 9n);
      const second = await store.subscribe({ after: last, maxBatchSize: 2, onBatch: async (batch) => record(batch) });
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(12);
      await second.stop();
      expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => i));
    });

    it('refuses an append over MAX_APPEND_BYTES with AppendTooLargeError, appending nothing, and takes one at it', async () => {
      const id = stream();
      const large = newEvent('Large', { text: 'x'.repeat(MAX_APPEND_BYTES) });
      const refusal = await store.append(id, [newEvent('Small', {}), large], 'no_stream').catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(AppendTooLargeError);
      expect(refusal).toMatchObject({ streamId: id, limit: MAX_APPEND_BYTES });
      expect((refusal as AppendTooLargeError).size).toBeGreaterThan(MAX_APPEND_BYTES);
      expect(await store.readStream(id)).toEqual([]);
      // Exactly at the limit, as EventStoreDB measures it: taken by both stores.
      const fitting = newEvent('Large', { text: '' });
      const exact = { ...fitting, data: { text: 'x'.repeat(MAX_APPEND_BYTES - appendSize([fitting])) } };
      expect(appendSize([exact])).toBe(MAX_APPEND_BYTES);
      await store.append(id, [exact], 'no_stream');
      expect((await store.readStream(id)).map((e) => e.eventId)).toEqual([exact.eventId]);
    });

    it('reads nothing after a position beyond the last event, and a subscription after it waits for the log to pass it', async () => {
      const id = stream();
      const marker = await store.append(id, [newEvent('Marker', {})], 'no_stream');
      const beyond = beyondOf(marker.position);
      expect(await store.readAll(beyond, 10)).toEqual([]);
      const early: RawRecordedEvent[] = [];
      const waiting = await store.subscribe({
        after: beyond,
        onBatch: async (batch) => {
          early.push(...batch);
        },
      });
      // A witness from the marker shows when the next event has been delivered; the waiting one must not have it.
      const witnessed: string[] = [];
      const witness = await store.subscribe({
        after: marker.position,
        onBatch: async (batch) => {
          witnessed.push(...batch.filter((e) => e.streamId === id).map((e) => e.type));
        },
      });
      await store.append(id, [newEvent('Next', {})], 0n);
      await expect.poll(() => witnessed, { timeout: 10_000 }).toEqual(['Next']);
      await witness.stop();
      await waiting.stop();
      expect(early).toEqual([]);
    });

    it('measures the lag after a position: the events after it and when the oldest was recorded', async () => {
      expect(store.measureLag).toBeDefined();
      const measure = store.measureLag!.bind(store);
      const id = stream();
      const before = Date.now();
      const marker = await store.append(id, [newEvent('Marker', {})], 'no_stream');
      const last = await store.append(id, [newEvent('A', {}), newEvent('B', {}), newEvent('C', {})], 0n);
      // Measured as a difference, so other writers on a shared store cannot change the answer.
      await expect
        .poll(async () => (await measure(marker.position)).events - (await measure(last.position)).events, {
          timeout: 10_000,
        })
        .toBe(3);
      const lag = await measure(marker.position);
      expect(lag.eventsIsLowerBound ?? false).toBe(false);
      // The server's clock stamps EventStoreDB's events: a minute either way allows for a skewed one.
      expect(lag.oldestRecordedAt!.getTime()).toBeGreaterThan(before - 60_000);
      expect(lag.oldestRecordedAt!.getTime()).toBeLessThan(Date.now() + 60_000);
      expect(await measure(beyondOf(last.position))).toEqual({ events: 0, oldestRecordedAt: undefined });
    });
  });
}

const beyondOf = (position: Position): Position => ({
  commit: position.commit + 10n ** 12n,
  prepare: position.commit + 10n ** 12n,
});

/** Pages through the global log from `after` until `count` matching events are found. */
async function readAllAfter(
  store: EventStore,
  after: RawRecordedEvent['position'],
  match: (event: RawRecordedEvent) => boolean,
  count: number,
): Promise<RawRecordedEvent[]> {
  const found: RawRecordedEvent[] = [];
  let position = after;
  for (;;) {
    const page = await store.readAll(position, 100);
    if (page.length === 0) return found;
    found.push(...page.filter(match));
    if (found.length >= count) return found;
    position = page.at(-1)!.position;
  }
}
