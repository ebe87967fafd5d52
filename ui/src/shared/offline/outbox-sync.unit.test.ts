import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOutbox, listRecords, queueRecord, type NewOutboxRecord } from './outbox';
import { sendRecord, syncOutbox } from './outbox-sync';

const USER = 'carer-1';
const DEVICE = '6f1c1b8e-4a57-4a55-9d53-2b1c7f0a3e10';

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

/** A fake server: each request is logged, then answered by `reply` (a status, or a thrown network failure). */
function fakeServer(reply: (request: Sent, index: number) => number | 'network' | 'answered-then-lost') {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    const request: Sent = {
      method: String(init.method),
      path,
      headers: init.headers as Record<string, string>,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    };
    const answer = reply(request, sent.length);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    // The server took it, but the reply never reached the phone (the page closed, the signal dropped).
    sent.push(request);
    if (answer === 'answered-then-lost') throw new TypeError('Failed to fetch');
    const body = answer < 300 ? { id: 'x', revision: '1', position: null } : { error: 'This visit was cancelled' };
    return new Response(JSON.stringify(body), { status: answer, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

const record = (id: string, path: string, kind: NewOutboxRecord['kind'] = 'check-in'): NewOutboxRecord => ({
  id,
  userId: USER,
  method: 'POST',
  path,
  body: { source: 'Mobile', note: id },
  capturedAt: '2026-11-28T09:02:00.000Z',
  label: `Record ${id}`,
  kind,
});

beforeEach(async () => {
  await clearOutbox();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the outbox sync', () => {
  it('sends the waiting records in the order made, with the key, the phone time and the phone id, then deletes them', async () => {
    const sent = fakeServer(() => 201);
    await queueRecord(record('a', '/api/appointments/v1/check-in'));
    await queueRecord(record('b', '/api/medications/p1/administrations', 'dose'));
    await queueRecord(record('c', '/api/appointments/v1/check-out', 'check-out'));

    const result = await syncOutbox(USER, DEVICE);

    expect(result).toEqual({ sent: 3, refused: 0, stopped: false });
    expect(sent.map((request) => request.path)).toEqual([
      '/api/appointments/v1/check-in',
      '/api/medications/p1/administrations',
      '/api/appointments/v1/check-out',
    ]);
    expect(sent[0]?.headers).toMatchObject({
      'Idempotency-Key': 'a',
      'Captured-At': '2026-11-28T09:02:00.000Z',
      'Device-Id': DEVICE,
    });
    expect(sent[0]?.body).toEqual({ source: 'Mobile', note: 'a' });
    expect(await listRecords(USER)).toEqual([]);
  });

  it('stops at a network failure and keeps every record, in order, for the next try', async () => {
    fakeServer((_request, index) => (index === 0 ? 201 : 'network'));
    await queueRecord(record('a', '/api/appointments/v1/check-in'));
    await queueRecord(record('b', '/api/appointments/v1/check-out', 'check-out'));
    await queueRecord(record('c', '/api/diary', 'diary-note'));

    const result = await syncOutbox(USER, DEVICE);

    expect(result).toEqual({ sent: 1, refused: 0, stopped: true });
    expect((await listRecords(USER)).map((kept) => [kept.id, kept.state])).toEqual([
      ['b', 'waiting'],
      ['c', 'waiting'],
    ]);
  });

  it.each([401, 408, 429, 503])('stops at a %i and keeps the record waiting', async (status) => {
    const sent = fakeServer(() => status);
    await queueRecord(record('a', '/api/appointments/v1/check-in'));
    await queueRecord(record('b', '/api/diary', 'diary-note'));

    expect(await syncOutbox(USER, DEVICE)).toEqual({ sent: 0, refused: 0, stopped: true });
    expect(sent).toHaveLength(1);
    expect((await listRecords(USER)).map((kept) => kept.state)).toEqual(['waiting', 'waiting']);
  });

  it("stops at a 409 with Retry-After (the same key's first send still running) and keeps the record", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'A request with this Idempotency-Key is still in progress.' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await queueRecord(record('a', '/api/appointments/v1/check-in'));

    expect(await syncOutbox(USER, DEVICE)).toEqual({ sent: 0, refused: 0, stopped: true });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await listRecords(USER)).map((kept) => kept.state)).toEqual(['waiting']);
  });

  it('moves a refused record to "needs attention" with the reason, tells the office once, and goes on', async () => {
    const sent = fakeServer((request) => (request.path.endsWith('/check-out') ? 409 : 201));
    await queueRecord(record('a', '/api/appointments/v1/check-out', 'check-out'));
    await queueRecord(record('b', '/api/diary', 'diary-note'));

    expect(await syncOutbox(USER, DEVICE)).toEqual({ sent: 1, refused: 1, stopped: false });

    const reports = sent.filter((request) => request.path === '/api/offline-records/unapplied');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.headers['Idempotency-Key']).toBe('unapplied-a');
    expect(reports[0]?.body).toEqual({
      recordId: 'a',
      deviceId: DEVICE,
      capturedAt: '2026-11-28T09:02:00.000Z',
      method: 'POST',
      path: '/api/appointments/v1/check-out',
      label: 'Record a',
      body: { source: 'Mobile', note: 'a' },
      status: 409,
      reason: 'This visit was cancelled',
    });
    expect(sent.map((request) => request.path).at(-1)).toBe('/api/diary');
    const kept = await listRecords(USER);
    expect(kept).toMatchObject([
      { id: 'a', state: 'needs-attention', reason: 'This visit was cancelled', status: 409 },
    ]);

    // A later sync leaves it alone: the office is not told twice.
    await syncOutbox(USER, DEVICE);
    expect(sent.filter((request) => request.path === '/api/offline-records/unapplied')).toHaveLength(1);
  });

  it('resends a record whose reply was lost with the same key, and deletes it only once answered', async () => {
    let lose = true;
    const sent = fakeServer(() => {
      if (!lose) return 201;
      lose = false;
      return 'answered-then-lost';
    });
    await queueRecord(record('a', '/api/appointments/v1/check-in'));

    expect(await syncOutbox(USER, DEVICE)).toMatchObject({ sent: 0, stopped: true });
    expect(await listRecords(USER)).toHaveLength(1);

    expect(await syncOutbox(USER, DEVICE)).toMatchObject({ sent: 1, stopped: false });
    expect(sent.map((request) => request.headers['Idempotency-Key'])).toEqual(['a', 'a']);
    expect(await listRecords(USER)).toEqual([]);
  });

  it('runs one sync at a time: a second call while one runs shares it', async () => {
    const sent = fakeServer(() => 201);
    await queueRecord(record('a', '/api/appointments/v1/check-in'));

    const [first, second] = await Promise.all([syncOutbox(USER, DEVICE), syncOutbox(USER, DEVICE)]);

    expect(first).toBe(second);
    expect(sent).toHaveLength(1);
  });

  it("sends only the signed-in person's records", async () => {
    const sent = fakeServer(() => 201);
    await queueRecord({ ...record('other', '/api/diary', 'diary-note'), userId: 'carer-2' });

    expect(await syncOutbox(USER, DEVICE)).toEqual({ sent: 0, refused: 0, stopped: false });
    expect(sent).toEqual([]);
  });
});

