import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonTimeToInstant, londonToday, mondayOf } from '@care/events';
import { workingPatternViewSchema, workingTimeViewSchema } from '@care/events/api';
import { requester, type TestUser } from '@care/command-api/testing';
import { createReadModelDb } from '@care/projector';
import { carerWeeks } from '@care/projector/rule-facts';
import { startReadStack, type ReadStack } from '../../testing/read-stack';
import { weekMinutesOf, workingPatternsOf } from './working-pattern-queries';

/**
 * Working patterns and weekly booked time across the real services: commands through the command API, the
 * projector, then the read API and the queries the rota suggestions call.
 */
let stack: ReadStack;
let carer: TestUser;
let otherCarer: TestUser;
let lastPosition = '';
const ids = { nadia: '', ben: '', client: '' };
const week = mondayOf(addDays(londonToday(), 14));

async function send(method: string, path: string, body: unknown) {
  const reply = await stack.command.admin.request(method, path, body);
  expect(reply.status, `${method} ${path}: ${reply.text}`).toBeLessThan(300);
  lastPosition = reply.body.position ?? lastPosition;
  return reply.body as { id: string };
}

async function read(path: string, user: TestUser = stack.command.admin) {
  const reply = await requester(stack.readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': lastPosition });
  return { status: reply.status, body: reply.body };
}

const carerRecord = async (firstName: string, lastName: string, userId: string) =>
  (
    await send('POST', '/api/carers', {
      firstName,
      lastName,
      email: 'carer@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-01-08',
      userId,
    })
  ).id;

/** A visit of `minutes` for the carer, starting at 09:00 London on the day `offset` days after the week's Monday. */
const visit = (carerId: string, offset: number, minutes: number, hour = '09:00') =>
  send('POST', '/api/appointments', {
    clientId: ids.client,
    carerId,
    scheduledStart: londonTimeToInstant(addDays(week, offset), hour),
    durationMinutes: minutes,
  });

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'pattern_read');
  carer = await stack.command.createUser('carer');
  otherCarer = await stack.command.createUser('carer');
  ids.nadia = await carerRecord('Nadia', 'Hussain', carer.id);
  ids.ben = await carerRecord('Ben', 'Brook', otherCarer.id);
  ids.client = (
    await send('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Edith',
      lastName: 'Green',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    })
  ).id;
  await send('PUT', `/api/carers/${ids.nadia}/working-pattern`, {
    weekly: [{ weekday: 1, start: '08:00', end: '16:00' }],
    exceptions: [{ date: addDays(week, 2), available: false, note: 'Dentist' }],
    contractedHoursPerWeek: 1,
    weeklyHoursLimit: 2,
  });
  // Nadia: 60 + 90 minutes this week, a cancelled visit and a visit the week after that do not count.
  await visit(ids.nadia, 0, 60);
  await visit(ids.nadia, 6, 90, '20:00');
  const cancelled = await visit(ids.nadia, 1, 45);
  await send('POST', `/api/appointments/${cancelled.id}/cancel`, { reason: 'Client in hospital' });
  await visit(ids.nadia, 7, 120);
  // Ben: 30 minutes, no pattern (the 48-hour default).
  await visit(ids.ben, 3, 30);
});
afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/carers/:id/working-pattern', () => {
  it('staff and the carer themselves read the pattern as set', async () => {
    const staff = await read(`/api/carers/${ids.nadia}/working-pattern`);
    expect(staff.status).toBe(200);
    expect(workingPatternViewSchema.parse(staff.body)).toMatchObject({
      carerId: ids.nadia,
      weekly: [{ weekday: 1, start: '08:00', end: '16:00' }],
      exceptions: [{ date: addDays(week, 2), available: false, start: null, end: null, note: 'Dentist' }],
      contractedHoursPerWeek: 1,
      weeklyHoursLimit: 2,
      optedOutOn: null,
      updatedBy: stack.command.admin.id,
    });
    expect((await read(`/api/carers/${ids.nadia}/working-pattern`, carer)).body).toEqual(staff.body);
  });

  it("another carer's pattern, a carer with none and an unknown carer all answer 404", async () => {
    const notFound = { status: 404, body: { error: 'Working pattern not found' } };
    expect(await read(`/api/carers/${ids.nadia}/working-pattern`, otherCarer)).toEqual(notFound);
    expect(await read(`/api/carers/${ids.ben}/working-pattern`)).toEqual(notFound);
    expect(await read(`/api/carers/${randomUUID()}/working-pattern`)).toEqual(notFound);
  });
});

describe('the rota queries', () => {
  it('workingPatternsOf gives the recorded patterns by carer; weekMinutesOf the minutes booked in the London week', async () => {
    // Waits for the visits and the patterns to be projected.
    await read(`/api/working-time?week=${week}`);
    const db = createReadModelDb(stack.pool);
    const patterns = await workingPatternsOf(db, [ids.nadia, ids.ben]);
    expect([...patterns.keys()]).toEqual([ids.nadia]);
    expect(patterns.get(ids.nadia)).toMatchObject({ contractedHoursPerWeek: 1, weeklyHoursLimit: 2 });
    expect(await weekMinutesOf(db, [ids.nadia, ids.ben], week)).toEqual(
      new Map([
        [ids.nadia, 150],
        [ids.ben, 30],
      ]),
    );
    expect(await weekMinutesOf(db, [ids.nadia], addDays(week, 7))).toEqual(new Map([[ids.nadia, 120]]));
  });

  it("the working time rule's facts count the same minutes per carer and week, with each carer's limit", async () => {
    await read(`/api/working-time?week=${week}`);
    const weeks = await carerWeeks(createReadModelDb(stack.pool), week);
    const ours = weeks.filter((row) => row.carerId === ids.nadia || row.carerId === ids.ben);
    expect(
      ours.sort((a, b) => `${a.carerLastName}${a.weekStart}`.localeCompare(`${b.carerLastName}${b.weekStart}`)),
    ).toEqual([
      {
        carerId: ids.ben,
        carerFirstName: 'Ben',
        carerLastName: 'Brook',
        weekStart: week,
        minutes: 30,
        weeklyHoursLimit: 48,
      },
      {
        carerId: ids.nadia,
        carerFirstName: 'Nadia',
        carerLastName: 'Hussain',
        weekStart: week,
        minutes: 150,
        weeklyHoursLimit: 2,
      },
      {
        carerId: ids.nadia,
        carerFirstName: 'Nadia',
        carerLastName: 'Hussain',
        weekStart: addDays(week, 7),
        minutes: 120,
        weeklyHoursLimit: 2,
      },
    ]);
  });

  it('GET /api/working-time flags the carer booked over their weekly limit', async () => {
    const reply = await read(`/api/working-time?week=${addDays(week, 3)}`);
    expect(reply.status).toBe(200);
    const rows = workingTimeViewSchema.array().parse(reply.body);
    expect(rows).toEqual(
      expect.arrayContaining([
        { carerId: ids.nadia, weekStart: week, minutes: 150, weeklyHoursLimit: 2, overLimit: true },
        { carerId: ids.ben, weekStart: week, minutes: 30, weeklyHoursLimit: 48, overLimit: false },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});
