import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RawRecordedEvent,
} from '../store/event-store';
import { comparePositions } from '../store/position';

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
  });
}

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
