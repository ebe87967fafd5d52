import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { carerShiftsStreamId, shiftStreamId } from '@care/events';
import { appendedSince, settledLog, startCommandApi, type RunningCommandApi } from '../../testing';

let api: RunningCommandApi;
let carerId: string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function created(reply: Promise<{ status: number; body: { id: string }; text: string }>): Promise<string> {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id;
}

const createCarer = () =>
  created(
    api.request('POST', '/api/carers', {
      firstName: 'Nadia',
      lastName: 'Hussain',
      email: 'nadia@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
    }),
  );

/** A morning shift on a summer day, sent with London offsets as the New Shift form does. */
function shiftRequest(overrides: Record<string, unknown> = {}) {
  return {
    carerId,
    shiftType: 'morning',
    startTime: '2026-07-06T07:00:00+01:00',
    endTime: '2026-07-06T14:00:00+01:00',
    location: 'North office',
    ...overrides,
  };
}

/** A shift for a carer of its own (one carer's shifts may not overlap), unless the test names the carer. */
const planShift = async (overrides: Record<string, unknown> = {}) =>
  created(api.request('POST', '/api/shifts', shiftRequest({ carerId: await createCarer(), ...overrides })));
const readShift = (id: string) => api.store.readStream(shiftStreamId(id));

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'shift_cmds');
  carerId = await createCarer();
});
afterAll(async () => {
  await api?.close();
});

