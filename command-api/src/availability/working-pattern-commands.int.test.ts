import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  appointmentStreamId,
  BAD_START_TIME,
  CONTRACTED_OVER_LIMIT,
  DUPLICATE_EXCEPTION_DATE,
  END_NOT_AFTER_START,
  LIMIT_RANGE,
  parseRecordedEvent,
  RANGES_OVERLAP,
  workingPatternStreamId,
} from '@care/events';
import {
  appendedSince,
  settledLog,
  startCommandApi,
  type ApiReply,
  type RunningCommandApi,
  type TestUser,
} from '../../testing';

/**
 * Working patterns through the real command API: a coordinator sets them, bad input and the wrong caller are
 * refused with nothing appended, and a visit booked outside the pattern goes ahead with a warning it records.
 */
let api: RunningCommandApi;
let coordinator: TestUser;
let carer: TestUser;
let ownCarerId: string;
let clientId: string;

async function created(reply: Promise<ApiReply>): Promise<string> {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as string;
}

const carerRecord = (userId?: string) =>
  created(
    api.request('POST', '/api/carers', {
      firstName: 'Nadia',
      lastName: 'Hussain',
      email: 'nadia@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      ...(userId && { userId }),
    }),
  );

/** Monday to Friday 08:00–16:00. */
const weekdays = {
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '16:00' })),
  exceptions: [],
  contractedHoursPerWeek: 37.5,
  weeklyHoursLimit: 48,
  optedOutOn: null,
};

const put = (as: TestUser, carerId: string, body: unknown, headers?: Record<string, string>) =>
  as.request('PUT', `/api/carers/${carerId}/working-pattern`, body, headers);

async function refused(send: () => Promise<ApiReply>, status: number, body: unknown): Promise<void> {
  const before = await settledLog(api.store);
  const reply = await send();
  expect({ status: reply.status, body: reply.body }, reply.text).toEqual({ status, body });
  expect(await appendedSince(api.store, before)).toEqual([]);
}

const eventsOf = async (streamId: string) =>
  (await api.store.readStream(streamId)).map(parseRecordedEvent).map(({ type, data, metadata }) => ({
    type,
    data,
    userId: metadata.userId,
  }));

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'pattern_cmds');
  coordinator = await api.createUser('coordinator');
  carer = await api.createUser('carer');
  ownCarerId = await carerRecord(carer.id);
  clientId = await created(
    api.request('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Edith',
      lastName: 'Green',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    }),
  );
});
afterAll(async () => {
  await api?.close();
});

