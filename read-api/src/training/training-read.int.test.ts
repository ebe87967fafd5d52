import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  londonToday,
  REQUIRED_TRAINING_TYPES,
  type TrainingComplianceView,
  type TrainingView,
} from '@care/events';
import { createLogger, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { requester, startCommandApiOn, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { createReadModelDb, startProjector, type RunningProjector } from '@care/projector';
import { createReadApi, type ReadApi } from '../app';

/**
 * GET /api/training, /api/training/compliance and /api/training/:id across the real services on one database:
 * commands through the command API, the projector, then the read API. Dates are relative to today in London,
 * so every expectation holds on any day.
 */
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let command: RunningCommandApi;
let readApi: ReadApi;
let readUrl: string;
let projector: RunningProjector;
/** The furthest command position so far: every read waits for it (read your writes). */
let lastPosition = '';

const today = londonToday();

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'training_read');
  pool = createPool(database.url, { max: 10, log });
  command = await startCommandApiOn(database.url);
  projector = await startProjector({ store: command.store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  readApi = await createReadApi({ pool, db: createReadModelDb(pool), log });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  readUrl = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await readApi?.close();
  await projector?.stop();
  await command?.close();
  await pool?.end();
  await database?.drop();
});

async function send(method: string, path: string, body?: unknown, user: TestUser = command.admin) {
  const reply = await user.request(method, path, body);
  expect(reply.status, `${method} ${path}: ${reply.text}`).toBeLessThan(300);
  lastPosition = reply.body.position ?? lastPosition;
  return reply.body as { id: string; revision: string; position: string };
}

/** A GET on the read API, once the projection has every command sent so far. */
async function read<T>(path: string, cookie = command.admin.cookie) {
  const reply = await requester(readUrl, cookie)(
    'GET',
    path,
    undefined,
    lastPosition ? { 'x-min-position': lastPosition } : {},
  );
  return { status: reply.status, body: reply.body as T, headers: reply.headers };
}

async function createCarer(firstName: string, lastName: string, userId?: string): Promise<string> {
  const employeeId = `EMP-${randomUUID().slice(0, 8).toUpperCase()}`;
  return (
    await send('POST', '/api/carers', {
      firstName,
      lastName,
      email: 'carer@example.org',
      employeeId,
      startDate: '2024-01-08',
      userId,
    })
  ).id;
}

async function recordTraining(carerId: string, fields: Record<string, unknown> = {}): Promise<string> {
  return (
    await send('POST', '/api/training', {
      carerId,
      trainingType: 'first_aid',
      completedDate: addDays(today, -200),
      ...fields,
    })
  ).id;
}

const listOf = async (query: string) => {
  const reply = await read<TrainingView[]>(`/api/training${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};
const complianceOf = async (carerId: string, cookie?: string) =>
  (await read<TrainingComplianceView[]>('/api/training/compliance?limit=500', cookie)).body.find(
    (row) => row.carerId === carerId,
  );

describe('GET /api/training', () => {
  it('lists a record with every field and its carer, and GET /:id answers it with an ETag', async () => {
    const carerId = await createCarer('Priya', 'Shah');
    const carer = await read<{ employeeId: string }>(`/api/carers/${carerId}`);
    const id = await recordTraining(carerId, {
      trainingType: 'safeguarding',
      trainingProvider: 'Skills for Care',
      completedDate: '2025-01-10',
      expiryDate: '2028-01-10',
      certificateNumber: 'SG-0042',
      status: 'current',
      documentUrl: 'https://certs.example.org/sg-0042.pdf',
      notes: 'Level 2',
    });
    const expected: TrainingView = {
      id,
      carerId,
      carer: { id: carerId, employeeId: carer.body.employeeId, user: { firstName: 'Priya', lastName: 'Shah' } },
      trainingType: 'safeguarding',
      trainingProvider: 'Skills for Care',
      completedDate: '2025-01-10',
      expiryDate: '2028-01-10',
      certificateNumber: 'SG-0042',
      status: 'current',
      documentUrl: 'https://certs.example.org/sg-0042.pdf',
      notes: 'Level 2',
      revision: '0',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    };
    expect(await listOf(`?carerId=${carerId}`)).toEqual([expected]);

    const one = await read<TrainingView>(`/api/training/${id}`);
    expect([one.status, one.headers.get('etag'), one.body]).toEqual([200, '"0"', expected]);
  });

  it('shows updates, renewals and removals', async () => {
    const carerId = await createCarer('Tom', 'Rigby');
    const id = await recordTraining(carerId, {
      expiryDate: addDays(today, -5),
      status: 'expired',
      certificateNumber: 'OLD',
    });
    await send('PATCH', `/api/training/${id}`, { trainingProvider: 'British Red Cross', notes: 'Booked' });
    await send('POST', `/api/training/${id}/renewal`, {
      completedDate: today,
      expiryDate: addDays(today, 365),
      certificateNumber: 'NEW',
    });
    expect(await listOf(`?carerId=${carerId}`)).toEqual([
      expect.objectContaining({
        id,
        trainingProvider: 'British Red Cross',
        notes: 'Booked',
        completedDate: today,
        expiryDate: addDays(today, 365),
        certificateNumber: 'NEW',
        status: 'current',
        revision: '2',
      }),
    ]);
    await send('DELETE', `/api/training/${id}`);
    expect(await listOf(`?carerId=${carerId}`)).toEqual([]);
    expect((await read(`/api/training/${id}`)).status).toBe(404);
  });

  it('answers ?expiring=30 with the records expiring from today to 30 days ahead, soonest first', async () => {
    const carerId = await createCarer('Isla', 'Thompson');
    const inTen = await recordTraining(carerId, { trainingType: 'cpr', expiryDate: addDays(today, 10) });
    const onTheDay = await recordTraining(carerId, { trainingType: 'medication', expiryDate: today });
    const lastDay = await recordTraining(carerId, { trainingType: 'food_safety', expiryDate: addDays(today, 30) });
    await recordTraining(carerId, { trainingType: 'manual_handling', expiryDate: addDays(today, 31) });
    await recordTraining(carerId, { trainingType: 'infection_control', expiryDate: addDays(today, -5) });
    await recordTraining(carerId, { trainingType: 'dementia_care', expiryDate: null });

    const expiring = await listOf(`?carerId=${carerId}&expiring=30`);
    expect(expiring.map((record) => record.id)).toEqual([onTheDay, inTen, lastDay]);
    expect((await listOf(`?carerId=${carerId}&expiring=10`)).map((record) => record.id)).toEqual([onTheDay, inTen]);
    // The whole list: expired first, then by expiry, records without one last.
    expect((await listOf(`?carerId=${carerId}`)).map((record) => record.trainingType)).toEqual([
      'infection_control',
      'medication',
      'cpr',
      'food_safety',
      'manual_handling',
      'dementia_care',
    ]);
  });

  it('filters by status and searches name, employee ID, type, provider and certificate', async () => {
    const carerId = await createCarer('Zebedee', 'Quill');
    const pending = await recordTraining(carerId, {
      trainingType: 'mental_health',
      status: 'pending',
      trainingProvider: 'Mind UK',
    });
    const current = await recordTraining(carerId, { trainingType: 'other', certificateNumber: 'ZQ-CERT-9' });
    expect((await listOf(`?carerId=${carerId}&status=pending`)).map((record) => record.id)).toEqual([pending]);

    const ids = async (term: string) =>
      (await listOf(`?carerId=${carerId}&search=${encodeURIComponent(term)}`)).map((record) => record.id).sort();
    expect(await ids('zebedee q')).toEqual([pending, current].sort());
    expect(await ids('mental health')).toEqual([pending]);
    expect(await ids('mental_health')).toEqual([pending]);
    expect(await ids('mind')).toEqual([pending]);
    expect(await ids('zq-cert')).toEqual([current]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('zq_cert')).toEqual([]); // an unescaped _ would match the '-'
    const { employeeId } = (await read<{ employeeId: string }>(`/api/carers/${carerId}`)).body;
    expect(await ids(employeeId.toLowerCase())).toEqual([pending, current].sort());
  });

  it('leaves out the records of a removed carer', async () => {
    const carerId = await createCarer('Gone', 'Away');
    const id = await recordTraining(carerId);
    expect(await listOf(`?carerId=${carerId}`)).toHaveLength(1);
    await send('DELETE', `/api/carers/${carerId}`);
    expect(await listOf(`?carerId=${carerId}`)).toEqual([]);
    expect((await listOf('')).map((record) => record.id)).not.toContain(id);
  });

  it('refuses malformed filters with 400 naming the parameter', async () => {
    const expiring = 'Expiring must be a whole number of days from 1 to 365';
    for (const [query, fields] of [
      ['?expiring=0', { expiring }],
      ['?expiring=366', { expiring }],
      ['?expiring=1.5', { expiring }],
      ['?expiring=soon', { expiring }],
      ['?carerId=carer-1', { carerId: 'Carer ID must be a UUID' }],
      ['?status=valid', { status: 'Status must be current, expiring_soon, expired or pending' }],
      [`?search=${'x'.repeat(201)}`, { search: 'Search must be at most 200 characters' }],
    ] as const) {
      const reply = await read(`/api/training${query}`);
      expect([query, reply.status, reply.body]).toEqual([query, 400, { error: 'Validation failed', fields }]);
    }
    expect((await read('/api/training?carerId=&status=&expiring=')).status).toBe(200);
  });

  it('answers unknown and malformed ids with 404', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const reply = await read(`/api/training/${id}`);
      expect([reply.status, reply.body]).toEqual([404, { error: 'Training record not found' }]);
    }
  });
});

describe('GET /api/training/compliance', () => {
  it('counts required types with a current record not past its expiry, out of 8, and follows every change', async () => {
    const carerId = await createCarer('Grace', 'Roberts');
    const [cpr, firstAid, medication, safeguarding, manualHandling, foodSafety, infectionControl, dementiaCare] =
      REQUIRED_TRAINING_TYPES;
    const openEnded = [];
    for (const trainingType of [cpr, firstAid, medication, safeguarding, manualHandling, foodSafety]) {
      openEnded.push(await recordTraining(carerId, { trainingType, expiryDate: null }));
    }
    await recordTraining(carerId, { trainingType: infectionControl, expiryDate: today }); // valid through its expiry day: counts
    // Marked current, but its expiry passed yesterday. No event says so: the date alone takes it out.
    const lapsed = await recordTraining(carerId, {
      trainingType: dementiaCare,
      expiryDate: addDays(today, -1),
      status: 'current',
    });
    await recordTraining(carerId, { trainingType: dementiaCare, status: 'pending' });
    expect(await complianceOf(carerId)).toEqual({
      carerId,
      carerName: 'Grace Roberts',
      currentCount: 7,
      required: 8,
      compliancePercent: 88,
      rating: 'Good',
    });

    await send('POST', `/api/training/${lapsed}/renewal`, { completedDate: today, expiryDate: addDays(today, 365) });
    expect(await complianceOf(carerId)).toMatchObject({ currentCount: 8, compliancePercent: 100, rating: 'Excellent' });

    await send('PATCH', `/api/training/${openEnded[0]}`, { status: 'expired' });
    await send('DELETE', `/api/training/${openEnded[1]}`);
    expect(await complianceOf(carerId)).toMatchObject({ currentCount: 6, compliancePercent: 75, rating: 'Good' });

    // A record moved to another carer counts for the new one only.
    const other = await createCarer('Leo', 'Ahmed');
    await send('PATCH', `/api/training/${openEnded[2]}`, { carerId: other });
    expect(await complianceOf(carerId)).toMatchObject({
      currentCount: 5,
      compliancePercent: 63,
      rating: 'Needs Attention',
    });
    expect(await complianceOf(other)).toMatchObject({
      currentCount: 1,
      compliancePercent: 13,
      rating: 'Needs Attention',
    });
  });

  it('counts each required type once: nine current records of one type are 1 of 8, and "other" and mental health never count', async () => {
    const carerId = await createCarer('Nine', 'Times');
    for (let i = 0; i < 9; i += 1)
      await recordTraining(carerId, { trainingType: 'first_aid', expiryDate: i % 2 === 0 ? null : addDays(today, i) });
    await recordTraining(carerId, { trainingType: 'other', expiryDate: null });
    await recordTraining(carerId, { trainingType: 'mental_health', expiryDate: null });
    expect(await complianceOf(carerId)).toMatchObject({
      currentCount: 1,
      required: 8,
      compliancePercent: 13,
      rating: 'Needs Attention',
    });

    // A type with one lapsed and one valid record counts, once.
    await recordTraining(carerId, { trainingType: 'cpr', expiryDate: addDays(today, -10) });
    expect(await complianceOf(carerId)).toMatchObject({ currentCount: 1 });
    await recordTraining(carerId, { trainingType: 'cpr', expiryDate: addDays(today, 10) });
    expect(await complianceOf(carerId)).toMatchObject({ currentCount: 2, compliancePercent: 25 });
  });

  it('lists a carer without training at 0 and Needs Attention, and a removed carer not at all', async () => {
    const carerId = await createCarer('New', 'Starter');
    expect(await complianceOf(carerId)).toEqual({
      carerId,
      carerName: 'New Starter',
      currentCount: 0,
      required: 8,
      compliancePercent: 0,
      rating: 'Needs Attention',
    });
    await send('DELETE', `/api/carers/${carerId}`);
    expect(await complianceOf(carerId)).toBeUndefined();
  });

  it('pages by name: the pages put together are the whole list, the total in X-Total-Count, bad paging refused', async () => {
    for (const [first, last] of [
      ['Anna', 'Zeller'],
      ['Bea', 'Abbott'],
      ['Cal', 'Moss'],
    ])
      await createCarer(first!, last!);
    const whole = await read<TrainingComplianceView[]>('/api/training/compliance?limit=500');
    const names = whole.body.map((row) => row.carerName);
    expect(names.length).toBeGreaterThanOrEqual(5);
    // By last name, then first name.
    expect(names.indexOf('Bea Abbott')).toBeLessThan(names.indexOf('Cal Moss'));
    expect(names.indexOf('Cal Moss')).toBeLessThan(names.indexOf('Anna Zeller'));
    const paged: string[] = [];
    for (let offset = 0; offset < names.length; offset += 2) {
      const page = await read<TrainingComplianceView[]>(`/api/training/compliance?limit=2&offset=${offset}`);
      expect(page.headers.get('x-total-count')).toBe(String(names.length));
      expect(page.body.length).toBe(Math.min(2, names.length - offset));
      paged.push(...page.body.map((row) => row.carerName));
    }
    expect(paged).toEqual(names);
    const refused = await read('/api/training/compliance?limit=0&offset=-1');
    expect([refused.status, (refused.body as { fields: unknown }).fields]).toEqual([
      400,
      { limit: expect.stringContaining('Limit'), offset: expect.stringContaining('Offset') },
    ]);
  });
});

describe('access', () => {
  let carerUser: TestUser;
  let coordinator: TestUser;
  let ownCarerId: string;
  let ownRecord: string;
  let otherRecord: string;

  beforeAll(async () => {
    carerUser = await command.createUser('carer');
    coordinator = await command.createUser('coordinator');
    ownCarerId = await createCarer('Own', 'Records', carerUser.id);
    ownRecord = await recordTraining(ownCarerId);
    otherRecord = await recordTraining(await createCarer('Someone', 'Else'));
  });

  it('a carer reads only the training and compliance of their own carer record', async () => {
    const list = await read<TrainingView[]>('/api/training', carerUser.cookie);
    expect([list.status, list.body.map((record) => record.id)]).toEqual([200, [ownRecord]]);
    expect((await read(`/api/training/${ownRecord}`, carerUser.cookie)).status).toBe(200);
    expect((await read(`/api/training/${otherRecord}`, carerUser.cookie)).status).toBe(404);
    const compliance = await read<TrainingComplianceView[]>('/api/training/compliance', carerUser.cookie);
    expect(compliance.body.map((row) => row.carerId)).toEqual([ownCarerId]);
  });

  it('a coordinator reads every record', async () => {
    const list = await read<TrainingView[]>('/api/training', coordinator.cookie);
    expect(list.body.map((record) => record.id)).toEqual(expect.arrayContaining([ownRecord, otherRecord]));
  });

  it('without a session: 401', async () => {
    for (const path of ['/api/training', '/api/training/compliance', `/api/training/${ownRecord}`]) {
      expect((await requester(readUrl, undefined)('GET', path)).status).toBe(401);
    }
  });
});
