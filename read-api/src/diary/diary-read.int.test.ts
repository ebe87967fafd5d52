import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DiaryEntryVersionView, DiaryEntryView } from '@care/events';
import { createLogger, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import {
  requester,
  startCommandApiOn,
  type Requester,
  type RunningCommandApi,
  type TestUser,
} from '@care/command-api/testing';
import { createReadModelDb, replayInto, startProjector, type RunningProjector } from '@care/projector';
import { londonToday } from '@care/events';
import { VisitLog } from '../appointments/visit-fixtures';
import { createReadApi, type ReadApi } from '../app';

/** The diary across the real services on one database: command API, projector and read API. */
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let command: RunningCommandApi;
let projector: RunningProjector;
let readApi: ReadApi;
let readUrl: string;
let carer: TestUser;
let otherCarer: TestUser;
let coordinator: TestUser;
let ownCarerId: string;
let otherCarerRecordId: string;
let clientId: string;
/** The latest command position: every read waits for it (read your writes). */
let lastPosition = '';

async function send(request: Requester, method: string, path: string, body?: unknown, expected = 201) {
  const reply = await request(method, path, body);
  expect(reply.status, reply.text).toBe(expected);
  if (reply.body?.position) lastPosition = reply.body.position;
  return reply.body as { id: string; revision: string };
}

/** A GET on the read API as `user`, once the read model has the last write. */
async function read<T>(user: TestUser, path: string): Promise<{ status: number; body: T }> {
  const reply = await requester(readUrl, user.cookie)(
    'GET',
    path,
    undefined,
    lastPosition ? { 'x-min-position': lastPosition } : {},
  );
  return { status: reply.status, body: reply.body as T };
}
const list = async (user: TestUser, query = '') => (await read<DiaryEntryView[]>(user, `/api/diary${query}`)).body;
const titles = (entries: DiaryEntryView[]) => entries.map((entry) => entry.title);

const carerRecord = async (firstName: string, lastName: string, userId?: string) =>
  (
    await send(command.request, 'POST', '/api/carers', {
      firstName,
      lastName,
      email: `${firstName}@example.org`.toLowerCase(),
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      ...(userId && { userId }),
    })
  ).id;

const clientRecord = async (firstName: string, lastName: string) =>
  (
    await send(command.request, 'POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName,
      lastName,
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    })
  ).id;

const addEntry = async (user: TestUser, fields: Record<string, unknown>) =>
  (
    await send(user.request, 'POST', '/api/diary', {
      clientId,
      entryDate: '2025-03-04T09:15:00Z',
      content: 'Helped with breakfast.',
      ...fields,
    })
  ).id;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'diary_read');
  pool = createPool(database.url, { max: 10, log });
  command = await startCommandApiOn(database.url);
  projector = await startProjector({ store: command.store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  readApi = await createReadApi({ pool, db: createReadModelDb(pool), log });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  readUrl = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
  carer = await command.createUser('carer', { firstName: 'Nadia', lastName: 'Hussain' });
  otherCarer = await command.createUser('carer', { firstName: 'Tom', lastName: 'Rigby' });
  coordinator = await command.createUser('coordinator', { firstName: 'Cora', lastName: 'Ndiaye' });
  ownCarerId = await carerRecord('Nadia', 'Hussain', carer.id);
  otherCarerRecordId = await carerRecord('Tom', 'Rigby', otherCarer.id);
  clientId = await clientRecord('Edith', 'Green');
  // Tom visits Edith today: a carer reads the entries about the clients on their visits (carer-work.int.test.ts).
  const visits = new VisitLog(command.store, command.admin.id);
  await visits.visit({
    clientId,
    carerId: otherCarerRecordId,
    scheduledStart: `${londonToday()}T10:00:00Z`,
    durationMinutes: 60,
  });
  // Nadia visits her too: a carer writes only about the clients of their own visits (the command API checks).
  await visits.visit({
    clientId,
    carerId: ownCarerId,
    scheduledStart: `${londonToday()}T14:00:00Z`,
    durationMinutes: 60,
  });
  lastPosition = visits.lastPosition;
});

afterAll(async () => {
  await readApi?.close();
  await projector?.stop();
  await command?.close();
  await pool?.end();
  await database?.drop();
});

