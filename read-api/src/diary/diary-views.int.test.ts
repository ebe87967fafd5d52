import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  londonToday,
  mondayOf,
  type DiaryMapVisitView,
  type DiaryMonitoringRowView,
  type DiaryRosterGroupView,
  type DiaryWeekView,
} from '@care/events';
import {
  diaryMapVisitViewSchema,
  diaryMonitoringRowViewSchema,
  diaryRosterGroupViewSchema,
  diaryWeekViewSchema,
} from '@care/events/api';
import { requester, type Requester, type TestUser } from '@care/command-api/testing';
import { checkedIn, VisitLog } from '../appointments/visit-fixtures';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * The diary's own views read exactly what GET /api/diary lets the reader read: an administrator sees every
 * entry; a carer sees neither another author's confidential entry nor the entries about a client outside the
 * clients of their visits (7 days back to 14 ahead), and no record of a visit that is not theirs.
 */
let stack: ReadStack | undefined;
let carer: TestUser;
let admin: TestUser;
let ownCarerId = '';
let otherCarerId = '';
const client = { near: '', far: '' };
let ownVisit = '';
let othersVisitNear = '';
let othersVisitFar = '';
let lastPosition = '';
const today = londonToday();

async function send(request: Requester, path: string, body: unknown) {
  const reply = await request('POST', path, body);
  expect(reply.status, reply.text).toBe(201);
  lastPosition = reply.body.position;
  return reply.body.id as string;
}

async function read<T>(user: TestUser, path: string): Promise<T> {
  const reply = await requester(stack!.readUrl, user.cookie)('GET', path, undefined, {
    'x-min-position': lastPosition,
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body as T;
}

const entry = (request: Requester, fields: Record<string, unknown>) =>
  send(request, '/api/diary', { entryDate: `${today}T09:15:00Z`, content: 'Helped with breakfast.', ...fields });

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'diary_views');
  const { command } = stack;
  admin = command.admin;
  carer = await command.createUser('carer', { firstName: 'Nadia', lastName: 'Hussain' });
  const otherCarer = await command.createUser('carer', { firstName: 'Tom', lastName: 'Rigby' });
  const carerRecord = (user: TestUser, firstName: string, lastName: string) =>
    send(command.request, '/api/carers', {
      firstName,
      lastName,
      email: user.email,
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      userId: user.id,
    });
  ownCarerId = await carerRecord(carer, 'Nadia', 'Hussain');
  otherCarerId = await carerRecord(otherCarer, 'Tom', 'Rigby');
  for (const [key, lastName] of [
    ['near', 'Green'],
    ['far', 'Black'],
  ] as const) {
    client[key] = await send(command.request, '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: key === 'near' ? 'Edith' : 'Walter',
      lastName,
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    });
  }
  const visits = new VisitLog(command.store, command.admin.id);
  const visit = (carerId: string, clientId: string) =>
    visits.visit({ clientId, carerId, scheduledStart: `${today}T10:00:00Z`, durationMinutes: 60 });
  ownVisit = await visit(ownCarerId, client.near);
  othersVisitNear = await visit(otherCarerId, client.near);
  othersVisitFar = await visit(otherCarerId, client.far);
  // Both carers have checked in (at 4 Mill Lane, Leeds): their visits are in progress, on the maps.
  await visits.then(ownVisit, checkedIn(ownCarerId, `${today}T10:02:00Z`));
  await visits.then(othersVisitFar, checkedIn(otherCarerId, `${today}T10:05:00Z`));
  lastPosition = visits.lastPosition;

  await entry(carer.request, {
    carerId: ownCarerId,
    clientId: client.near,
    appointmentId: ownVisit,
    title: 'Own visit note',
  });
  await entry(command.request, {
    carerId: otherCarerId,
    clientId: client.near,
    title: 'Confidential about Edith',
    isConfidential: true,
  });
  await entry(command.request, {
    carerId: otherCarerId,
    clientId: client.near,
    appointmentId: othersVisitNear,
    title: "Tom's visit to Edith",
  });
  await entry(command.request, {
    carerId: otherCarerId,
    clientId: client.far,
    appointmentId: othersVisitFar,
    title: 'About Walter',
  });
  // Last week: the weekly view's previous week.
  await entry(command.request, {
    carerId: ownCarerId,
    clientId: client.near,
    title: 'Last week',
    entryDate: `${addDays(today, -7)}T09:15:00Z`,
  });
});

afterAll(async () => {
  await stack?.stop();
});

const titlesOfWeek = (week: DiaryWeekView) => week.days.flatMap((day) => day.entries.map((e) => e.title)).sort();

describe('GET /api/diary/weekly', () => {
  it('gives an administrator every entry of the week by London day, Monday first', async () => {
    const week = diaryWeekViewSchema.parse(await read(admin, '/api/diary/weekly'));
    expect(week.weekStart).toBe(mondayOf(today));
    expect(week.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(mondayOf(today), i)));
    const todays = week.days.find((day) => day.date === today)!;
    expect(todays.total).toBe(4);
    expect(titlesOfWeek(week)).toEqual([
      'About Walter',
      'Confidential about Edith',
      'Own visit note',
      "Tom's visit to Edith",
    ]);
    const previous = diaryWeekViewSchema.parse(
      await read(admin, `/api/diary/weekly?date=${addDays(week.weekStart, -7)}`),
    );
    expect(titlesOfWeek(previous)).toEqual(['Last week']);
  });

  it('shows a carer neither the confidential entry nor the client outside their visits', async () => {
    const week = await read<DiaryWeekView>(carer, `/api/diary/weekly?date=${today}`);
    expect(titlesOfWeek(week)).toEqual(['Own visit note', "Tom's visit to Edith"]);
    expect(week.days.find((day) => day.date === today)!.total).toBe(2);
  });

  it('refuses a date that is not one', async () => {
    const reply = await requester(stack!.readUrl, admin.cookie)('GET', '/api/diary/weekly?date=tomorrow');
    expect(reply.status).toBe(400);
  });
});