describe('sending a record', () => {
  it('online with nothing waiting: sends it at once with its key only', async () => {
    const sent = fakeServer(() => 201);
    const result = await sendRecord({ ...record('a', '/api/appointments/v1/check-in') });
    expect(result.queued).toBe(false);
    expect(sent[0]?.headers['Idempotency-Key']).toBe('a');
    expect(sent[0]?.headers['Captured-At']).toBeUndefined();
    expect(await listRecords(USER)).toEqual([]);
  });

  it('queues it with the phone time when no reply comes', async () => {
    fakeServer(() => 'network');
    const result = await sendRecord(
      record('a', '/api/appointments/v1/check-in'),
      () => new Date('2026-11-28T09:05:00Z'),
    );
    expect(result.queued).toBe(true);
    expect(await listRecords(USER)).toMatchObject([
      { id: 'a', state: 'waiting', capturedAt: '2026-11-28T09:05:00.000Z' },
    ]);
  });

  it('queues it behind records still waiting, so the order made is the order sent', async () => {
    const sent = fakeServer(() => 201);
    await queueRecord(record('a', '/api/appointments/v1/check-in'));
    const result = await sendRecord(record('b', '/api/appointments/v1/check-out', 'check-out'));
    expect(result.queued).toBe(true);
    expect(sent).toEqual([]);
    expect((await listRecords(USER)).map((kept) => kept.id)).toEqual(['a', 'b']);
  });

  it('throws a refusal as the screen shows it today, keeping nothing', async () => {
    fakeServer(() => 400);
    await expect(sendRecord(record('a', '/api/diary', 'diary-note'))).rejects.toMatchObject({ status: 400 });
    expect(await listRecords(USER)).toEqual([]);
  });
});
