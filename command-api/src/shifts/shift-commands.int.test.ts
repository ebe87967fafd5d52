import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shiftStreamId } from '@care/events';
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

const planShift = (overrides: Record<string, unknown> = {}) => created(api.request('POST', '/api/shifts', shiftRequest(overrides)));
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
      expect({ status: reply.status, fields: reply.body.fields }, id).toEqual({ status: 400, fields: { carerId: message } });
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
    expect((await coordinator.request('POST', '/api/shifts', shiftRequest())).status).toBe(201);
  });
});

describe('PATCH /api/shifts/:id', () => {
  it('records only the changed fields; a blank location clears it', async () => {
    const id = await planShift();
    const reply = await api.request('PATCH', `/api/shifts/${id}`, { shiftType: 'morning', status: 'pending', location: '' });
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
    expect((await api.request('PATCH', `/api/shifts/${id}`, { notes: 'Second' }, { 'If-Match': '"1"' })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id and 409 for a cancelled shift', async () => {
    expect((await api.request('PATCH', `/api/shifts/${randomUUID()}`, { notes: 'x' })).body).toEqual({ error: 'Shift not found' });
    expect((await api.request('PATCH', '/api/shifts/shift-1', { notes: 'x' })).status).toBe(404);
    const id = await planShift();
    expect((await api.request('POST', `/api/shifts/${id}/cancel`, {})).status).toBe(200);
    const before = await settledLog(api.store);
    const reply = await api.request('PATCH', `/api/shifts/${id}`, { notes: 'x' });
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 409, body: { error: 'A cancelled shift cannot be changed' } });
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
    expect({ status: again.status, body: again.body }).toEqual({ status: 409, body: { error: 'Shift is already cancelled' } });
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
