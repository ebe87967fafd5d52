import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { carerStreamId, type EventStore } from '@care/events';
import { appendedSince, settledLog, startCommandApi, type ApiReply, type RunningCommandApi } from '../../testing';
import { IdempotencyKeys } from './idempotency';

/**
 * A write repeated with the same Idempotency-Key (a phone that never heard the reply, a double tap, an outbox sent
 * twice) is answered with the first reply and appends nothing more.
 */
let api: RunningCommandApi;
/** Set to make the store's next append fail, as a database outage would. */
let failNextAppend = false;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'idempotency', {
    wrapStore: (store) =>
      Object.assign(Object.create(store) as EventStore, {
        append: (...args: Parameters<EventStore['append']>) => {
          if (failNextAppend) {
            failNextAppend = false;
            return Promise.reject(new Error('The database went away'));
          }
          return store.append(...args);
        },
      }),
  });
});
afterAll(async () => {
  await api?.close();
});

const carer = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  employeeId: `EMP-${randomUUID().slice(0, 8)}`,
  startDate: '2024-03-01',
  ...overrides,
});

const keyed = (key: string) => ({ 'Idempotency-Key': key });
const registrations = (events: readonly { type: string }[]) =>
  events.filter((event) => event.type === 'CarerRegistered').length;

