import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import type pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { comparePositions, positionFromToken, type CarerView } from '@care/events';
import { createLogger, PostgresEventStore, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { startCommandApiOn, type RunningCommandApi } from '@care/command-api/testing';
import { createReadModelDb, startProjector, type RunningProjector } from '@care/projector';
import { createReadApi, type ReadApi } from './app';

const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;
let command: RunningCommandApi;
const readApis: { api: ReadApi; url: string }[] = [];
let projector: RunningProjector | undefined;

const baseUrl = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const db = () => createReadModelDb(pool);

async function startReadApi(timeoutMs = 5000) {
  const api = await createReadApi({ pool, db: db(), log, readYourWritesTimeoutMs: timeoutMs });
  await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
  const entry = { api, url: baseUrl(api.server) };
  readApis.push(entry);
  return entry;
}

async function createCarer(fields: Record<string, unknown> = {}) {
  const reply = await command.request('POST', '/api/carers', {
    firstName: 'Nadia',
    lastName: 'Hussain',
    email: 'nadia@example.org',
    employeeId: `EMP-${Math.random().toString(36).slice(2, 10)}`,
    startDate: '2025-02-03',
    region: 'west',
    hourlyRate: '14.5',
    ...fields,
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body as { id: string; position: string; revision: string };
}

/** A GET as the signed-in administrator (the read API needs a session like every /api path). */
const getJson = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers: { cookie: command.admin.cookie, ...headers } });
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
};

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'read_api');
  pool = createPool(database.url, { max: 20, log });
  store = await PostgresEventStore.connect(pool);
  command = await startCommandApiOn(database.url);
  projector = await startProjector({ store, pool, db: db(), log });
  await projector.settled();
});

afterAll(async () => {
  for (const { api } of readApis) await api.close();
  await projector?.stop();
  await command?.close();
  await pool?.end();
  await database?.drop();
});

describe('GET /api/carers', () => {
  it('shows a new carer with its nested user as soon as the command reply position is reached', async () => {
    const { url } = await startReadApi();
    const created = await createCarer({
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'priya@example.org',
      qualifications: [' Care Certificate ', 'care certificate'],
    });
    const list = await getJson(`${url}/api/carers`, { 'x-min-position': created.position });
    expect(list.status).toBe(200);
    const carer = (list.body as CarerView[]).find((c) => c.id === created.id);
    expect(carer).toMatchObject({
      user: { firstName: 'Priya', lastName: 'Shah', email: 'priya@example.org', region: 'west' },
      hourlyRate: '14.50',
      maxClientsPerDay: 8,
      isActive: true,
      qualifications: ['Care Certificate'],
      startDate: '2025-02-03',
      revision: '0',
    });
    const one = await getJson(`${url}/api/carers/${created.id}`, { 'x-min-position': created.position });
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe('"0"');
    expect(one.body).toEqual(carer);
  });

  it('filters by name, employee ID or region with ?search=', async () => {
    const { url } = await startReadApi();
    const created = await createCarer({
      firstName: 'Zebedee',
      lastName: 'Quill',
      employeeId: 'ZQ-777',
      region: 'central',
    });
    const headers = { 'x-min-position': created.position };
    for (const term of ['zebedee q', 'zq-77']) {
      const found = (await getJson(`${url}/api/carers?search=${encodeURIComponent(term)}`, headers))
        .body as CarerView[];
      expect(found.map((c) => c.id)).toEqual([created.id]);
    }
    const central = (await getJson(`${url}/api/carers?search=central`, headers)).body as CarerView[];
    expect(central.every((c) => c.user.region === 'central')).toBe(true);
    expect(central.map((c) => c.id)).toContain(created.id);
    expect((await getJson(`${url}/api/carers?search=${encodeURIComponent('%')}`, headers)).body).toEqual([]);
  });

  it('answers 404 for unknown or malformed ids and 400 for a malformed position', async () => {
    const { url } = await startReadApi();
    expect((await getJson(`${url}/api/carers/0195a2b4-0000-7000-8000-000000000000`)).status).toBe(404);
    expect((await getJson(`${url}/api/carers/not-an-id`)).body).toEqual({ error: 'Carer not found' });
    const bad = await getJson(`${url}/api/carers`, { 'x-min-position': 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { minPosition: expect.any(String) } });
    expect((await getJson(`${url}/api/unknown`)).status).toBe(404);
  });

  it("waits for the projector rather than answer without the caller's own write, and says so if it cannot", async () => {
    const { url } = await startReadApi(400);
    await projector!.stop();
    projector = undefined;
    const created = await createCarer({ lastName: 'Waiting' });
    const early = await getJson(`${url}/api/carers`, { 'x-min-position': created.position });
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('1');
    projector = await startProjector({ store, pool, db: db(), log });
    await projector.settled();
    const late = await getJson(`${url}/api/carers`, { 'x-min-position': created.position });
    expect(late.status).toBe(200);
    expect((late.body as CarerView[]).map((c) => c.id)).toContain(created.id);
  });
});

describe('live push over socket.io', () => {
  function listen(url: string, cookie = command.admin.cookie) {
    const socket: Socket = connectSocket(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { cookie },
    });
    const counts: number[] = [];
    const changes: string[] = [];
    socket.on('carers:activeCount', ({ count }: { count: number }) => counts.push(count));
    socket.on('carers:changed', ({ position }: { position: string }) => changes.push(position));
    return { socket, counts, changes };
  }

  it('sends every connected browser, on every read-api instance, the change and the new active count', async () => {
    const first = listen((await startReadApi()).url);
    const second = listen((await startReadApi()).url);
    await expect.poll(() => first.counts.length > 0 && second.counts.length > 0, { timeout: 5000 }).toBe(true);
    const before = first.counts.at(-1)!;

    const created = await createCarer({ lastName: 'Pushed' });
    const reached = (changes: string[]) =>
      changes.some((token) => comparePositions(positionFromToken(token)!, positionFromToken(created.position)!) >= 0);
    await expect.poll(() => reached(first.changes) && reached(second.changes), { timeout: 5000 }).toBe(true);
    await expect
      .poll(() => [first.counts.at(-1), second.counts.at(-1)], { timeout: 5000 })
      .toEqual([before + 1, before + 1]);

    const deactivated = await command.request('PATCH', `/api/carers/${created.id}`, { isActive: false });
    expect(deactivated.status).toBe(200);
    await expect.poll(() => first.counts.at(-1), { timeout: 5000 }).toBe(before);

    first.socket.close();
    second.socket.close();
  });
});