describe('setting a working pattern', () => {
  it('a coordinator sets the whole pattern, recorded with who set it; a stale If-Match is refused', async () => {
    const carerId = await carerRecord();
    const reply = await put(coordinator, carerId, weekdays);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ id: carerId, revision: '0' });
    expect(await eventsOf(workingPatternStreamId(carerId))).toEqual([
      { type: 'WorkingPatternSet', data: { carerId, ...weekdays }, userId: coordinator.id },
    ]);
    const changed = { ...weekdays, weeklyHoursLimit: 60, optedOutOn: '2026-09-01' };
    expect((await put(coordinator, carerId, changed, { 'If-Match': '0' })).status).toBe(200);
    const before = await settledLog(api.store);
    expect((await put(coordinator, carerId, weekdays, { 'If-Match': '0' })).status).toBe(409);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('a repeat with the same Idempotency-Key is answered with the first reply and appends nothing', async () => {
    const carerId = await carerRecord();
    const key = { 'Idempotency-Key': randomUUID() };
    const first = await put(coordinator, carerId, weekdays, key);
    expect(first.status, first.text).toBe(200);
    const before = await settledLog(api.store);
    const repeat = await put(coordinator, carerId, weekdays, key);
    expect({ status: repeat.status, body: repeat.body }).toEqual({ status: 200, body: first.body });
    expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('bad hours and limits answer 400 naming the field', async () => {
    const carerId = await carerRecord();
    const invalid = (fields: Record<string, string>) => ({ error: 'Validation failed', fields });
    const send = (body: unknown) => () => put(coordinator, carerId, body);
    await refused(
      send({ ...weekdays, weekly: [{ weekday: 1, start: '17:00', end: '09:00' }] }),
      400,
      invalid({
        'weekly.0.end': END_NOT_AFTER_START,
      }),
    );
    await refused(
      send({
        ...weekdays,
        weekly: [
          { weekday: 1, start: '08:00', end: '12:00' },
          { weekday: 1, start: '11:30', end: '15:00' },
        ],
      }),
      400,
      invalid({ 'weekly.1.start': RANGES_OVERLAP }),
    );
    await refused(
      send({ ...weekdays, weekly: [{ weekday: 1, start: '8am', end: '12:00' }] }),
      400,
      invalid({
        'weekly.0.start': BAD_START_TIME,
      }),
    );
    await refused(
      send({ ...weekdays, weeklyHoursLimit: 79, optedOutOn: '2026-09-01' }),
      400,
      invalid({
        weeklyHoursLimit: LIMIT_RANGE,
      }),
    );
    await refused(
      send({ ...weekdays, contractedHoursPerWeek: 50 }),
      400,
      invalid({
        contractedHoursPerWeek: CONTRACTED_OVER_LIMIT,
      }),
    );
    const away = { date: '2027-03-10', available: false, start: null, end: null, note: null };
    await refused(
      send({ ...weekdays, exceptions: [away, away] }),
      400,
      invalid({
        'exceptions.1.date': DUPLICATE_EXCEPTION_DATE,
      }),
    );
  });

  it('an unknown carer answers 404, and a carer may not set even their own pattern', async () => {
    await refused(() => put(coordinator, randomUUID(), weekdays), 404, { error: 'Carer not found' });
    await refused(() => put(carer, ownCarerId, weekdays), 403, { error: 'Forbidden' });
  });
});

describe('booking outside the working pattern', () => {
  const outsideWarning = 'Nadia Hussain does not usually work at this time (08/03/2027 18:00)';

  it('scheduling a visit outside it goes ahead with a warning, and the visit records it', async () => {
    const carerId = await carerRecord();
    expect((await put(coordinator, carerId, weekdays)).status).toBe(200);
    // Monday 8 March 2027 (London is on UTC in March before the clocks change).
    const late = await coordinator.request('POST', '/api/appointments', {
      clientId,
      carerId,
      scheduledStart: '2027-03-08T18:00:00.000Z',
      durationMinutes: 60,
    });
    expect(late.status, late.text).toBe(201);
    expect(late.body.warnings).toEqual([outsideWarning]);
    const [scheduled] = await eventsOf(appointmentStreamId(late.body.id));
    expect(scheduled?.data).toMatchObject({ carerId, outsideWorkingPattern: true });

    const usual = await coordinator.request('POST', '/api/appointments', {
      clientId,
      carerId,
      scheduledStart: '2027-03-08T09:00:00.000Z',
      durationMinutes: 60,
    });
    expect(usual.status, usual.text).toBe(201);
    expect(usual.body.warnings).toEqual([]);
    const [inside] = await eventsOf(appointmentStreamId(usual.body.id));
    expect(inside?.data).not.toHaveProperty('outsideWorkingPattern');
  });

  it('a weekly series records each visit outside the pattern on its own, with one warning counting them', async () => {
    const carerId = await carerRecord();
    expect((await put(coordinator, carerId, weekdays)).status).toBe(200);
    // Monday 8 to Sunday 14 March 2027 at 10:00: the weekday visits are inside, Saturday and Sunday outside.
    const series = await coordinator.request('POST', '/api/appointments/recurring', {
      clientId,
      carerId,
      daysOfWeek: [1, 2, 6, 7],
      startTime: '10:00',
      durationMinutes: 30,
      startDate: '2027-03-08',
      untilDate: '2027-03-14',
    });
    expect(series.status, series.text).toBe(201);
    expect(series.body.warnings).toEqual([
      'Nadia Hussain does not usually work at this time (13/03/2027 10:00 and 1 more visit)',
    ]);
    const flags = await Promise.all(
      (series.body.ids as string[]).map(async (id) => {
        const [scheduled] = await eventsOf(appointmentStreamId(id));
        const data = scheduled?.data as { scheduledStart: string; outsideWorkingPattern?: true };
        return [data.scheduledStart.slice(0, 10), data.outsideWorkingPattern ?? false];
      }),
    );
    expect(flags.sort()).toEqual([
      ['2027-03-08', false],
      ['2027-03-09', false],
      ['2027-03-13', true],
      ['2027-03-14', true],
    ]);
  });

  it('assigning a carer outside it goes ahead with a warning, and the assignment records it', async () => {
    const carerId = await carerRecord();
    expect((await put(coordinator, carerId, weekdays)).status).toBe(200);
    const open = await coordinator.request('POST', '/api/appointments', {
      clientId,
      scheduledStart: '2027-03-08T18:00:00.000Z',
      durationMinutes: 60,
    });
    expect(open.status, open.text).toBe(201);
    const assigned = await coordinator.request('POST', `/api/appointments/${open.body.id}/assign`, { carerId });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body.warnings).toEqual([outsideWarning]);
    const events = await eventsOf(appointmentStreamId(open.body.id));
    expect(events.at(-1)).toMatchObject({
      type: 'AppointmentCarerAssigned',
      data: { carerId, outsideWorkingPattern: true },
    });
  });
});