async function keyRow(userId: string, key: string) {
  const { rows } = await api.pool.query<{ status: number | null }>(
    'SELECT status FROM auth.idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  return rows[0];
}

describe('a write repeated with the same Idempotency-Key', () => {
  it('appends one carer and answers the repeat with the same status and body, marked as replayed', async () => {
    const key = randomUUID();
    const body = carer();
    const before = await settledLog(api.store);
    const first = await api.request('POST', '/api/carers', body, keyed(key));
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const afterFirst = await settledLog(api.store);

    const second = await api.request('POST', '/api/carers', body, keyed(key));
    expect({ status: second.status, body: second.body }).toEqual({ status: 201, body: first.body });
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await appendedSince(api.store, afterFirst)).toEqual([]);
    expect(registrations(await appendedSince(api.store, before))).toBe(1);
    expect((await api.store.readStream(carerStreamId(first.body.id))).map((event) => event.type)).toEqual([
      'CarerRegistered',
    ]);
  });

  it('refuses the same key on another request with 422 on Idempotency-Key and appends nothing', async () => {
    const key = randomUUID();
    const first = await api.request('POST', '/api/carers', carer(), keyed(key));
    expect(first.status, first.text).toBe(201);
    const before = await settledLog(api.store);

    const other = await api.request('POST', '/api/carers', carer({ firstName: 'Grace' }), keyed(key));
    expect(other.status).toBe(422);
    expect(other.body.fields).toEqual({
      'Idempotency-Key': 'This key was already used for another request: send a new key',
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it("runs another user's request with the same key as their own", async () => {
    const key = randomUUID();
    const first = await api.request('POST', '/api/carers', carer(), keyed(key));
    expect(first.status, first.text).toBe(201);
    const colleague = await api.createUser('admin');
    const before = await settledLog(api.store);

    const theirs = await colleague.request('POST', '/api/carers', carer(), keyed(key));
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull();
    expect(theirs.body.id).not.toBe(first.body.id);
    expect(registrations(await appendedSince(api.store, before))).toBe(1);
  });

  it('answers a refused command again with the same 400, and still appends nothing', async () => {
    const key = randomUUID();
    const body = carer({ hourlyRate: 500.01 });
    const before = await settledLog(api.store);
    const first = await api.request('POST', '/api/carers', body, keyed(key));
    expect(first.status).toBe(400);
    expect(first.body.fields).toEqual({ hourlyRate: 'Hourly rate must be at most £500.00' });

    const second = await api.request('POST', '/api/carers', body, keyed(key));
    expect({ status: second.status, body: second.body }).toEqual({ status: 400, body: first.body });
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('appends one carer when two copies arrive together; the other copy is told to wait or gets the reply', async () => {
    const key = randomUUID();
    const body = carer();
    const before = await settledLog(api.store);
    const replies: ApiReply[] = await Promise.all([
      api.request('POST', '/api/carers', body, keyed(key)),
      api.request('POST', '/api/carers', body, keyed(key)),
    ]);
    expect(registrations(await appendedSince(api.store, before))).toBe(1);
    const ran = replies.filter((reply) => reply.status === 201 && !reply.headers.get('Idempotent-Replayed'));
    expect(ran).toHaveLength(1);
    const other = replies.find((reply) => reply !== ran[0]);
    if (other?.status === 409) expect(other.body.error).toMatch(/still in progress/);
    else expect({ status: other?.status, body: other?.body }).toEqual({ status: 201, body: ran[0]?.body });
  });

  it('runs a repeat again after the service failed, instead of answering the failure again', async () => {
    const key = randomUUID();
    const body = carer();
    failNextAppend = true;
    const failed = await api.request('POST', '/api/carers', body, keyed(key));
    expect(failed.status).toBe(503);
    const before = await settledLog(api.store);

    const retry = await api.request('POST', '/api/carers', body, keyed(key));
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
    expect(registrations(await appendedSince(api.store, before))).toBe(1);
  });

  it('answers 409 while the first request still holds the key', async () => {
    const key = randomUUID();
    const body = carer();
    const first = await api.request('POST', '/api/carers', body, keyed(key));
    expect(first.status, first.text).toBe(201);
    // As if the first request were still running: its reply not yet kept, its lease not yet over.
    await api.pool.query(
      `UPDATE auth.idempotency_keys SET status = NULL, body = NULL, lease_until = now() + interval '1 minute'
       WHERE user_id = $1 AND key = $2`,
      [api.admin.id, key],
    );
    const before = await settledLog(api.store);
    const second = await api.request('POST', '/api/carers', body, keyed(key));
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('A request with this Idempotency-Key is still in progress. Try again in a moment.');
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('does not append twice when the service died after the append and before keeping the reply', async () => {
    // Feedback has no unique field, so only the request's event ids can tell the re-run it already happened.
    const key = randomUUID();
    const body = { type: 'suggestion', category: 'scheduling', message: 'Show travel time.', page: '/scheduling' };
    const first = await api.request('POST', '/api/feedback', body, keyed(key));
    expect(first.status, first.text).toBe(201);
    // The reply was lost with the process: no kept reply, and the dead request's lease has run out.
    await api.pool.query(
      `UPDATE auth.idempotency_keys SET status = NULL, body = NULL, lease_until = now() - interval '1 second'
       WHERE user_id = $1 AND key = $2`,
      [api.admin.id, key],
    );
    const before = await settledLog(api.store);
    const retry = await api.request('POST', '/api/feedback', body, keyed(key));
    expect(retry.status, retry.text).toBe(409);
    expect(await appendedSince(api.store, before)).toEqual([]);
    // The same request without the key is a new piece of feedback: nothing else stood in the way.
    const unkeyed = await api.request('POST', '/api/feedback', body);
    expect(unkeyed.status, unkeyed.text).toBe(201);
  });

  it('refuses a key that is empty, too long or not visible ASCII with 400 on Idempotency-Key', async () => {
    const before = await settledLog(api.store);
    for (const key of ['', 'x'.repeat(256), 'two words', 'clé']) {
      const reply = await api.request('POST', '/api/carers', carer(), keyed(key));
      expect({ status: reply.status, body: reply.body }, JSON.stringify(key)).toEqual({
        status: 400,
        body: {
          error: 'Validation failed',
          fields: { 'Idempotency-Key': 'Idempotency-Key must be 1 to 255 visible ASCII characters' },
        },
      });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
    const longest = await api.request('POST', '/api/carers', carer(), keyed('k'.repeat(255)));
    expect(longest.status, longest.text).toBe(201);
  });

  it('refuses the key on the voice-note upload, whose body is a recording', async () => {
    const reply = await api.request('POST', '/api/voice-notes', undefined, keyed(randomUUID()));
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fields)).toEqual(['Idempotency-Key']);
  });

  it('forgets keys older than 7 days and keeps younger ones', async () => {
    const [old, young] = [randomUUID(), randomUUID()];
    for (const key of [old, young]) {
      expect((await api.request('POST', '/api/carers', carer(), keyed(key))).status).toBe(201);
    }
    await api.pool.query(
      `UPDATE auth.idempotency_keys SET created_at = now() - interval '7 days 1 minute' WHERE user_id = $1 AND key = $2`,
      [api.admin.id, old],
    );
    await api.pool.query(
      `UPDATE auth.idempotency_keys SET created_at = now() - interval '6 days 23 hours' WHERE user_id = $1 AND key = $2`,
      [api.admin.id, young],
    );
    expect(await new IdempotencyKeys(api.pool).sweep()).toBeGreaterThanOrEqual(1);
    expect(await keyRow(api.admin.id, old)).toBeUndefined();
    expect(await keyRow(api.admin.id, young)).toEqual({ status: 201 });
  });
});