describe('GET /api/diary/carer-roster and /client-roster', () => {
  it("groups an administrator's entries by carer and by client with counts and the latest entries", async () => {
    const byCarer = (await read<DiaryRosterGroupView[]>(admin, '/api/diary/carer-roster')).map((g) =>
      diaryRosterGroupViewSchema.parse(g),
    );
    const tom = byCarer.find((group) => group.id === otherCarerId)!;
    expect([tom.firstName, tom.lastName, tom.entries]).toEqual(['Tom', 'Rigby', 3]);
    expect(tom.latest).toHaveLength(3);
    expect(byCarer.find((group) => group.id === ownCarerId)!.entries).toBe(2);
    const byClient = await read<DiaryRosterGroupView[]>(admin, '/api/diary/client-roster');
    expect(byClient.map((group) => [group.lastName, group.entries]).sort()).toEqual([
      ['Black', 1],
      ['Green', 4],
    ]);
  });

  it('gives a carer only what they may read, paged with the number of groups', async () => {
    const byClient = await read<DiaryRosterGroupView[]>(carer, '/api/diary/client-roster');
    expect(byClient.map((group) => [group.lastName, group.entries])).toEqual([['Green', 3]]);
    expect(byClient[0]!.latest.map((e) => e.title)).not.toContain('Confidential about Edith');
    const reply = await requester(stack!.readUrl, carer.cookie)('GET', '/api/diary/carer-roster?limit=1', undefined, {
      'x-min-position': lastPosition,
    });
    expect(reply.headers.get('x-total-count')).toBe('2');
    expect(reply.body).toHaveLength(1);
    const byCarer = await read<DiaryRosterGroupView[]>(carer, '/api/diary/carer-roster?limit=10');
    expect(byCarer.find((group) => group.id === otherCarerId)!.entries).toBe(1);
  });
});

describe('GET /api/diary/monitoring', () => {
  it("shows an administrator each entry linked to a visit beside the visit's record", async () => {
    const rows = (await read<DiaryMonitoringRowView[]>(admin, '/api/diary/monitoring')).map((row) =>
      diaryMonitoringRowViewSchema.parse(row),
    );
    expect(rows.map((row) => row.entry.title).sort()).toEqual([
      'About Walter',
      'Own visit note',
      "Tom's visit to Edith",
    ]);
    const walter = rows.find((row) => row.entry.title === 'About Walter')!;
    expect(walter.visit).toMatchObject({
      id: othersVisitFar,
      date: today,
      status: 'in_progress',
      checkedInAt: `${today}T10:05:00.000Z`,
      carer: { firstName: 'Tom', lastName: 'Rigby' },
      client: { firstName: 'Walter' },
    });
  });

  it("shows a carer their own visit's record, no other carer's visit, and nothing about clients outside their visits", async () => {
    const rows = await read<DiaryMonitoringRowView[]>(carer, '/api/diary/monitoring');
    expect(rows.map((row) => row.entry.title).sort()).toEqual(['Own visit note', "Tom's visit to Edith"]);
    expect(rows.find((row) => row.entry.title === 'Own visit note')!.visit).toMatchObject({
      id: ownVisit,
      carer: { firstName: 'Nadia' },
    });
    expect(rows.find((row) => row.entry.title === "Tom's visit to Edith")!.visit).toBeNull();
  });
});

describe('GET /api/diary/map and /live-map', () => {
  it("gives an administrator the day's visits at their check-in location with their entries, and those in progress", async () => {
    const day = (await read<DiaryMapVisitView[]>(admin, `/api/diary/map?date=${today}`)).map((visit) =>
      diaryMapVisitViewSchema.parse(visit),
    );
    expect(day.map((visit) => visit.id).sort()).toEqual([ownVisit, othersVisitFar].sort());
    const walter = day.find((visit) => visit.id === othersVisitFar)!;
    expect(walter.location).toEqual({ latitude: 53.8, longitude: -1.55, address: '4 Mill Lane, Leeds' });
    expect(walter.entries.map((entry) => entry.title)).toEqual(['About Walter']);
    // No carer's app has connected in this test: the map says so rather than guessing.
    expect(walter.carerAppLastOnline).toBeNull();
    const live = await read<DiaryMapVisitView[]>(admin, '/api/diary/live-map');
    expect(live.map((visit) => visit.status)).toEqual(['in_progress', 'in_progress']);
    expect(await read<DiaryMapVisitView[]>(admin, `/api/diary/map?date=${addDays(today, -1)}`)).toEqual([]);
  });

  it('shows a carer only their own visits', async () => {
    const day = await read<DiaryMapVisitView[]>(carer, '/api/diary/map');
    expect(day.map((visit) => [visit.id, visit.entries.map((entry) => entry.title)])).toEqual([
      [ownVisit, ['Own visit note']],
    ]);
    expect((await read<DiaryMapVisitView[]>(carer, '/api/diary/live-map')).map((visit) => visit.id)).toEqual([
      ownVisit,
    ]);
  });
});