describe('GET /api/diary', () => {
  it('lists entries newest entry date first with nested client and carer names', async () => {
    const older = await addEntry(carer, {
      carerId: ownCarerId,
      title: 'Older visit',
      entryDate: '2025-01-10T08:00:00Z',
    });
    const newer = await addEntry(carer, {
      carerId: ownCarerId,
      title: 'Newer visit',
      entryDate: '2025-01-11T18:30:00+00:00',
      entryType: 'observation',
      priority: 'high',
      tags: ['mood'],
    });
    const entries = await list(command.admin);
    const ids = entries.map((entry) => entry.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(entries.find((entry) => entry.id === newer)).toEqual({
      id: newer,
      carerId: ownCarerId,
      clientId,
      appointmentId: null,
      entryDate: '2025-01-11T18:30:00.000Z',
      entryType: 'observation',
      title: 'Newer visit',
      content: 'Helped with breakfast.',
      priority: 'high',
      tags: ['mood'],
      isConfidential: false,
      reviewedBy: null,
      reviewedByName: null,
      reviewedAt: null,
      authorUserId: carer.id,
      amended: false,
      revision: '0',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      client: { firstName: 'Edith', lastName: 'Green' },
      carer: { user: { firstName: 'Nadia', lastName: 'Hussain' } },
    });
    const one = await read<DiaryEntryView>(command.admin, `/api/diary/${newer}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(entries.find((entry) => entry.id === newer));
  });

  it('searches title, content, client and carer names case-insensitively, and filters by client and carer', async () => {
    const otherClient = await clientRecord('Walter', 'Pemberton');
    await addEntry(command.admin, {
      carerId: otherCarerRecordId,
      clientId: otherClient,
      title: 'Garden walk',
      content: 'Fed the ROBINS.',
    });
    await addEntry(command.admin, { carerId: ownCarerId, title: 'Tea and biscuits' });
    expect(titles(await list(command.admin, '?search=garden'))).toEqual(['Garden walk']);
    expect(titles(await list(command.admin, '?search=robins'))).toEqual(['Garden walk']);
    expect(titles(await list(command.admin, '?search=walter%20pemb'))).toEqual(['Garden walk']);
    expect(titles(await list(command.admin, '?search=TOM%20RIGBY'))).toEqual(['Garden walk']);
    expect(titles(await list(command.admin, `?clientId=${otherClient}`))).toEqual(['Garden walk']);
    expect(titles(await list(command.admin, `?carerId=${otherCarerRecordId}`))).toEqual(['Garden walk']);
    expect(titles(await list(command.admin, '?search=edith&carerId=' + ownCarerId))).toContain('Tea and biscuits');
    expect(await list(command.admin, `?search=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it('validates its parameters and answers 404 for unknown or malformed ids', async () => {
    const tooLong = await read<{ fields: Record<string, string> }>(
      command.admin,
      `/api/diary?search=${'x'.repeat(201)}`,
    );
    expect(tooLong).toEqual({
      status: 400,
      body: { error: 'Validation failed', fields: { search: 'Search must be at most 200 characters' } },
    });
    const badId = await read<{ fields: Record<string, string> }>(command.admin, '/api/diary?clientId=CL-1&carerId=2');
    expect(badId.body.fields).toEqual({ clientId: 'Client ID must be a UUID', carerId: 'Carer ID must be a UUID' });
    for (const path of [
      `/api/diary/${randomUUID()}`,
      '/api/diary/nope',
      `/api/diary/${randomUUID()}/history`,
      '/api/diary/nope/history',
    ]) {
      expect(await read(command.admin, path)).toEqual({ status: 404, body: { error: 'Diary entry not found' } });
    }
  });
});

describe('confidential entries', () => {
  it('are shown to admins, coordinators and their author only, in the list, search, by id and history', async () => {
    const secret = await addEntry(carer, { carerId: ownCarerId, title: 'Safeguarding concern', isConfidential: true });
    const open = await addEntry(carer, { carerId: ownCarerId, title: 'Safeguarding training booked' });
    for (const user of [command.admin, coordinator, carer]) {
      expect((await list(user)).map((entry) => entry.id)).toContain(secret);
      expect(titles(await list(user, '?search=safeguarding'))).toEqual([
        'Safeguarding training booked',
        'Safeguarding concern',
      ]);
      expect((await read(user, `/api/diary/${secret}`)).status).toBe(200);
      expect((await read(user, `/api/diary/${secret}/history`)).status).toBe(200);
    }
    const ids = (await list(otherCarer)).map((entry) => entry.id);
    expect(ids).toContain(open);
    expect(ids).not.toContain(secret);
    expect(titles(await list(otherCarer, '?search=safeguarding'))).toEqual(['Safeguarding training booked']);
    expect(titles(await list(otherCarer, `?carerId=${ownCarerId}&search=concern`))).toEqual([]);
    expect(await read(otherCarer, `/api/diary/${secret}`)).toEqual({
      status: 404,
      body: { error: 'Diary entry not found' },
    });
    expect(await read(otherCarer, `/api/diary/${secret}/history`)).toEqual({
      status: 404,
      body: { error: 'Diary entry not found' },
    });
  });
});

describe('an entry made confidential by a later amendment', () => {
  it('leaves the list, the search, the entry and its history of other carers, the earlier open version included', async () => {
    const id = await addEntry(carer, { carerId: ownCarerId, title: 'Family visit', content: 'Daughter came by.' });
    expect((await list(otherCarer)).map((entry) => entry.id)).toContain(id);
    await send(
      carer.request,
      'PATCH',
      `/api/diary/${id}`,
      { isConfidential: true, content: 'Daughter raised a concern.', reason: 'Safeguarding' },
      200,
    );

    expect((await list(otherCarer)).map((entry) => entry.id)).not.toContain(id);
    expect(titles(await list(otherCarer, '?search=family'))).toEqual([]);
    expect(await read(otherCarer, `/api/diary/${id}`)).toEqual({
      status: 404,
      body: { error: 'Diary entry not found' },
    });
    expect(await read(otherCarer, `/api/diary/${id}/history`)).toEqual({
      status: 404,
      body: { error: 'Diary entry not found' },
    });
    // Its author and the office still read it, with both versions.
    for (const user of [carer, coordinator]) {
      expect((await read<DiaryEntryView>(user, `/api/diary/${id}`)).body).toMatchObject({
        isConfidential: true,
        amended: true,
      });
      expect((await read<DiaryEntryVersionView[]>(user, `/api/diary/${id}/history`)).body).toHaveLength(2);
    }
  });
});

describe('review, amendment and history', () => {
  it('shows the reviewer, marks an amended entry, and lists every version with who, when and what changed', async () => {
    const id = await addEntry(carer, { carerId: ownCarerId, title: 'Lunch', content: 'Ate soup.', tags: ['meals'] });
    await send(coordinator.request, 'POST', `/api/diary/${id}/review`, undefined, 200);
    await send(
      carer.request,
      'PATCH',
      `/api/diary/${id}`,
      { content: 'Ate most of the soup.', tags: ['meals', 'fluids'], reason: 'More detail' },
      200,
    );

    const entry = (await read<DiaryEntryView>(command.admin, `/api/diary/${id}`)).body;
    expect(entry).toMatchObject({
      content: 'Ate most of the soup.',
      tags: ['meals', 'fluids'],
      amended: true,
      revision: '2',
      reviewedBy: coordinator.id,
      reviewedByName: 'Cora Ndiaye',
      reviewedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const history = (await read<DiaryEntryVersionView[]>(command.admin, `/api/diary/${id}/history`)).body;
    expect(
      history.map(({ revision, action, userId, userName, reason }) => ({ revision, action, userId, userName, reason })),
    ).toEqual([
      { revision: '0', action: 'created', userId: carer.id, userName: 'Nadia Hussain', reason: null },
      { revision: '1', action: 'reviewed', userId: coordinator.id, userName: 'Cora Ndiaye', reason: null },
      { revision: '2', action: 'amended', userId: carer.id, userName: 'Nadia Hussain', reason: 'More detail' },
    ]);
    expect(history[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', from: null, to: 'Lunch' },
        { field: 'content', from: null, to: 'Ate soup.' },
        { field: 'tags', from: null, to: ['meals'] },
      ]),
    );
    expect(history[1]!.changes).toEqual([]);
    expect(history[2]!.changes).toEqual([
      { field: 'content', from: 'Ate soup.', to: 'Ate most of the soup.' },
      { field: 'tags', from: ['meals'], to: ['meals', 'fluids'] },
    ]);
    expect(history.every((version) => !Number.isNaN(Date.parse(version.occurredAt)))).toBe(true);
  });
});

describe('names of the carer and client', () => {
  it('follow renames, and stay on the record after the carer and client are removed, also after a rebuild', async () => {
    const carerId = await carerRecord('Grace', 'Roberts');
    const client = await clientRecord('Albert', 'Finch');
    const id = await addEntry(command.admin, { carerId, clientId: client, title: 'Named visit' });
    await send(command.request, 'PATCH', `/api/carers/${carerId}`, { lastName: 'Roberts-Hall' }, 200);
    await send(command.request, 'PATCH', `/api/clients/${client}`, { firstName: 'Bert' }, 200);
    const renamed = (await read<DiaryEntryView>(command.admin, `/api/diary/${id}`)).body;
    expect({ client: renamed.client, carer: renamed.carer }).toEqual({
      client: { firstName: 'Bert', lastName: 'Finch' },
      carer: { user: { firstName: 'Grace', lastName: 'Roberts-Hall' } },
    });
    expect(titles(await list(command.admin, '?search=roberts-hall'))).toEqual(['Named visit']);

    await send(command.request, 'DELETE', `/api/carers/${carerId}`, undefined, 200);
    await send(command.request, 'DELETE', `/api/clients/${client}`, undefined, 200);
    const kept = (await read<DiaryEntryView>(command.admin, `/api/diary/${id}`)).body;
    expect({ client: kept.client, carer: kept.carer }).toEqual({ client: renamed.client, carer: renamed.carer });

    // A rebuild replays the whole log in one batch, where the removals are projected with the entry.
    const db = createReadModelDb(pool);
    await replayInto(command.store, db, 'diary_replay');
    const replayed = await db
      .withSchema('diary_replay')
      .selectFrom('diary_entries')
      .select(['carer_first_name', 'carer_last_name', 'client_first_name', 'client_last_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(replayed).toEqual({
      carer_first_name: 'Grace',
      carer_last_name: 'Roberts-Hall',
      client_first_name: 'Bert',
      client_last_name: 'Finch',
    });
    await sql`drop schema diary_replay cascade`.execute(db);
  });
});