describe('POST /api/shifts', () => {
  it('plans a shift in UTC with the default break and status, and the planner in the metadata', async () => {
    const reply = await api.request('POST', '/api/shifts', shiftRequest({ notes: '  ' }));
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ id: expect.stringMatching(UUID), revision: '0' });
    const [planned] = await readShift(reply.body.id);
    expect(planned!.type).toBe('ShiftPlanned');
    expect(planned!.data).toEqual({
      id: reply.body.id,
      carerId,
      shiftType: 'morning',
      startTime: '2026-07-06T06:00:00.000Z',
      endTime: '2026-07-06T13:00:00.000Z',
      breakMinutes: 30,
      location: 'North office',
      status: 'confirmed',
      notes: null,
    });
    expect(planned!.metadata).toMatchObject({ userId: api.admin.id });
  });

  it('keeps a pending status, a break and notes', async () => {
    const id = await planShift({ status: 'pending', breakMinutes: '45', notes: 'Cover', shiftType: 'sleep_in' });
    const [planned] = await readShift(id);
    expect(planned!.data).toMatchObject({ status: 'pending', breakMinutes: 45, notes: 'Cover', shiftType: 'sleep_in' });
  });

  it('refuses invalid fields with the form messages and appends nothing', async () => {
    const before = await settledLog(api.store);
    const empty = await api.request('POST', '/api/shifts', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      error: 'Validation failed',
      fields: {
        carerId: 'Carer is required',
        shiftType: 'Shift type must be one of: morning, afternoon, evening, night, full_day, sleep_in',
        startTime: 'Start time is required',
        endTime: 'End time is required',
      },
    });
    const invalid = await api.request(
      'POST',
      '/api/shifts',
      shiftRequest({ status: 'cancelled', breakMinutes: 300, shiftType: 'twilight' }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({
      shiftType: 'Shift type must be one of: morning, afternoon, evening, night, full_day, sleep_in',
      status: 'Status must be confirmed or pending',
      breakMinutes: 'Break must be between 0 and 240 minutes',
    });
    const backwards = await api.request('POST', '/api/shifts', shiftRequest({ endTime: '2026-07-06T06:00:00+01:00' }));
    expect(backwards.body.fields).toEqual({ endTime: 'End time must be after the start time' });
    const local = await api.request('POST', '/api/shifts', shiftRequest({ startTime: '2026-07-06T07:00' }));
    expect(local.body.fields).toEqual({ startTime: 'Must be a valid date and time with its time zone' });
    const long = await api.request('POST', '/api/shifts', shiftRequest({ endTime: '2026-07-07T08:00:00+01:00' }));
    expect(long.body.fields).toEqual({ endTime: 'A shift can last at most 24 hours' });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses an unknown, malformed, removed or inactive carer on the carer field and appends nothing', async () => {
    const removed = await createCarer();
    expect((await api.request('DELETE', `/api/carers/${removed}`)).status).toBe(200);
    const inactive = await createCarer();
    expect((await api.request('PATCH', `/api/carers/${inactive}`, { isActive: false })).status).toBe(200);
    const before = await settledLog(api.store);
    const cases: [string, string][] = [
      [randomUUID(), 'Carer not found'],
      ['carer-1', 'Carer not found'],
      [removed, 'Carer not found'],
      [inactive, 'Carer is inactive'],
    ];
    for (const [id, message] of cases) {
      const reply = await api.request('POST', '/api/shifts', shiftRequest({ carerId: id }));
      expect({ status: reply.status, fields: reply.body.fields }, id).toEqual({
        status: 400,
        fields: { carerId: message },
      });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('is refused to a carer (403) and to an anonymous caller (401), appending nothing', async () => {
    const carerUser = await api.createUser('carer');
    const coordinator = await api.createUser('coordinator');
    const before = await settledLog(api.store);
    expect((await carerUser.request('POST', '/api/shifts', shiftRequest())).status).toBe(403);
    expect((await api.anonymous('POST', '/api/shifts', shiftRequest())).status).toBe(401);
    expect(await appendedSince(api.store, before)).toEqual([]);
    expect(
      (await coordinator.request('POST', '/api/shifts', shiftRequest({ carerId: await createCarer() }))).status,
    ).toBe(201);
  });
});

describe('one carer’s shifts never overlap', () => {
  const eventsOn = async (carer: string, date: string) =>
    (await api.store.readStream(carerShiftsStreamId(carer, date))).map((event) => [
      event.type,
      (event.data as { shiftId: string }).shiftId,
    ]);

  it('refuses an overlapping shift with a 409 naming the clash, appends nothing, and allows one that starts as the other ends', async () => {
    const carer = await createCarer();
    const morning = await planShift({ carerId: carer });
    const before = await settledLog(api.store);
    const reply = await api.request(
      'POST',
      '/api/shifts',
      shiftRequest({
        carerId: carer,
        shiftType: 'afternoon',
        startTime: '2026-07-06T13:00:00+01:00',
        endTime: '2026-07-06T20:00:00+01:00',
      }),
    );
    const message = `Carer already has a shift 07:00–14:00 on 06/07/2026 (shift ${morning})`;
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 409,
      body: {
        error: message,
        fields: { carerId: message },
        clash: { shiftId: morning, start: '2026-07-06T06:00:00.000Z', end: '2026-07-06T13:00:00.000Z' },
      },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
    await planShift({
      carerId: carer,
      shiftType: 'afternoon',
      startTime: '2026-07-06T14:00:00+01:00',
      endTime: '2026-07-06T20:00:00+01:00',
    });
    // Another carer may work the same hours.
    await planShift({
      shiftType: 'afternoon',
      startTime: '2026-07-06T13:00:00+01:00',
      endTime: '2026-07-06T20:00:00+01:00',
    });
  });

  it('books a night shift into both days, and frees the time when a shift is cancelled, moved or given to another carer', async () => {
    const carer = await createCarer();
    const night = await planShift({
      carerId: carer,
      shiftType: 'night',
      startTime: '2026-07-06T22:00:00+01:00',
      endTime: '2026-07-07T07:00:00+01:00',
    });
    expect(await eventsOn(carer, '2026-07-07')).toEqual([['CarerShiftBooked', night]]);
    const early = shiftRequest({
      carerId: carer,
      startTime: '2026-07-07T06:00:00+01:00',
      endTime: '2026-07-07T12:00:00+01:00',
    });
    expect((await api.request('POST', '/api/shifts', early)).status).toBe(409);
    expect((await api.request('POST', `/api/shifts/${night}/cancel`, { reason: 'Cover found' })).status).toBe(200);
    const morning = await created(api.request('POST', '/api/shifts', early));

    // Moving the morning later frees 06:00–12:00; a clashing move is refused and keeps the shift where it was.
    const evening = await planShift({
      carerId: carer,
      shiftType: 'evening',
      startTime: '2026-07-07T17:00:00+01:00',
      endTime: '2026-07-07T22:00:00+01:00',
    });
    const clash = await api.request('PATCH', `/api/shifts/${morning}`, { endTime: '2026-07-07T18:00:00+01:00' });
    expect({ status: clash.status, clash: clash.body.clash?.shiftId }).toEqual({ status: 409, clash: evening });
    expect((await readShift(morning)).map((event) => event.type)).toEqual(['ShiftPlanned']);
    const other = await createCarer();
    expect((await api.request('PATCH', `/api/shifts/${evening}`, { carerId: other })).status).toBe(200);
    expect(
      (await api.request('PATCH', `/api/shifts/${morning}`, { endTime: '2026-07-07T18:00:00+01:00' })).status,
    ).toBe(200);
    expect(await eventsOn(other, '2026-07-07')).toEqual([['CarerShiftBooked', evening]]);
  });

  it('plans exactly one of ten simultaneous overlapping shifts for one carer', async () => {
    const carer = await createCarer();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        api.request(
          'POST',
          '/api/shifts',
          shiftRequest({
            carerId: carer,
            startTime: `2026-07-08T0${index % 3}:30:00+01:00`,
            endTime: '2026-07-08T12:00:00+01:00',
          }),
        ),
      ),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const winner = replies.find((reply) => reply.status === 201)!.body.id as string;
    for (const reply of replies.filter((answer) => answer.status === 409))
      expect(reply.body.clash.shiftId).toBe(winner);
    expect(await eventsOn(carer, '2026-07-08')).toEqual([['CarerShiftBooked', winner]]);
  });
});

describe('PATCH /api/shifts/:id', () => {
  it('records only the changed fields; a blank location clears it', async () => {
    const id = await planShift();
    const reply = await api.request('PATCH', `/api/shifts/${id}`, {
      shiftType: 'morning',
      status: 'pending',
      location: '',
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ id, revision: '1' });
    const [, changed] = await readShift(id);
    expect(changed!.type).toBe('ShiftChanged');
    expect(changed!.data).toEqual({ id, changes: { status: 'pending', location: null } });
  });

  it('answers with the current revision and appends nothing when nothing changes', async () => {
    const id = await planShift();
    const before = await settledLog(api.store);
    const reply = await api.request('PATCH', `/api/shifts/${id}`, { location: 'North office' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id, revision: '0' });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('checks a new start against the stored end (400) and appends nothing', async () => {
    const id = await planShift();
    const before = await settledLog(api.store);
    const reply = await api.request('PATCH', `/api/shifts/${id}`, { startTime: '2026-07-06T15:00:00+01:00' });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({ startTime: 'End time must be after the start time' });
    const inactive = await createCarer();
    expect((await api.request('PATCH', `/api/carers/${inactive}`, { isActive: false })).status).toBe(200);
    const afterCarer = await settledLog(api.store);
    const moved = await api.request('PATCH', `/api/shifts/${id}`, { carerId: inactive });
    expect(moved.body).toEqual({ error: 'Carer is inactive', fields: { carerId: 'Carer is inactive' } });
    expect(await appendedSince(api.store, afterCarer)).toEqual([]);
    expect((await appendedSince(api.store, before)).map((event) => event.streamId)).not.toContain(shiftStreamId(id));
  });

  it('refuses a stale If-Match (409) and accepts the current one', async () => {
    const id = await planShift();
    expect((await api.request('PATCH', `/api/shifts/${id}`, { notes: 'First' }, { 'If-Match': '0' })).status).toBe(200);
    const before = await settledLog(api.store);
    const stale = await api.request('PATCH', `/api/shifts/${id}`, { notes: 'Second' }, { 'If-Match': '0' });
    expect(stale.status).toBe(409);
    expect(await appendedSince(api.store, before)).toEqual([]);
    expect((await api.request('PATCH', `/api/shifts/${id}`, { notes: 'Second' }, { 'If-Match': '"1"' })).status).toBe(
      200,
    );
  });

  it('answers 404 for an unknown or malformed id and 409 for a cancelled shift', async () => {
    expect((await api.request('PATCH', `/api/shifts/${randomUUID()}`, { notes: 'x' })).body).toEqual({
      error: 'Shift not found',
    });
    expect((await api.request('PATCH', '/api/shifts/shift-1', { notes: 'x' })).status).toBe(404);
    const id = await planShift();
    expect((await api.request('POST', `/api/shifts/${id}/cancel`, {})).status).toBe(200);
    const before = await settledLog(api.store);
    const reply = await api.request('PATCH', `/api/shifts/${id}`, { notes: 'x' });
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 409,
      body: { error: 'A cancelled shift cannot be changed' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});

describe('POST /api/shifts/:id/cancel', () => {
  it('cancels with a reason, once', async () => {
    const id = await planShift();
    const reply = await api.request('POST', `/api/shifts/${id}/cancel`, { reason: 'Carer on leave' });
    expect(reply.status, reply.text).toBe(200);
    const [, cancelled] = await readShift(id);
    expect(cancelled).toMatchObject({ type: 'ShiftCancelled', data: { id, reason: 'Carer on leave' } });
    const before = await settledLog(api.store);
    const again = await api.request('POST', `/api/shifts/${id}/cancel`);
    expect({ status: again.status, body: again.body }).toEqual({
      status: 409,
      body: { error: 'Shift is already cancelled' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers 404 for an unknown shift and 403 to a carer', async () => {
    expect((await api.request('POST', `/api/shifts/${randomUUID()}/cancel`)).status).toBe(404);
    const id = await planShift();
    const carerUser = await api.createUser('carer');
    expect((await carerUser.request('POST', `/api/shifts/${id}/cancel`)).status).toBe(403);
    expect(await readShift(id)).toHaveLength(1);
  });
});
