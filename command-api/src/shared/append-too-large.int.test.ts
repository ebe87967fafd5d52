import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { carerStreamId, MAX_APPEND_BYTES, type EventStore, type NewEvent } from '@care/events';
import { appendedSince, settledLog, startCommandApi, type RunningCommandApi } from '../../testing';

/**
 * The event store takes at most MAX_APPEND_BYTES in one append (EventStoreDB's own limit, which the PostgreSQL store
 * keeps too). No form can send that much today (the request limits stop it first), so the test grows the next
 * append on its way to the real store, as a record too large would arrive: the store refuses it and writes nothing,
 * and the user is told with a 413 rather than a failure of the service.
 */
let api: RunningCommandApi;
/** Set to make the next append carry more than the store takes. */
let growNextAppend = false;

const grown = (events: readonly NewEvent[]): NewEvent[] =>
  events.map((event, index) =>
    index === 0 ? { ...event, data: { ...(event.data as object), padding: 'x'.repeat(MAX_APPEND_BYTES) } } : event,
  );

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'append_too_large', {
    wrapStore: (store) =>
      Object.assign(Object.create(store) as EventStore, {
        append: (...[streamId, events, expected]: Parameters<EventStore['append']>) => {
          const send = growNextAppend ? grown(events) : events;
          growNextAppend = false;
          return store.append(streamId, send, expected);
        },
      }),
  });
});
afterAll(async () => {
  await api?.close();
});

describe('a change larger than the event store takes', () => {
  it('is answered 413 with a message saying what to do, and nothing is recorded', async () => {
    const created = await api.request('POST', '/api/carers', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const before = await settledLog(api.store);

    growNextAppend = true;
    const reply = await api.request('PATCH', `/api/carers/${id}`, { notes: 'Drives; has a car' });

    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 413,
      body: {
        error:
          'This change is too large to record in one go. Shorten the longest text or attachment, or split it into smaller changes.',
      },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
    expect((await api.store.readStream(carerStreamId(id))).map((event) => event.type)).toEqual(['CarerRegistered']);
  });
});
