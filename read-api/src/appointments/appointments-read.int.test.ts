import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  comparePositions,
  londonTimeToInstant,
  londonToday,
  positionFromToken,
  type AppointmentDayFigures,
  type AppointmentSummaryView,
  type AppointmentVersionView,
  type AppointmentView,
  type ShiftView,
} from '@care/events';
import { createLogger, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { requester, startCommandApiOn, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { createReadModelDb, replayInto, startProjector, type RunningProjector } from '@care/projector';
import { createReadApi, type ReadApi } from '../app';
import { cancelled, checkedIn, checkedOut, missed, runningLate, VisitLog } from './visit-fixtures';

/** GET /api/appointments and /api/shifts across the real services on one database: event store, projector, read API. */
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let command: RunningCommandApi;
let projector: RunningProjector;
let readApi: ReadApi;
let readUrl: string;
let visits: VisitLog;
let carerUser: TestUser;
let coordinator: TestUser;
let nadia: string;
let tom: string;
let edith: string;
let walter: string;
let commandPosition = '';

/** Winter (GMT) and summer (BST) days far from today, so the today and default-window tests stay apart. */
const WINTER = '2026-01-14';
const SUMMER = '2026-07-14';
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
const ids: Record<string, string> = {};

async function send(method: string, path: string, body?: unknown, expected = 201) {
  const reply = await command.request(method, path, body);
  expect(reply.status, reply.text).toBe(expected);
  commandPosition = reply.body?.position ?? commandPosition;
  return reply.body as { id: string };
}

/** The later of the last command reply and the last direct append: a read waits until the projection has it. */
function latestPosition(): string {
  const positions = [visits.lastPosition, commandPosition].filter((token) => token !== '');
  return positions.reduce((later, token) =>
    comparePositions(positionFromToken(token)!, positionFromToken(later)!) > 0 ? token : later,
  );
}

async function read<T>(user: TestUser, path: string) {
  const reply = await requester(readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': latestPosition() });
  return { status: reply.status, body: reply.body as T, headers: reply.headers, text: reply.text };
}

const list = async (query: string, user: TestUser = command.admin) => {
  const reply = await read<AppointmentView[]>(user, `/api/appointments${query}`);
  expect(reply.status, reply.text).toBe(200);
  return reply;
};
const idsOf = (views: AppointmentView[]) => views.map((view) => view.id);

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'appointments_read');
  pool = createPool(database.url, { max: 10, log });
  command = await startCommandApiOn(database.url);
  projector = await startProjector({ store: command.store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  readApi = await createReadApi({ pool, db: createReadModelDb(pool), log });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  readUrl = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
  visits = new VisitLog(command.store, command.admin.id);
  carerUser = await command.createUser('carer', { firstName: 'Nadia', lastName: 'Hussain' });
  coordinator = await command.createUser('coordinator');
  const carer = (firstName: string, lastName: string, userId?: string) =>
    send('POST', '/api/carers', {
      firstName,
      lastName,
      email: `${firstName}.${randomUUID().slice(0, 6)}@example.org`.toLowerCase(),
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      ...(userId && { userId }),
    });
  const client = (firstName: string, lastName: string, address: string) =>
    send('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName,
      lastName,
      dateOfBirth: '1938-05-14',
      address,
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    });
  nadia = (await carer('Nadia', 'Hussain', carerUser.id)).id;
  tom = (await carer('Tom', 'Rigby')).id;
  edith = (await client('Edith', 'Green', '4 Mill Lane, Leeds')).id;
  walter = (await client('Walter', 'Pemberton', '9 Beck Road, Otley')).id;

  // Winter day: completed late, scheduled, cancelled unassigned, missed.
  ids.completed = await visits.visit(
    {
      clientId: edith,
      carerId: nadia,
      scheduledStart: `${WINTER}T09:00:00Z`,
      durationMinutes: 60,
      tasks: ['Breakfast', 'Medication'],
      notes: 'Key safe 1234',
    },
    checkedIn(nadia, `${WINTER}T09:20:00Z`, { lateArrival: true, lateReason: 'Traffic on the A65' }),
    checkedOut(`${WINTER}T10:15:00Z`, {
      tasksCompleted: ['Breakfast'],
      medicationGiven: true,
      notes: 'Ate well',
      signature: SIGNATURE,
    }),
  );
  ids.scheduled = await visits.visit({
    clientId: walter,
    carerId: tom,
    scheduledStart: `${WINTER}T09:30:00Z`,
    durationMinutes: 30,
  });
  ids.cancelled = await visits.visit(
    { clientId: edith, carerId: null, scheduledStart: `${WINTER}T14:00:00Z`, durationMinutes: 45 },
    cancelled('Client in hospital'),
  );
  ids.missed = await visits.visit(
    { clientId: walter, carerId: nadia, scheduledStart: `${WINTER}T16:00:00Z`, durationMinutes: 45 },
    runningLate(`${WINTER}T16:16:00Z`),
    missed(`${WINTER}T16:46:00Z`),
  );
  // Summer day (British Summer Time): in progress, checked in early.
  ids.summer = await visits.visit(
    { clientId: edith, carerId: tom, scheduledStart: `${SUMMER}T09:00:00Z`, durationMinutes: 30 },
    checkedIn(tom, `${SUMMER}T08:40:00Z`),
  );
});

afterAll(async () => {
  await readApi?.close();
  await projector?.stop();
  await command?.close();
  await pool?.end();
  await database?.drop();
});

describe('GET /api/appointments', () => {
  it('lists one London day in start order with nested names, London times and the visit record', async () => {
    const { body, headers } = await list(`?date=${WINTER}`);
    expect(idsOf(body)).toEqual([ids.completed, ids.scheduled, ids.cancelled, ids.missed]);
    expect(headers.get('x-total-count')).toBe('4');
    expect(body[0]).toEqual({
      id: ids.completed,
      clientId: edith,
      carerId: nadia,
      status: 'completed',
      scheduledDate: `${WINTER}T09:00:00.000Z`,
      scheduledEnd: `${WINTER}T10:00:00.000Z`,
      scheduledDuration: 60,
      date: WINTER,
      startTime: '09:00',
      endTime: '10:00',
      visitType: 'personal_care',
      appointmentType: 'personal_care',
      priority: 'normal',
      tasks: ['Breakfast', 'Medication'],
      notes: 'Key safe 1234',
      seriesId: null,
      runningLate: false,
      outsideShift: true,
      actualStartTime: `${WINTER}T09:20:00.000Z`,
      actualEndTime: `${WINTER}T10:15:00.000Z`,
      checkInLocation: { latitude: 53.8, longitude: -1.55, accuracy: 12, address: '4 Mill Lane, Leeds' },
      checkOutLocation: null,
      checkInSource: 'Mobile',
      manualInputReason: null,
      lateArrival: true,
      lateReason: 'Traffic on the A65',
      punctuality: 'Late',
      checkInEnteredByHand: null,
      checkOutEnteredByHand: null,
      checkInOffline: null,
      checkOutOffline: null,
      tasksCompleted: ['Breakfast'],
      totalTasks: 2,
      medicationGiven: true,
      clientMood: 'content',
      healthObservations: null,
      visitNotes: 'Ate well',
      noteSharedWithFamily: false,
      signedOff: true,
      travelTime: 12,
      mileage: 3.4,
      expenses: 450,
      documentsUploaded: 0,
      carerAppLastOnline: null,
      cancellationReason: null,
      amended: false,
      revision: '2',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      client: { firstName: 'Edith', lastName: 'Green', address: '4 Mill Lane, Leeds' },
      carer: { user: { firstName: 'Nadia', lastName: 'Hussain' } },
      travelFromPrevious: null,
      tightGap: false,
    });
    expect(body[0]).not.toHaveProperty('signature');
    expect(body.map((view) => [view.status, view.runningLate])).toEqual([
      ['completed', false],
      ['scheduled', false],
      ['cancelled', false],
      ['missed', false],
    ]);
    expect(body[2]).toMatchObject({ carer: null, cancellationReason: 'Client in hospital', outsideShift: false });

    const one = await read<AppointmentView>(command.admin, `/api/appointments/${ids.completed}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe('"2"');
    expect(one.body).toEqual({ ...body[0], signature: SIGNATURE });
  });

  it('shows London wall-clock times in summer time and filters a date range', async () => {
    const { body, headers } = await list(`?from=${WINTER}&to=${SUMMER}`);
    expect(idsOf(body)).toEqual([ids.completed, ids.scheduled, ids.cancelled, ids.missed, ids.summer]);
    expect(headers.get('x-total-count')).toBe('5');
    expect(body.at(-1)).toMatchObject({ date: SUMMER, startTime: '10:00', endTime: '10:30', status: 'in_progress' });
    expect(idsOf((await list(`?from=${addDays(WINTER, 1)}&to=${SUMMER}`)).body)).toEqual([ids.summer]);
  });

  it('filters by status, carer, client, unassigned and a search on client or carer name', async () => {
    const range = `from=${WINTER}&to=${SUMMER}`;
    expect(idsOf((await list(`?${range}&status=completed`)).body)).toEqual([ids.completed]);
    expect(idsOf((await list(`?${range}&carerId=${tom}`)).body)).toEqual([ids.scheduled, ids.summer]);
    expect(idsOf((await list(`?${range}&clientId=${walter}`)).body)).toEqual([ids.scheduled, ids.missed]);
    expect(idsOf((await list(`?${range}&unassigned=true`)).body)).toEqual([ids.cancelled]);
    expect(idsOf((await list(`?${range}&search=PEMBER`)).body)).toEqual([ids.scheduled, ids.missed]);
    expect(idsOf((await list(`?${range}&search=${encodeURIComponent('nadia huss')}`)).body)).toEqual([
      ids.completed,
      ids.missed,
    ]);
    expect((await list(`?${range}&search=%25`)).body).toEqual([]);
  });

  it('pages with limit and offset and counts every match in X-Total-Count', async () => {
    const page = await list(`?date=${WINTER}&limit=2&offset=1`);
    expect(idsOf(page.body)).toEqual([ids.scheduled, ids.cancelled]);
    expect(page.headers.get('x-total-count')).toBe('4');
  });

  it('pages a day of more than 500 visits: the first page says how many there are, and the next pages hold the rest', async () => {
    const BUSY = '2025-06-03';
    const created: string[] = [];
    for (let index = 0; index < 620; index += 1) {
      const start = new Date(Date.parse(`${BUSY}T06:00:00Z`) + (index % 720) * 60_000).toISOString();
      created.push(await visits.visit({ clientId: edith, carerId: null, scheduledStart: start, durationMinutes: 30 }));
    }
    const first = await list(`?date=${BUSY}`);
    expect(first.body).toHaveLength(500);
    expect(first.headers.get('x-total-count')).toBe('620');
    const rest = await list(`?date=${BUSY}&offset=500`);
    expect(rest.body).toHaveLength(120);
    expect(rest.headers.get('x-total-count')).toBe('620');
    const paged = [...idsOf(first.body), ...idsOf(rest.body)];
    expect(new Set(paged)).toEqual(new Set(created));
    // The pages follow one order (start, then id), so together they are the whole day once.
    expect(paged).toEqual(idsOf((await list(`?date=${BUSY}&limit=1000`)).body));
  });

  it('shows a carer only the visits of their own carer record', async () => {
    const own = await list(`?from=${WINTER}&to=${SUMMER}`, carerUser);
    expect(idsOf(own.body)).toEqual([ids.completed, ids.missed]);
    expect(own.headers.get('x-total-count')).toBe('2');
    expect((await read(carerUser, `/api/appointments/${ids.scheduled}`)).status).toBe(404);
    expect((await read(carerUser, `/api/appointments/${ids.scheduled}/history`)).status).toBe(404);
    expect((await read(carerUser, `/api/appointments/${ids.completed}`)).status).toBe(200);
    expect((await read<AppointmentSummaryView>(carerUser, `/api/appointments/summary?date=${WINTER}`)).body.total).toBe(
      2,
    );
    expect(idsOf((await list(`?from=${WINTER}&to=${SUMMER}`, coordinator)).body)).toHaveLength(5);
  });

  it('answers today, today/count and a month either side of today by default', async () => {
    const today = londonToday();
    const morning = await visits.visit({
      clientId: edith,
      carerId: nadia,
      scheduledStart: `${today}T12:00:00Z`,
      durationMinutes: 30,
    });
    const dropped = await visits.visit(
      { clientId: walter, carerId: tom, scheduledStart: `${today}T13:00:00Z`, durationMinutes: 30 },
      cancelled('Not needed'),
    );
    const later = await visits.visit({
      clientId: walter,
      carerId: tom,
      scheduledStart: `${addDays(today, 20)}T12:00:00Z`,
      durationMinutes: 30,
    });
    const farAway = await visits.visit({
      clientId: walter,
      carerId: tom,
      scheduledStart: `${addDays(today, 40)}T12:00:00Z`,
      durationMinutes: 30,
    });
    expect(idsOf((await list('?today=true')).body)).toEqual([morning, dropped]);
    expect((await read(command.admin, '/api/appointments/today/count')).body).toEqual({ count: 1 });
    expect((await read(carerUser, '/api/appointments/today/count')).body).toEqual({ count: 1 });
    const window = idsOf((await list('')).body);
    expect(window).toEqual([morning, dropped, later]);
    expect(window).not.toContain(farAway);
  });

  it("adds with underway=true the day before's visits still running after midnight, for Check In", async () => {
    const today = londonToday();
    const yesterday = addDays(today, -1);
    // A bedtime call from 23:30 to 00:30, one still checked in from the afternoon, and a morning visit long over.
    const bedtime = await visits.visit({
      clientId: edith,
      carerId: nadia,
      scheduledStart: londonTimeToInstant(yesterday, '23:30'),
      durationMinutes: 60,
    });
    const stillIn = await visits.visit(
      {
        clientId: walter,
        carerId: nadia,
        scheduledStart: londonTimeToInstant(yesterday, '15:00'),
        durationMinutes: 30,
      },
      checkedIn(nadia, londonTimeToInstant(yesterday, '15:05')),
    );
    const over = await visits.visit({
      clientId: walter,
      carerId: nadia,
      scheduledStart: londonTimeToInstant(yesterday, '10:00'),
      durationMinutes: 60,
    });
    const todays = idsOf((await list('?today=true')).body);
    expect(todays).not.toContain(bedtime);
    const underway = idsOf((await list('?today=true&underway=true', carerUser)).body);
    expect(underway).toEqual(expect.arrayContaining([bedtime, stillIn]));
    expect(underway).not.toContain(over);
    // The rest of today's list is unchanged by it.
    expect(underway.filter((id) => id !== bedtime && id !== stillIn)).toEqual(
      idsOf((await list('?today=true', carerUser)).body),
    );
  });

  it('refuses bad query parameters with the field and a reason', async () => {
    const bad = async (query: string, field: string) => {
      const reply = await read<{ error: string; fields: Record<string, string> }>(
        command.admin,
        `/api/appointments${query}`,
      );
      expect(reply.status, query).toBe(400);
      expect(reply.body.error).toBe('Validation failed');
      expect(Object.keys(reply.body.fields), query).toContain(field);
    };
    await bad('?date=2026-13-01', 'date');
    await bad('?from=2026-01-01', 'to');
    await bad('?from=2026-02-01&to=2026-01-01', 'to');
    await bad(`?date=${WINTER}&from=${WINTER}&to=${WINTER}`, 'date');
    await bad('?today=yes', 'today');
    await bad('?limit=0', 'limit');
    await bad('?limit=1001', 'limit');
    await bad('?offset=-1', 'offset');
    await bad('?status=lost', 'status');
    await bad('?carerId=abc', 'carerId');
    await bad(`?search=${'x'.repeat(201)}`, 'search');
    await bad('/analytics?from=2026-01-01&to=2027-06-01', 'to');
    await bad('/analytics', 'from');
    expect((await read(command.admin, '/api/appointments/not-a-uuid')).status).toBe(404);
    const unknown = await read<{ error: string }>(command.admin, `/api/appointments/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Appointment not found');
    expect((await read(command.admin, `/api/appointments/${randomUUID()}/history`)).status).toBe(404);
  });
});

describe('figures', () => {
  it('summarises a day: statuses, hours, active carers, completion and punctuality rates', async () => {
    const { body } = await read<AppointmentSummaryView>(command.admin, `/api/appointments/summary?date=${WINTER}`);
    expect(body).toEqual({
      total: 4,
      scheduled: 1,
      inProgress: 0,
      completed: 1,
      missed: 1,
      cancelled: 1,
      noShow: 0,
      unassigned: 0,
      lateArrivals: 1,
      activeCarers: 2,
      // 60 + 30 + 45 minutes; the cancelled visit is not work.
      totalHours: 2.3,
      // 1 completed of the 3 not cancelled.
      completionRate: 33.3,
      // The one check-in was 20 minutes late.
      punctualityRate: 0,
    });
    const summer = await read<AppointmentSummaryView>(command.admin, `/api/appointments/summary?date=${SUMMER}`);
    // Checked in 20 minutes early: Early, not On Time, by the one punctuality rule Care Monitoring shows too.
    expect(summer.body).toMatchObject({ total: 1, inProgress: 1, completionRate: 0, punctualityRate: 0 });
    const empty = await read<AppointmentSummaryView>(command.admin, '/api/appointments/summary?date=2025-12-25');
    expect(empty.body).toMatchObject({ total: 0, totalHours: 0, completionRate: null, punctualityRate: null });
  });

  it('summarises only the visits the list’s filters select: carer, client, status, care type and search', async () => {
    const summary = async (query: string) =>
      (await read<AppointmentSummaryView>(command.admin, `/api/appointments/summary?date=${WINTER}${query}`)).body;
    expect(await summary(`&carerId=${nadia}`)).toMatchObject({ total: 2, completed: 1, missed: 1, activeCarers: 1 });
    expect(await summary(`&clientId=${walter}`)).toMatchObject({ total: 2, scheduled: 1, missed: 1 });
    expect(await summary('&status=missed')).toMatchObject({ total: 1, missed: 1, completed: 0 });
    expect(await summary('&careType=personal_care')).toMatchObject({ total: 4 });
    expect(await summary('&careType=domestic')).toMatchObject({ total: 0, completionRate: null });
    expect(await summary('&search=pember')).toMatchObject({ total: 2 });
    const bad = await read<{ fields: Record<string, string> }>(
      command.admin,
      '/api/appointments/summary?careType=gardening',
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['careType']);
  });

  it('gives one analytics row per day of the range, days without visits included', async () => {
    const { body } = await read<AppointmentDayFigures[]>(
      command.admin,
      `/api/appointments/analytics?from=${addDays(WINTER, -1)}&to=${addDays(WINTER, 1)}`,
    );
    expect(body).toEqual([
      { date: addDays(WINTER, -1), total: 0, completed: 0, missed: 0, cancelled: 0, lateArrivals: 0 },
      { date: WINTER, total: 4, completed: 1, missed: 1, cancelled: 1, lateArrivals: 1 },
      { date: addDays(WINTER, 1), total: 0, completed: 0, missed: 0, cancelled: 0, lateArrivals: 0 },
    ]);
  });
});

describe('shifts and the outside-shift flag', () => {
  it('flags a visit that no confirmed or pending shift of its carer covers, and lists shifts with their visits', async () => {
    const morning = await visits.shift({
      carerId: nadia,
      startTime: `${WINTER}T08:00:00Z`,
      endTime: `${WINTER}T12:00:00Z`,
    });
    // A cancelled shift over the missed visit does not cover it.
    await visits.shift(
      { carerId: nadia, startTime: `${WINTER}T15:00:00Z`, endTime: `${WINTER}T18:00:00Z`, status: 'pending' },
      true,
    );
    const day = (await list(`?date=${WINTER}`)).body;
    expect(day.map((view) => [view.id, view.outsideShift])).toEqual([
      [ids.completed, false],
      [ids.scheduled, true],
      [ids.cancelled, false],
      [ids.missed, true],
    ]);

    const shifts = await read<ShiftView[]>(command.admin, `/api/shifts?from=${WINTER}&to=${WINTER}`);
    expect(shifts.status).toBe(200);
    expect(shifts.body.map((shift) => [shift.status, shift.visitCount])).toEqual([
      ['confirmed', 1],
      ['cancelled', 1],
    ]);
    expect(shifts.body[0]).toEqual({
      id: morning,
      carerId: nadia,
      carerName: 'Nadia Hussain',
      shiftType: 'morning',
      startTime: `${WINTER}T08:00:00.000Z`,
      endTime: `${WINTER}T12:00:00.000Z`,
      breakMinutes: 30,
      location: 'Leeds North',
      status: 'confirmed',
      notes: null,
      cancellationReason: null,
      date: WINTER,
      startClock: '08:00',
      endClock: '12:00',
      visitCount: 1,
      revision: '0',
    });
    expect(shifts.body[1]?.cancellationReason).toBe('Sickness');
    expect(
      (await read<ShiftView[]>(command.admin, `/api/shifts?from=${WINTER}&to=${WINTER}&carerId=${tom}`)).body,
    ).toEqual([]);
    expect((await read<ShiftView[]>(carerUser, `/api/shifts?from=${WINTER}&to=${WINTER}`)).body).toHaveLength(2);
    expect((await read(command.admin, '/api/shifts?from=2026-02-01&to=2026-01-01')).status).toBe(400);
  });
});

describe('the visit record over time', () => {
  it('keeps every event in the history without the signature image, and shows an amendment', async () => {
    await visits.then(ids.completed!, (id) => ({
      type: 'VisitAmended',
      data: {
        id,
        changes: { checkedInAt: `${WINTER}T09:10:00Z`, lateReason: null },
        reason: 'Carer phone clock was wrong',
      },
    }));
    const amended = (await read<AppointmentView>(command.admin, `/api/appointments/${ids.completed}`)).body;
    expect(amended).toMatchObject({
      actualStartTime: `${WINTER}T09:10:00.000Z`,
      lateArrival: false,
      lateReason: null,
      amended: true,
      revision: '3',
    });

    const history = await read<AppointmentVersionView[]>(command.admin, `/api/appointments/${ids.completed}/history`);
    expect(history.body.map((version) => [version.revision, version.action, version.userName])).toEqual([
      ['0', 'AppointmentScheduled', 'Ada Admin'],
      ['1', 'VisitCheckedIn', 'Ada Admin'],
      ['2', 'VisitCheckedOut', 'Ada Admin'],
      ['3', 'VisitAmended', 'Ada Admin'],
    ]);
    expect(history.body[2]?.data).toMatchObject({ checkedOutAt: `${WINTER}T10:15:00Z`, signatureCaptured: true });
    expect(history.text).not.toContain('base64');
    expect(history.body[3]?.data).toMatchObject({
      reason: 'Carer phone clock was wrong',
      changes: { checkedInAt: `${WINTER}T09:10:00Z` },
    });
  });

  it('counts the diary entries recorded against a visit', async () => {
    await send('POST', '/api/diary', {
      carerId: nadia,
      clientId: edith,
      appointmentId: ids.missed,
      entryDate: `${WINTER}T17:00:00Z`,
      title: 'No answer',
      content: 'Door locked.',
    });
    const view = (await read<AppointmentView>(command.admin, `/api/appointments/${ids.missed}`)).body;
    expect(view.documentsUploaded).toBe(1);
  });

  it('keeps names after renames and removals, also after a rebuild', async () => {
    await send('PATCH', `/api/carers/${tom}`, { lastName: 'Rigby-Shaw' }, 200);
    await send('PATCH', `/api/clients/${walter}`, { address: '11 Beck Road, Otley' }, 200);
    await send('DELETE', `/api/carers/${tom}`, undefined, 200);
    await send('DELETE', `/api/clients/${walter}`, undefined, 200);
    const view = (await read<AppointmentView>(command.admin, `/api/appointments/${ids.scheduled}`)).body;
    expect({ client: view.client, carer: view.carer }).toEqual({
      client: { firstName: 'Walter', lastName: 'Pemberton', address: '11 Beck Road, Otley' },
      carer: { user: { firstName: 'Tom', lastName: 'Rigby-Shaw' } },
    });
    expect(idsOf((await list(`?date=${WINTER}&search=rigby-shaw`)).body)).toEqual([ids.scheduled]);

    const db = createReadModelDb(pool);
    await replayInto(command.store, db, 'appointments_replay');
    const replayed = await db
      .withSchema('appointments_replay')
      .selectFrom('appointments as a')
      .innerJoin('appointment_carer_names as ca', 'ca.id', 'a.carer_id')
      .innerJoin('appointment_client_names as cl', 'cl.id', 'a.client_id')
      .select(['a.status', 'ca.last_name as carer', 'cl.address', 'a.amended'])
      .where('a.id', 'in', [ids.scheduled!, ids.completed!])
      .orderBy('a.scheduled_start')
      .execute();
    expect(replayed).toEqual([
      { status: 'completed', carer: 'Hussain', address: '4 Mill Lane, Leeds', amended: true },
      { status: 'scheduled', carer: 'Rigby-Shaw', address: '11 Beck Road, Otley', amended: false },
    ]);
    await sql`drop schema appointments_replay cascade`.execute(db);
  });
});

describe('GET /api/appointments/export.csv', () => {
  it('downloads the filtered visits as CSV with a header row, quoting and formula cells made text', async () => {
    await visits.visit({
      clientId: edith,
      carerId: nadia,
      scheduledStart: `${WINTER}T18:00:00Z`,
      durationMinutes: 30,
      notes: '=cmd|calc, now',
    });
    const reply = await read<string>(command.admin, `/api/appointments/export.csv?date=${WINTER}&carerId=${nadia}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="appointments-${WINTER}-to-${WINTER}.csv"`,
    );
    const lines = reply.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date,Start,End,Duration (minutes),Client,Client Address,Carer,Visit Type,Priority,Status,Check In,Check Out,Late Arrival,Late Reason,Tasks,Tasks Completed,Medication Given,Notes,Visit Notes,Cancellation Reason',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `${WINTER},09:00,10:00,60,Edith Green,"4 Mill Lane, Leeds",Nadia Hussain,personal_care,normal,completed,09:10,10:15,No,,Breakfast; Medication,Breakfast,Yes,Key safe 1234,Ate well,`,
    );
    expect(lines[3]).toContain(`"'=cmd|calc, now"`);
  });

  it('gives a carer only the rows of their own visits, in the visits export, the analytics and the care records export', async () => {
    const own = (await list(`?date=${WINTER}`, carerUser)).body;
    expect(own.length).toBeGreaterThan(0);
    const visitsCsv = await read<string>(carerUser, `/api/appointments/export.csv?date=${WINTER}`);
    expect(visitsCsv.status).toBe(200);
    const visitRows = visitsCsv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(visitRows).toHaveLength(own.length);
    expect(visitRows.every((row) => row.includes('Nadia Hussain'))).toBe(true);

    const analytics = await read<AppointmentDayFigures[]>(
      carerUser,
      `/api/appointments/analytics?from=${WINTER}&to=${WINTER}`,
    );
    expect(analytics.status).toBe(200);
    expect(analytics.body.map((day) => day.total)).toEqual([own.length]);

    const recordsCsv = await read<string>(
      carerUser,
      `/api/monitoring/export.csv?range=custom&from=${WINTER}&to=${WINTER}`,
    );
    expect(recordsCsv.status).toBe(200);
    const recordRows = recordsCsv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(recordRows).toHaveLength(own.length);
    expect(recordsCsv.text).not.toContain('Tom Rigby');
  });

  it('refuses a range longer than a year, or open at one end, rather than export the whole history', async () => {
    const unbounded = await read<{ fields: Record<string, string> }>(
      command.admin,
      '/api/appointments/export.csv?from=1900-01-01&to=2099-12-31',
    );
    expect(unbounded.status).toBe(400);
    expect(unbounded.body.fields).toEqual({ to: 'The range must be at most 366 days' });
    const openEnded = await read<{ fields: Record<string, string> }>(
      command.admin,
      `/api/appointments/export.csv?from=${WINTER}`,
    );
    expect(openEnded.status).toBe(400);
    expect(openEnded.body.fields).toEqual({ to: 'To date is required' });
    const aYear = await read<string>(
      command.admin,
      `/api/appointments/export.csv?from=${WINTER}&to=${addDays(WINTER, 365)}`,
    );
    expect(aYear.status).toBe(200);
  });
});
