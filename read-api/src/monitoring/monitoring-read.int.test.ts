import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  comparePositions,
  londonToday,
  positionFromToken,
  type MonitoringPageView,
  type MonitoringRecordView,
} from '@care/events';
import { createLogger, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { requester, startCommandApiOn, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { createReadModelDb, startProjector, type RunningProjector } from '@care/projector';
import { createReadApi, type ReadApi } from '../app';
import { cancelled, checkedIn, checkedOut, VisitLog } from '../appointments/visit-fixtures';

/** GET /api/monitoring and its CSV export across the real services on one database. */
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let command: RunningCommandApi;
let projector: RunningProjector;
let readApi: ReadApi;
let readUrl: string;
let visits: VisitLog;
let carerUser: TestUser;
let commandPosition = '';
let nadia: string;
let tom: string;
let edith: string;
let walter: string;
const ids = {} as Record<
  'onTime' | 'upcoming' | 'late' | 'early' | 'cancelled' | 'twentyDays' | 'sixtyDays' | 'tomorrow',
  string
>;
const today = londonToday();
/** 10:00 UTC is 10:00 or 11:00 in London: the same London date either way. */
const at = (daysAgo: number, time = '10:00') => `${addDays(today, -daysAgo)}T${time}:00Z`;

async function send(method: string, path: string, body?: unknown) {
  const reply = await command.request(method, path, body);
  expect(reply.status, reply.text).toBe(201);
  commandPosition = reply.body.position;
  return reply.body as { id: string };
}

function latestPosition(): string {
  const positions = [visits.lastPosition, commandPosition].filter((token) => token !== '');
  return positions.reduce((later, token) =>
    comparePositions(positionFromToken(token)!, positionFromToken(later)!) > 0 ? token : later,
  );
}

async function read<T>(path: string, user: TestUser = command.admin) {
  const reply = await requester(readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': latestPosition() });
  return { status: reply.status, body: reply.body as T, headers: reply.headers, text: reply.text };
}

async function page(query: string, user?: TestUser): Promise<MonitoringPageView> {
  const reply = await read<MonitoringPageView>(`/api/monitoring${query}`, user);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}
const idsOf = (records: MonitoringRecordView[]) => records.map((record) => record.id);

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'monitoring_read');
  pool = createPool(database.url, { max: 10, log });
  command = await startCommandApiOn(database.url);
  projector = await startProjector({ store: command.store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  readApi = await createReadApi({ pool, db: createReadModelDb(pool), log });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  readUrl = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
  visits = new VisitLog(command.store, command.admin.id);
  carerUser = await command.createUser('carer');
  const carer = async (firstName: string, lastName: string, userId?: string) =>
    (
      await send('POST', '/api/carers', {
        firstName,
        lastName,
        email: `${firstName}.${randomUUID().slice(0, 6)}@example.org`.toLowerCase(),
        employeeId: `EMP-${randomUUID().slice(0, 8)}`,
        startDate: '2024-03-01',
        ...(userId && { userId }),
      })
    ).id;
  const client = async (firstName: string, lastName: string) =>
    (
      await send('POST', '/api/clients', {
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
  nadia = await carer('Nadia', 'Hussain', carerUser.id);
  tom = await carer('Tom', 'Rigby');
  edith = await client('Edith', 'Green');
  walter = await client('Walter', 'Pemberton');

  // Today: on time (10 minutes late), still scheduled.
  ids.onTime = await visits.visit(
    {
      clientId: edith,
      carerId: nadia,
      scheduledStart: at(0, '07:00'),
      durationMinutes: 60,
      tasks: ['Breakfast', 'Medication', 'Wash'],
    },
    checkedIn(nadia, at(0, '07:10')),
    checkedOut(at(0, '07:50'), { tasksCompleted: ['Breakfast'], medicationGiven: true, notes: 'Ate well' }),
  );
  ids.upcoming = await visits.visit({
    clientId: walter,
    carerId: tom,
    scheduledStart: at(0, '08:00'),
    durationMinutes: 30,
    notes: 'Bring shopping',
  });
  // Yesterday: late by 20 minutes, checked in by hand.
  ids.late = await visits.visit(
    { clientId: walter, carerId: nadia, scheduledStart: at(1), durationMinutes: 45 },
    (id) => ({
      type: 'VisitCheckedIn',
      data: {
        id,
        carerId: nadia,
        checkedInAt: at(1, '10:20'),
        location: null,
        source: 'Manual',
        manualInputReason: 'Phone battery flat',
        lateArrival: true,
        lateReason: 'Bus',
        // Typed in at noon: the time entered by hand is kept beside the server's.
        recordedAt: at(1, '12:00'),
        handEnteredReason: 'Phone battery flat',
      },
    }),
    checkedOut(at(1, '11:30')),
  );
  // Three days ago: 20 minutes early, in progress; and a cancelled companionship visit.
  ids.early = await visits.visit(
    { clientId: edith, carerId: tom, scheduledStart: at(3), durationMinutes: 30 },
    checkedIn(tom, at(3, '09:40')),
  );
  ids.cancelled = await visits.visit(
    { clientId: edith, carerId: tom, scheduledStart: at(3, '15:00'), durationMinutes: 30 },
    cancelled('Family visiting'),
  );
  await visits.then(ids.cancelled, (id) => ({
    type: 'AppointmentDetailsChanged',
    data: { id, changes: { visitType: 'companionship' } },
  }));
  // Older: 20 days and 60 days ago; tomorrow is outside every range.
  ids.twentyDays = await visits.visit({ clientId: walter, carerId: tom, scheduledStart: at(20), durationMinutes: 30 });
  ids.sixtyDays = await visits.visit({ clientId: walter, carerId: nadia, scheduledStart: at(60), durationMinutes: 30 });
  ids.tomorrow = await visits.visit({ clientId: walter, carerId: nadia, scheduledStart: at(-1), durationMinutes: 30 });
});

afterAll(async () => {
  await readApi?.close();
  await projector?.stop();
  await command?.close();
  await pool?.end();
  await database?.drop();
});

describe('GET /api/monitoring', () => {
  it('lists the last 7 days newest first by default, one care record per visit', async () => {
    const result = await page('');
    expect(idsOf(result.records)).toEqual([ids.upcoming, ids.onTime, ids.late, ids.cancelled, ids.early]);
    expect(result).toMatchObject({ total: 5, limit: 25, offset: 0 });
    const onTime = result.records.find((record) => record.id === ids.onTime);
    expect(onTime).toEqual({
      id: ids.onTime,
      date: today,
      plannedTime: `${clock(at(0, '07:00'))}–${clock(at(0, '08:00'))}`,
      actualTime: `${clock(at(0, '07:10'))}–${clock(at(0, '07:50'))}`,
      client: 'Edith Green',
      carer: 'Nadia Hussain',
      punctuality: 'On Time',
      duration: 40,
      tasks: ['Breakfast', 'Medication', 'Wash'],
      medication: true,
      provider: 'personal_care',
      manualInputReason: null,
      source: 'Mobile',
      timeEnteredByHand: false,
      timeEnteredReason: null,
      recordedOffline: null,
      status: 'completed',
      notes: 'Ate well',
    });
    const byId = new Map(result.records.map((record) => [record.id, record]));
    expect(byId.get(ids.late)).toMatchObject({
      punctuality: 'Late',
      duration: 70,
      source: 'Manual',
      manualInputReason: 'Phone battery flat',
      timeEnteredByHand: true,
      timeEnteredReason: 'Phone battery flat',
    });
    expect(byId.get(ids.early)).toMatchObject({
      punctuality: 'Early',
      duration: 30,
      status: 'in_progress',
      actualTime: `${clock(at(3, '09:40'))}–`,
    });
    expect(byId.get(ids.upcoming)).toMatchObject({
      punctuality: null,
      actualTime: null,
      duration: 30,
      notes: 'Bring shopping',
      status: 'scheduled',
    });
  });

  it('offers today, yesterday, 30 days, 3 months and a custom range', async () => {
    expect(idsOf((await page('?range=today')).records).sort()).toEqual([ids.onTime, ids.upcoming].sort());
    expect(idsOf((await page('?range=yesterday')).records)).toEqual([ids.late]);
    expect((await page('?range=30d')).total).toBe(6);
    expect((await page('?range=3m')).total).toBe(7);
    const custom = await page(`?range=custom&from=${addDays(today, -60)}&to=${addDays(today, -20)}`);
    expect(idsOf(custom.records)).toEqual([ids.twentyDays, ids.sixtyDays]);
  });

  it('filters by carer, client, status, care type and a search on names, on the server', async () => {
    expect(idsOf((await page(`?range=30d&carerId=${tom}&sort=date&direction=asc`)).records)).toEqual([
      ids.twentyDays,
      ids.early,
      ids.cancelled,
      ids.upcoming,
    ]);
    expect(idsOf((await page(`?range=30d&clientId=${edith}&status=cancelled`)).records)).toEqual([ids.cancelled]);
    expect(idsOf((await page('?range=30d&careType=companionship')).records)).toEqual([ids.cancelled]);
    const search = await page('?range=30d&search=pemberton');
    expect(search.total).toBe(3);
    expect(idsOf(search.records)).toEqual([ids.upcoming, ids.late, ids.twentyDays]);
  });

  it('sorts by client, carer, status, punctuality and duration in either direction', async () => {
    const order = async (query: string) => idsOf((await page(`?range=7d&${query}`)).records);
    expect(await order('sort=client')).toEqual([ids.early, ids.cancelled, ids.onTime, ids.late, ids.upcoming]);
    expect(await order('sort=carer&direction=desc')).toEqual([
      ids.upcoming,
      ids.cancelled,
      ids.early,
      ids.onTime,
      ids.late,
    ]);
    // Ties in start order: yesterday's completed visit before today's.
    expect(await order('sort=status')).toEqual([ids.cancelled, ids.late, ids.onTime, ids.early, ids.upcoming]);
    // Early (−20), on time (+10), late (+20); not checked in last.
    expect(await order('sort=punctuality')).toEqual([ids.early, ids.onTime, ids.late, ids.cancelled, ids.upcoming]);
    expect((await order('sort=duration&direction=desc')).slice(0, 2)).toEqual([ids.late, ids.onTime]);
  });

  it('pages on the server and keeps the total of every match', async () => {
    const second = await page('?range=7d&limit=2&offset=2');
    expect(second).toMatchObject({ total: 5, limit: 2, offset: 2 });
    expect(idsOf(second.records)).toEqual([ids.late, ids.cancelled]);
  });

  it('shows a carer only the care records of their own visits', async () => {
    expect(idsOf((await page('?range=30d', carerUser)).records)).toEqual([ids.onTime, ids.late]);
  });

  it('refuses bad filters with the field and a reason', async () => {
    const bad = async (query: string, field: string) => {
      const reply = await read<{ error: string; fields: Record<string, string> }>(`/api/monitoring${query}`);
      expect(reply.status, query).toBe(400);
      expect(Object.keys(reply.body.fields), query).toContain(field);
    };
    await bad('?range=week', 'range');
    await bad('?range=custom', 'from');
    await bad(`?range=custom&from=${today}&to=${addDays(today, -1)}`, 'to');
    await bad(`?from=${today}`, 'range');
    await bad('?sort=mood', 'sort');
    await bad('?direction=up', 'direction');
    await bad('?status=lost', 'status');
    await bad('?careType=gardening', 'careType');
    await bad('?limit=500', 'limit');
    await bad('?clientId=nope', 'clientId');
    await bad(`?search=${'x'.repeat(201)}`, 'search');
    // PostgreSQL refuses a NUL in a query parameter: refused here, not a failed query.
    await bad('?search=a%00b', 'search');
  });
});

describe('GET /api/monitoring/export.csv', () => {
  it('downloads every matching record (not one page) as CSV named care-records-<today>.csv', async () => {
    await visits.visit({
      clientId: edith,
      carerId: nadia,
      scheduledStart: at(2),
      durationMinutes: 30,
      notes: '@SUM(1+1)',
    });
    const reply = await read<string>('/api/monitoring/export.csv?range=7d&limit=1&carerId=' + nadia);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="care-records-${today}.csv"`);
    const lines = reply.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date,Planned Time,Actual Time,Client,Carer,Punctuality,Duration (minutes),Tasks,Medication,Provider,Manual Input Reason,Source,Status,Notes',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      `${today},${clock(at(0, '07:00'))}–${clock(at(0, '08:00'))},${clock(at(0, '07:10'))}–${clock(at(0, '07:50'))},Edith Green,Nadia Hussain,On Time,40,Breakfast; Medication; Wash,Yes,personal_care,,Mobile,completed,Ate well`,
    );
    expect(lines[2]).toContain('Phone battery flat');
    expect(lines[3]).toContain(",'@SUM(1+1)");
  });
});

/** The London wall clock of an instant, as the records show it. */
function clock(instant: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
}
