import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FeedbackView } from '@care/events';
import { createLogger, PostgresEventStore, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { startCommandApiOn, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { createReadModelDb, replayInto, startProjector, type RunningProjector } from '@care/projector';
import { createReadApi, type ReadApi } from '../app';

const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let store: PostgresEventStore;
let command: RunningCommandApi;
let readApi: ReadApi;
let url: string;
let projector: RunningProjector | undefined;
let carer: TestUser;
let coordinator: TestUser;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'feedback_read');
  pool = createPool(database.url, { max: 10, log });
  store = await PostgresEventStore.connect(pool);
  command = await startCommandApiOn(database.url);
  projector = await startProjector({ store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  readApi = await createReadApi({ pool, db: createReadModelDb(pool), log });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
  carer = await command.createUser('carer', { firstName: 'Grace', lastName: 'Roberts' });
  coordinator = await command.createUser('coordinator');
});

afterAll(async () => {
  await readApi?.close();
  await projector?.stop();
  await command?.close();
  await pool?.end();
  await database?.drop();
});

/** The position of the caller's last write: the read API answers once the projection has reached it. */
let lastPosition = '';

async function send(user: TestUser, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const reply = await user.request(method, path, body, headers);
  expect(reply.status, reply.text).toBeLessThan(300);
  lastPosition = reply.body.position ?? lastPosition;
  return reply.body as { id: string; revision: string; position: string };
}

async function get(path: string, user: TestUser = command.admin) {
  const response = await fetch(`${url}${path}`, { headers: { cookie: user.cookie, 'x-min-position': lastPosition } });
  return { status: response.status, body: (await response.json()) as unknown };
}

const list = async (query = '') => {
  const reply = await get(`/api/feedback${query}`);
  expect(reply.status).toBe(200);
  return reply.body as FeedbackView[];
};

describe('GET /api/feedback', () => {
  it('lists feedback newest first, with who sent it, from where, and its triage fields', async () => {
    const older = await send(carer, 'POST', '/api/feedback', {
      type: 'bug',
      category: 'medications',
      message: 'The list did not refresh.',
      page: '/medications',
    });
    const newer = await send(command.admin, 'POST', '/api/feedback', {
      type: 'positive',
      category: 'general',
      message: 'Good',
      rating: 5,
      page: '/',
    });

    const items = await list();
    expect(items.map((item) => item.id).slice(0, 2)).toEqual([newer.id, older.id]);
    const fromCarer = items.find((item) => item.id === older.id)!;
    expect(fromCarer).toEqual({
      id: older.id,
      userId: carer.id,
      user: { firstName: 'Grace', lastName: 'Roberts', email: carer.email, role: 'carer' },
      type: 'bug',
      category: 'medications',
      message: 'The list did not refresh.',
      rating: null,
      page: '/medications',
      status: 'open',
      adminNotes: null,
      revision: '0',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedAt: fromCarer.createdAt,
    });
    expect(items.find((item) => item.id === newer.id)).toMatchObject({
      rating: 5,
      user: { firstName: 'Ada', lastName: 'Admin', role: 'admin' },
    });
  });

  it('shows status and notes changes, and filters by status', async () => {
    const created = await send(carer, 'POST', '/api/feedback', {
      type: 'suggestion',
      category: 'diary',
      message: 'Filter by client.',
      page: '/diary',
    });
    await send(
      command.admin,
      'PATCH',
      `/api/feedback/${created.id}`,
      { status: 'planned', adminNotes: 'Next release.' },
      { 'if-match': '0' },
    );

    const item = (await list()).find((entry) => entry.id === created.id)!;
    expect(item).toMatchObject({ status: 'planned', adminNotes: 'Next release.', revision: '2' });
    expect(Date.parse(item.updatedAt)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));

    const planned = await list('?status=planned');
    expect(planned.map((entry) => entry.id)).toContain(created.id);
    expect(planned.every((entry) => entry.status === 'planned')).toBe(true);
    expect((await list('?status=open')).map((entry) => entry.id)).not.toContain(created.id);
    expect((await list('?status=')).map((entry) => entry.id)).toContain(created.id);

    await send(command.admin, 'PATCH', `/api/feedback/${created.id}`, { adminNotes: '' });
    expect((await list()).find((entry) => entry.id === created.id)).toMatchObject({ adminNotes: null, revision: '3' });
  });

  it("keeps the sender's name current when their profile changes", async () => {
    const created = await send(carer, 'POST', '/api/feedback', {
      type: 'general',
      category: 'navigation',
      message: 'Where is the rota?',
      page: '/',
    });
    await send(command.admin, 'PATCH', `/api/users/${carer.id}`, { lastName: 'Roberts-Hale' });
    expect((await list()).find((entry) => entry.id === created.id)!.user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Roberts-Hale',
    });
  });

  it('rebuilds the same list from the event log', async () => {
    await send(carer, 'POST', '/api/feedback', {
      type: 'improvement',
      category: 'performance',
      message: 'Faster please.',
      page: '/carers',
    });
    const live = await list();
    const db = createReadModelDb(pool);
    await replayInto(store, db, 'feedback_replay');
    const replayed = await db
      .withSchema('feedback_replay')
      .selectFrom('feedback')
      .select(['id', 'user_last_name', 'status', 'admin_notes', 'revision'])
      .execute();
    expect(
      new Map(replayed.map((row) => [row.id, [row.user_last_name, row.status, row.admin_notes, String(row.revision)]])),
    ).toEqual(
      new Map(
        live.map((item) => [item.id, [item.user?.lastName ?? null, item.status, item.adminNotes, item.revision]]),
      ),
    );
    await pool.query('drop schema feedback_replay cascade');
  });

  it('sorts the whole list on the server by date, sender or status, the same page by page', async () => {
    await send(coordinator, 'POST', '/api/feedback', {
      type: 'bug',
      category: 'general',
      message: 'Sorted by sender.',
      page: '/',
    });
    const all = await list('?limit=500');
    const ids = (rows: FeedbackView[]) => rows.map((entry) => entry.id);
    expect(ids(await list('?sort=date&direction=asc&limit=500'))).toEqual(ids(all).reverse());
    const bySender = (await list('?sort=from&limit=500')).map((entry) => entry.user?.lastName.toLowerCase() ?? null);
    expect(bySender).toEqual([...bySender].sort());
    const order = ['open', 'in_review', 'planned', 'resolved', 'closed'];
    const byStatus = (await list('?sort=status&direction=desc&limit=500')).map((entry) => order.indexOf(entry.status));
    expect(byStatus).toEqual([...byStatus].sort((a, b) => b - a));
    expect(new Set(byStatus).size).toBeGreaterThan(1);
    // Page by page (one row each), the same order as the whole list.
    const paged: string[] = [];
    for (let offset = 0; offset < all.length; offset += 1)
      paged.push(...ids(await list(`?sort=status&direction=desc&limit=1&offset=${offset}`)));
    expect(paged).toEqual(ids(await list('?sort=status&direction=desc&limit=500')));
    const refused = await get('/api/feedback?sort=rating');
    expect(refused).toEqual({
      status: 400,
      body: { error: 'Validation failed', fields: { sort: 'Sort must be one of: date, from, status' } },
    });
  });

  it('refuses an unknown status filter with 400', async () => {
    const reply = await get('/api/feedback?status=done');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: { status: 'Status must be one of: open, in_review, planned, resolved, closed' },
    });
  });

  it('is for administrators only: 403 for coordinators and carers, 401 without a session', async () => {
    for (const user of [coordinator, carer]) {
      const reply = await get('/api/feedback', user);
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ error: 'Forbidden' });
    }
    const anonymous = await fetch(`${url}/api/feedback`);
    expect(anonymous.status).toBe(401);
  });
});
