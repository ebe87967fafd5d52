import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  appointmentStreamId,
  WrongExpectedRevisionError,
  type EventStore,
  carerBookingsStreamId,
  parseRecordedEvent,
  positionToToken,
  type RawRecordedEvent,
} from '@care/events';
import {
  appendedSince,
  settledLog,
  startCommandApi,
  type ApiReply,
  type RunningCommandApi,
  type TestUser,
} from '../../testing';
import { AppointmentService } from './appointment-service';

let api: RunningCommandApi;
let coordinator: TestUser;
let carerUser: TestUser;
let ownCarerId: string;
let clientId: string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const POSITION_TOKEN = /^\d+\.\d+$/;

async function created(reply: Promise<ApiReply>): Promise<string> {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as string;
}

const createCarer = (overrides: Record<string, unknown> = {}) =>
  created(
    api.request('POST', '/api/carers', {
      firstName: 'Nadia',
      lastName: 'Hussain',
      email: 'nadia@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      ...overrides,
    }),
  );

const createClient = (overrides: Record<string, unknown> = {}) =>
  created(
    api.request('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Edith',
      lastName: 'Green',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
      ...overrides,
    }),
  );

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'appointment_cmds');
  coordinator = await api.createUser('coordinator');
  carerUser = await api.createUser('carer');
  ownCarerId = await createCarer({ userId: carerUser.id });
  clientId = await createClient();
});
afterAll(async () => {
  await api?.close();
});

/** 10:00 London on 21 November 2026 is 10:00 UTC (winter time). */
const at = (clock: string, date = '2026-11-21') => `${date}T${clock}:00.000Z`;

function visit(carerId: string | null, start: string, overrides: Record<string, unknown> = {}) {
  return { clientId, carerId, scheduledStart: start, durationMinutes: 60, tasks: ['Breakfast', 'Wash'], ...overrides };
}

const schedule = (carerId: string | null, start: string, overrides: Record<string, unknown> = {}) =>
  api.request('POST', '/api/appointments', visit(carerId, start, overrides));

const eventsOf = async (streamId: string) => (await api.store.readStream(streamId)).map(parseRecordedEvent);
const typesOf = async (streamId: string) => (await api.store.readStream(streamId)).map((event) => event.type);
const bookingTypes = (carerId: string, date = '2026-11-21') => typesOf(carerBookingsStreamId(carerId, date));
const types = (events: readonly RawRecordedEvent[]) => events.map((event) => event.type);

describe('POST /api/appointments', () => {
  it('schedules a visit with its defaults, books the carer, and answers with the revision and position', async () => {
    const carerId = await createCarer();
    const reply = await coordinator.request('POST', '/api/appointments', {
      ...visit(carerId.toUpperCase(), '2026-11-21T10:00:00+00:00'),
      tasks: [' Breakfast ', 'breakfast', 'Wash'],
      notes: ' ',
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(UUID),
      revision: '0',
      position: expect.stringMatching(POSITION_TOKEN),
      warnings: [],
    });
    const [scheduled] = await api.store.readStream(appointmentStreamId(reply.body.id));
    expect(scheduled!.type).toBe('AppointmentScheduled');
    expect(scheduled!.data).toEqual({
      id: reply.body.id,
      clientId,
      carerId,
      seriesId: null,
      scheduledStart: at('10:00'),
      durationMinutes: 60,
      visitType: 'personal_care',
      priority: 'normal',
      tasks: ['Breakfast', 'Wash'],
      notes: null,
    });
    expect(scheduled!.metadata).toMatchObject({ userId: coordinator.id });
    expect(positionToToken(scheduled!.position)).toBe(reply.body.position);
    const [booking] = await eventsOf(carerBookingsStreamId(carerId, '2026-11-21'));
    expect(booking).toMatchObject({
      type: 'CarerBooked',
      data: {
        carerId,
        date: '2026-11-21',
        appointmentId: reply.body.id,
        clientId,
        start: at('10:00'),
        end: at('11:00'),
      },
    });
  });

  it('schedules an unassigned visit without booking anyone', async () => {
    const before = await settledLog(api.store);
    const id = await created(schedule(null, at('10:00')));
    expect(types(await appendedSince(api.store, before))).toEqual(['AppointmentScheduled']);
    expect((await eventsOf(appointmentStreamId(id)))[0]).toMatchObject({ data: { carerId: null } });
  });

  it('refuses missing and invalid fields, unknown and inactive records, and appends nothing', async () => {
    const inactiveCarer = await createCarer({ isActive: false });
    const inactiveClient = await createClient({ isActive: false });
    const removedCarer = await createCarer();
    expect((await api.request('DELETE', `/api/carers/${removedCarer}`)).status).toBe(200);
    const before = await settledLog(api.store);

    const empty = await api.request('POST', '/api/appointments', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      error: 'Validation failed',
      fields: {
        clientId: 'Client is required',
        scheduledStart: 'Scheduled date and time is required',
        durationMinutes: 'Duration must be between 5 and 720 minutes',
      },
    });
    const invalid = await schedule('C-1', '2026-11-21T10:00', {
      durationMinutes: 721,
      visitType: 'gardening',
      priority: 'whenever',
    });
    expect(invalid.body.fields).toEqual({
      carerId: 'Carer not found',
      scheduledStart: 'Must be a valid date and time with its time zone',
      durationMinutes: 'Duration must be between 5 and 720 minutes',
      visitType: 'Visit type must be one of: personal_care, medication, companionship, domestic, transport',
      priority: 'Priority must be one of: low, normal, high, urgent',
    });

    const refusals = [
      [await schedule(randomUUID(), at('10:00')), { carerId: 'Carer not found' }],
      [await schedule(removedCarer, at('10:00')), { carerId: 'Carer not found' }],
      [await schedule(inactiveCarer, at('10:00')), { carerId: 'Carer is inactive' }],
      [await schedule(null, at('10:00'), { clientId: randomUUID() }), { clientId: 'Client not found' }],
      [await schedule(null, at('10:00'), { clientId: inactiveClient }), { clientId: 'Client is inactive' }],
    ] as const;
    for (const [reply, fields] of refusals) {
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 400,
        body: { error: Object.values(fields)[0], fields },
      });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('is forbidden to a carer', async () => {
    const reply = await carerUser.request('POST', '/api/appointments', visit(ownCarerId, at('10:00')));
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 403, body: { error: 'Forbidden' } });
  });

  it('refuses to double-book a carer with a 409 naming the clash, and appends nothing; back-to-back is fine', async () => {
    const carerId = await createCarer();
    const first = await created(schedule(carerId, at('10:00')));
    const before = await settledLog(api.store);
    const clash = await schedule(carerId, at('10:30'));
    const message = `Carer is already booked 10:00–11:00 on 21/11/2026 (visit ${first})`;
    expect({ status: clash.status, body: clash.body }).toEqual({
      status: 409,
      body: {
        error: message,
        fields: { carerId: message },
        clash: { appointmentId: first, start: at('10:00'), end: at('11:00') },
      },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
    await created(schedule(carerId, at('11:00')));
    await created(schedule(carerId, at('09:00')));
  });

  it('books exactly one of ten concurrent requests for the same carer at the same time', async () => {
    const carerId = await createCarer();
    const replies = await Promise.all(Array.from({ length: 10 }, () => schedule(carerId, at('14:00'))));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(9);
    expect(await bookingTypes(carerId)).toEqual(['CarerBooked']);
  });

  it("warns, without refusing, when the carer's clients that day exceed their limit", async () => {
    const carerId = await createCarer({ firstName: 'Tom', lastName: 'Reid', maxClientsPerDay: 1 });
    const secondClient = await createClient({ firstName: 'Arthur' });
    const firstReply = await schedule(carerId, at('08:00'));
    expect(firstReply.body.warnings).toEqual([]);
    // The same client again is still one client.
    expect((await schedule(carerId, at('09:00'))).body.warnings).toEqual([]);
    const over = await schedule(carerId, at('12:00'), { clientId: secondClient });
    expect(over.status).toBe(201);
    expect(over.body.warnings).toEqual(['Tom Reid is booked with 2 clients on 21/11/2026, above their limit of 1']);
  });
});

describe('assign, reschedule, cancel: the carer’s bookings follow the visit', () => {
  it('assigns, reassigns and unassigns, releasing the previous carer’s time', async () => {
    const [first, second] = [await createCarer(), await createCarer()];
    const id = await created(schedule(null, at('10:00')));
    const assigned = await api.request('POST', `/api/appointments/${id}/assign`, { carerId: first });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body).toMatchObject({ id, revision: '1', warnings: [] });
    const reassigned = await api.request(
      'POST',
      `/api/appointments/${id}/assign`,
      { carerId: second },
      { 'If-Match': '1' },
    );
    expect(reassigned.status, reassigned.text).toBe(200);
    expect(await bookingTypes(first)).toEqual(['CarerBooked', 'CarerBookingReleased']);
    const unassigned = await api.request('POST', `/api/appointments/${id}/unassign`);
    expect(unassigned.status, unassigned.text).toBe(200);
    expect(await typesOf(appointmentStreamId(id))).toEqual([
      'AppointmentScheduled',
      'AppointmentCarerAssigned',
      'AppointmentCarerAssigned',
      'AppointmentCarerUnassigned',
    ]);
    expect(await bookingTypes(second)).toEqual(['CarerBooked', 'CarerBookingReleased']);
    // Both carers are free at that time again.
    await created(schedule(first, at('10:00')));
    await created(schedule(second, at('10:00')));
  });

  it('refuses an assignment that clashes, and a stale If-Match, giving the booking back', async () => {
    const carerId = await createCarer();
    const busy = await created(schedule(carerId, at('10:00')));
    const id = await created(schedule(null, at('10:30')));
    const before = await settledLog(api.store);
    const clash = await api.request('POST', `/api/appointments/${id}/assign`, { carerId });
    expect(clash.status).toBe(409);
    expect(clash.body.clash).toEqual({ appointmentId: busy, start: at('10:00'), end: at('11:00') });
    expect(await appendedSince(api.store, before)).toEqual([]);

    const other = await createCarer();
    const stale = await api.request('POST', `/api/appointments/${id}/assign`, { carerId: other }, { 'If-Match': '7' });
    expect({ status: stale.status, body: stale.body }).toEqual({
      status: 409,
      body: { error: 'This record was changed by someone else. Reload it and try again.' },
    });
    // Refused before booking: the other carer's day holds nothing.
    expect(await bookingTypes(other)).toEqual([]);
  });

  it('reschedules, moving the booking and freeing the old time', async () => {
    const carerId = await createCarer();
    const id = await created(schedule(carerId, at('10:00')));
    const moved = await api.request('POST', `/api/appointments/${id}/reschedule`, {
      scheduledStart: at('15:00'),
      durationMinutes: 30,
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await eventsOf(appointmentStreamId(id))).at(-1)).toMatchObject({
      type: 'AppointmentRescheduled',
      data: { id, scheduledStart: at('15:00'), durationMinutes: 30 },
    });
    await created(schedule(carerId, at('10:00')));
    expect((await schedule(carerId, at('15:15'))).status).toBe(409);

    // To another day: the old day's booking is released.
    const nextDay = await api.request('POST', `/api/appointments/${id}/reschedule`, {
      scheduledStart: at('15:00', '2026-11-22'),
      durationMinutes: 30,
    });
    expect(nextDay.status, nextDay.text).toBe(200);
    await created(schedule(carerId, at('15:15')));
    expect(await bookingTypes(carerId, '2026-11-22')).toEqual(['CarerBooked']);
  });

  it('refuses a reschedule into a clash and leaves the visit where it was', async () => {
    const carerId = await createCarer();
    const busy = await created(schedule(carerId, at('12:00')));
    const id = await created(schedule(carerId, at('10:00')));
    const before = await settledLog(api.store);
    const reply = await api.request('POST', `/api/appointments/${id}/reschedule`, {
      scheduledStart: at('11:30'),
      durationMinutes: 60,
    });
    expect(reply.status).toBe(409);
    expect(reply.body.clash.appointmentId).toBe(busy);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('changes the details of a scheduled visit', async () => {
    const id = await created(schedule(null, at('10:00')));
    const reply = await api.request('PATCH', `/api/appointments/${id}`, {
      priority: 'urgent',
      notes: 'Ring the bell twice',
      visitType: 'personal_care',
    });
    expect(reply.status, reply.text).toBe(200);
    expect((await eventsOf(appointmentStreamId(id))).at(-1)).toEqual(
      expect.objectContaining({
        type: 'AppointmentDetailsChanged',
        data: { id, changes: { priority: 'urgent', notes: 'Ring the bell twice' } },
      }),
    );
    const invalid = await api.request('PATCH', `/api/appointments/${id}`, { priority: 'soon' });
    expect(invalid.body).toEqual({
      error: 'Validation failed',
      fields: { priority: 'Priority must be one of: low, normal, high, urgent' },
    });
  });

  it('cancels with a reason, freeing the carer, and refuses a second cancellation', async () => {
    const carerId = await createCarer();
    const id = await created(schedule(carerId, at('10:00')));
    const noReason = await api.request('POST', `/api/appointments/${id}/cancel`, {});
    expect(noReason.body).toEqual({
      error: 'Validation failed',
      fields: { reason: 'Cancellation reason is required' },
    });
    const cancelled = await api.request('POST', `/api/appointments/${id}/cancel`, { reason: 'Client in hospital' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await bookingTypes(carerId)).toEqual(['CarerBooked', 'CarerBookingReleased']);
    await created(schedule(carerId, at('10:00')));
    const again = await api.request('POST', `/api/appointments/${id}/cancel`, { reason: 'Again' });
    expect({ status: again.status, body: again.body }).toEqual({
      status: 409,
      body: { error: 'Cannot cancel a visit that was cancelled' },
    });
  });

  it('records a no-show without a body, freeing the carer', async () => {
    const carerId = await createCarer();
    const id = await created(schedule(carerId, at('10:00')));
    const reply = await api.request('POST', `/api/appointments/${id}/no-show`);
    expect(reply.status, reply.text).toBe(200);
    expect((await eventsOf(appointmentStreamId(id))).at(-1)).toMatchObject({
      type: 'AppointmentNoShowRecorded',
      data: { reason: null },
    });
    expect(await bookingTypes(carerId)).toEqual(['CarerBooked', 'CarerBookingReleased']);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const path of [
      `/api/appointments/${randomUUID()}/cancel`,
      '/api/appointments/A-1/cancel',
      `/api/appointments/${randomUUID()}/check-in`,
    ]) {
      const reply = await api.request('POST', path, { reason: 'x' });
      expect({ status: reply.status, body: reply.body }, path).toEqual({
        status: 404,
        body: { error: 'Appointment not found' },
      });
    }
  });
});

describe('when the appointment append fails after the carer was booked', () => {
  /** The store, except that every append to an appointment stream loses a race. */
  const losingAppointmentAppends = (store: EventStore): EventStore => ({
    append: (streamId, events, expected) =>
      streamId.startsWith('appointment-')
        ? Promise.reject(new WrongExpectedRevisionError(streamId, expected, 'no_stream'))
        : store.append(streamId, events, expected),
    readStream: (streamId) => store.readStream(streamId),
    readAll: (after, maxCount) => store.readAll(after, maxCount),
    subscribe: (options) => store.subscribe(options),
    identity: () => store.identity(),
    close: async () => undefined,
  });
  const context = { userId: 'test', requestId: 'test-compensation' };

  it('gives a new booking back, and puts a rescheduled one back to its old time', async () => {
    const carerId = await createCarer();
    const id = await created(schedule(carerId, at('16:00')));
    const failing = new AppointmentService(losingAppointmentAppends(api.store));

    await expect(
      failing.schedule({ ...visit(carerId, at('18:00')), visitType: 'domestic', priority: 'low', tasks: [] }, context),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(
      failing.reschedule(id, { scheduledStart: at('16:30'), durationMinutes: 60 }, undefined, context),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const day = await eventsOf(carerBookingsStreamId(carerId, '2026-11-21'));
    expect(day.map((event) => [event.type, (event.data as { start?: string }).start])).toEqual([
      ['CarerBooked', at('16:00')],
      ['CarerBooked', at('18:00')],
      ['CarerBookingReleased', undefined],
      ['CarerBooked', at('16:30')],
      ['CarerBooked', at('16:00')],
    ]);
    // 18:00 is free again, 16:00 still held by the visit.
    await created(schedule(carerId, at('18:00')));
    expect((await schedule(carerId, at('16:45'))).status).toBe(409);
  });
});

describe('a booking left behind by a crash between the booking and the appointment append', () => {
  const orphan = (carerId: string, start: string, end: string, bookedAt: Date) => {
    const appointmentId = randomUUID();
    const correlationId = randomUUID();
    return api.store.append(
      carerBookingsStreamId(carerId, start.slice(0, 10)),
      [
        {
          eventId: randomUUID(),
          type: 'CarerBooked',
          schemaVersion: 1,
          data: { carerId, date: start.slice(0, 10), appointmentId, clientId, start, end },
          metadata: { userId: 'test', occurredAt: bookedAt.toISOString(), correlationId, causationId: correlationId },
        },
      ],
      'any',
    );
  };

  it('no longer blocks the carer once it is old enough, and is released', async () => {
    const carerId = await createCarer();
    await orphan(carerId, at('07:00'), at('08:00'), new Date(Date.now() - 3_600_000));
    await created(schedule(carerId, at('07:30')));
    expect(await bookingTypes(carerId)).toEqual(['CarerBooked', 'CarerBookingReleased', 'CarerBooked']);
  });

  it('still blocks while it may belong to a booking in flight', async () => {
    const carerId = await createCarer();
    await orphan(carerId, at('07:00'), at('08:00'), new Date());
    expect((await schedule(carerId, at('07:30'))).status).toBe(409);
  });
});

describe('check-in, check-out and amendment', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

  it('lets the carer record their own visit from check-in to check-out', async () => {
    const id = await created(
      schedule(ownCarerId, minutesAgo(30), { tasks: ['Breakfast', 'Wash', 'Medication prompt'] }),
    );
    const early = await carerUser.request('POST', `/api/appointments/${id}/check-out`, {});
    expect({ status: early.status, body: early.body }).toEqual({
      status: 409,
      body: { error: 'Check in to the visit before checking out' },
    });

    const checkIn = await carerUser.request('POST', `/api/appointments/${id}/check-in`, {
      source: 'Mobile',
      location: { latitude: 53.8, longitude: -1.55, accuracy: 10 },
      lateReason: 'Bus was late',
    });
    expect(checkIn.status, checkIn.text).toBe(200);
    const [, checkedIn] = await eventsOf(appointmentStreamId(id));
    expect(checkedIn).toMatchObject({
      type: 'VisitCheckedIn',
      data: {
        carerId: ownCarerId,
        source: 'Mobile',
        lateArrival: true,
        lateReason: 'Bus was late',
        location: { latitude: 53.8, address: null },
      },
      metadata: { userId: carerUser.id },
    });

    const foreignTask = await carerUser.request('POST', `/api/appointments/${id}/check-out`, {
      tasksCompleted: ['Gardening'],
    });
    expect(foreignTask.body).toEqual({
      error: '"Gardening" is not one of this visit\'s tasks',
      fields: { tasksCompleted: '"Gardening" is not one of this visit\'s tasks' },
    });
    const unclear = await carerUser.request('POST', `/api/appointments/${id}/check-out`, { shareWithFamily: 'yes' });
    expect({ status: unclear.status, fields: unclear.body.fields }).toEqual({
      status: 400,
      fields: { shareWithFamily: 'Share with the family must be true or false' },
    });
    const checkOut = await carerUser.request('POST', `/api/appointments/${id}/check-out`, {
      source: 'Mobile',
      tasksCompleted: ['breakfast', 'Wash'],
      notes: 'Enjoyed the garden',
      shareWithFamily: true,
      medicationGiven: true,
      clientMood: 'content',
      mileage: '4.5',
      expenses: '3.20',
      travelTimeMinutes: 12,
      signature: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(checkOut.status, checkOut.text).toBe(200);
    expect((await eventsOf(appointmentStreamId(id))).at(-1)).toMatchObject({
      type: 'VisitCheckedOut',
      data: {
        tasksCompleted: ['Breakfast', 'Wash'],
        medicationGiven: true,
        clientMood: 'content',
        mileageTenths: 45,
        expensesPence: 320,
        travelTimeMinutes: 12,
        signature: 'data:image/png;base64,iVBORw0KGgo=',
        notes: 'Enjoyed the garden',
        shareWithFamily: true,
      },
    });

    const carerAmend = await carerUser.request('POST', `/api/appointments/${id}/amend`, { notes: 'x', reason: 'typo' });
    expect(carerAmend.status).toBe(403);
    const amended = await coordinator.request('POST', `/api/appointments/${id}/amend`, {
      mileage: 5,
      reason: 'Odometer read again',
    });
    expect(amended.status, amended.text).toBe(200);
    expect(await typesOf(appointmentStreamId(id))).toEqual([
      'AppointmentScheduled',
      'VisitCheckedIn',
      'VisitCheckedOut',
      'VisitAmended',
    ]);
    expect((await eventsOf(appointmentStreamId(id))).at(-1)).toMatchObject({
      data: { changes: { mileageTenths: 50 }, reason: 'Odometer read again' },
      metadata: { userId: coordinator.id },
    });
    const changeCompleted = await api.request('POST', `/api/appointments/${id}/reschedule`, {
      scheduledStart: at('10:00'),
      durationMinutes: 30,
    });
    expect(changeCompleted.status).toBe(409);
  });

  it("answers a carer recording another carer's visit as if it did not exist, and appends nothing", async () => {
    const otherCarer = await createCarer();
    const id = await created(schedule(otherCarer, minutesAgo(5)));
    const before = await settledLog(api.store);
    const reply = await carerUser.request('POST', `/api/appointments/${id}/check-in`, { source: 'Mobile' });
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 404,
      body: { error: 'Appointment not found' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
    // A coordinator may record it on the carer's behalf, by hand with a reason.
    const manual = await coordinator.request('POST', `/api/appointments/${id}/check-in`, { source: 'Manual' });
    expect(manual.body.fields).toEqual({ manualInputReason: 'A reason is required for a manual entry' });
    const onBehalf = await coordinator.request('POST', `/api/appointments/${id}/check-in`, {
      source: 'Manual',
      manualInputReason: 'Carer phone broken',
    });
    expect(onBehalf.status, onBehalf.text).toBe(200);
  });

  it('refuses a check-in time in the future and an amendment of a visit not completed', async () => {
    const id = await created(schedule(ownCarerId, minutesAgo(-120)));
    const future = await carerUser.request('POST', `/api/appointments/${id}/check-in`, {
      checkedInAt: minutesAgo(-60),
    });
    expect(future.body).toEqual({
      error: 'Check-in time cannot be in the future',
      fields: { checkedInAt: 'Check-in time cannot be in the future' },
    });
    const amend = await coordinator.request('POST', `/api/appointments/${id}/amend`, { notes: 'x', reason: 'y' });
    expect({ status: amend.status, body: amend.body }).toEqual({
      status: 409,
      body: { error: 'Only a completed visit can be amended: this visit is scheduled' },
    });
  });
});

describe('when a visit may be recorded: the server’s time, times entered by hand, the check-in window', () => {
  const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('refuses a check-in days before the visit, saying when it opens, and appends nothing', async () => {
    const id = await created(schedule(ownCarerId, '2099-01-05T10:00:00.000Z'));
    const before = await settledLog(api.store);
    const reply = await carerUser.request('POST', `/api/appointments/${id}/check-in`, { source: 'Mobile' });
    const message = 'Check-in opens 2 hours before the visit starts: from 08:00 on 05/01/2099';
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 409,
      body: { error: message, fields: { checkedInAt: message } },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('accepts a check-in within the window before the start, on the server’s time', async () => {
    const id = await created(schedule(await createCarer(), minutesFromNow(90)));
    const reply = await coordinator.request('POST', `/api/appointments/${id}/check-in`, {
      source: 'Mobile',
      checkedInAt: minutesFromNow(0),
    });
    expect(reply.status, reply.text).toBe(200);
    const [, checkedIn] = await eventsOf(appointmentStreamId(id));
    const data = checkedIn!.data as { checkedInAt: string; recordedAt: string; handEnteredReason: string | null };
    expect(data.checkedInAt).toBe(data.recordedAt);
    expect(data.handEnteredReason).toBeNull();
    expect(Math.abs(Date.parse(data.recordedAt) - Date.parse(checkedIn!.metadata.occurredAt))).toBeLessThan(5_000);
  });

  it('keeps a time entered by hand beside the server’s time, and refuses one without a reason, in the future or too far back', async () => {
    const carerId = await createCarer();
    const id = await created(schedule(carerId, minutesFromNow(-180)));
    const before = await settledLog(api.store);
    const noReason = await coordinator.request('POST', `/api/appointments/${id}/check-in`, {
      checkedInAt: minutesFromNow(-170),
    });
    const reasonMessage = 'A reason is required when the check-in time is entered by hand';
    expect({ status: noReason.status, body: noReason.body }).toEqual({
      status: 400,
      body: { error: reasonMessage, fields: { handEnteredReason: reasonMessage } },
    });
    const future = await coordinator.request('POST', `/api/appointments/${id}/check-in`, {
      checkedInAt: minutesFromNow(30),
      handEnteredReason: 'x',
    });
    expect(future.body).toEqual({
      error: 'Check-in time cannot be in the future',
      fields: { checkedInAt: 'Check-in time cannot be in the future' },
    });
    const tooOld = await coordinator.request('POST', `/api/appointments/${id}/check-in`, {
      checkedInAt: minutesFromNow(-13 * 60),
      handEnteredReason: 'x',
    });
    expect({ status: tooOld.status, fields: tooOld.body.fields }).toEqual({
      status: 400,
      fields: { checkedInAt: 'Check-in time entered by hand must be within the last 12 hours' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);

    const arrived = minutesFromNow(-170);
    const manual = await coordinator.request('POST', `/api/appointments/${id}/check-in`, {
      checkedInAt: arrived,
      source: 'Manual',
      manualInputReason: 'No signal at the house; time from the paper timesheet',
    });
    expect(manual.status, manual.text).toBe(200);
    const [, checkedIn] = await eventsOf(appointmentStreamId(id));
    expect(checkedIn!.data).toMatchObject({
      checkedInAt: new Date(arrived).toISOString(),
      handEnteredReason: 'No signal at the house; time from the paper timesheet',
      lateArrival: false,
    });
    expect(Date.parse((checkedIn!.data as { recordedAt: string }).recordedAt)).toBeGreaterThan(
      Date.parse(arrived) + 160 * 60_000,
    );

    const leftAt = minutesFromNow(-110);
    const out = await coordinator.request('POST', `/api/appointments/${id}/check-out`, {
      checkedOutAt: leftAt,
      handEnteredReason: 'Forgot to check out',
    });
    expect(out.status, out.text).toBe(200);
    expect((await eventsOf(appointmentStreamId(id))).at(-1)!.data).toMatchObject({
      checkedOutAt: new Date(leftAt).toISOString(),
      handEnteredReason: 'Forgot to check out',
    });
  });

  it("records the client's optional 1-5 rating at check-out, and refuses one outside 1-5 naming the field", async () => {
    const id = await created(schedule(await createCarer(), minutesFromNow(-90)));
    expect((await coordinator.request('POST', `/api/appointments/${id}/check-in`, { source: 'Mobile' })).status).toBe(
      200,
    );
    const before = await settledLog(api.store);
    for (const clientRating of [0, 6, 3.5, 'good']) {
      const refused = await coordinator.request('POST', `/api/appointments/${id}/check-out`, { clientRating });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual({ clientRating: 'Client rating must be a whole number from 1 to 5' });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
    const out = await coordinator.request('POST', `/api/appointments/${id}/check-out`, { clientRating: '4' });
    expect(out.status, out.text).toBe(200);
    expect((await eventsOf(appointmentStreamId(id))).at(-1)).toMatchObject({
      type: 'VisitCheckedOut',
      data: { clientRating: 4 },
    });

    const unrated = await created(schedule(await createCarer(), minutesFromNow(-90)));
    await coordinator.request('POST', `/api/appointments/${unrated}/check-in`, { source: 'Mobile' });
    expect(
      (await coordinator.request('POST', `/api/appointments/${unrated}/check-out`, { clientRating: '' })).status,
    ).toBe(200);
    expect((await eventsOf(appointmentStreamId(unrated))).at(-1)!.data).not.toHaveProperty('clientRating');
  });

  it('accepts a check-out with a full-size signature (300,000 characters), and answers 413 beyond the body limit', async () => {
    const id = await created(schedule(await createCarer(), minutesFromNow(-400)));
    expect((await coordinator.request('POST', `/api/appointments/${id}/check-in`, { source: 'Mobile' })).status).toBe(
      200,
    );
    const prefix = 'data:image/png;base64,';
    const signature = prefix + 'A'.repeat(300_000 - prefix.length);
    const notes = 'é'.repeat(2_000);
    const reply = await coordinator.request('POST', `/api/appointments/${id}/check-out`, {
      signature,
      notes,
      healthObservations: notes,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(((await eventsOf(appointmentStreamId(id))).at(-1)!.data as { signature: string }).signature).toHaveLength(
      300_000,
    );

    const tooLarge = await coordinator.request('POST', `/api/appointments/${id}/amend`, {
      signature: signature + 'A'.repeat(200_000),
      reason: 'x',
    });
    expect(tooLarge.status).toBe(413);
    // Other writes keep the small limit.
    const bigNote = await coordinator.request(
      'POST',
      '/api/appointments',
      visit(null, at('10:00'), { notes: 'x'.repeat(150_000) }),
    );
    expect(bigNote.status).toBe(413);
  });
});

describe('POST /api/appointments/recurring', () => {
  const pattern = (carerId: string | null, overrides: Record<string, unknown> = {}) => ({
    clientId,
    carerId,
    daysOfWeek: [1, 3],
    startTime: '09:00',
    durationMinutes: 45,
    startDate: '2026-03-23',
    untilDate: '2026-04-03',
    tasks: ['Breakfast'],
    ...overrides,
  });

  it('creates one visit per matching day in one series, at the London time across the clock change', async () => {
    const carerId = await createCarer();
    const reply = await api.request('POST', '/api/appointments/recurring', pattern(carerId));
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toEqual({
      ids: [
        expect.stringMatching(UUID),
        expect.stringMatching(UUID),
        expect.stringMatching(UUID),
        expect.stringMatching(UUID),
      ],
      seriesId: expect.stringMatching(UUID),
      position: expect.stringMatching(POSITION_TOKEN),
      warnings: [],
    });
    const starts = [];
    for (const id of reply.body.ids as string[]) {
      const [scheduled] = await eventsOf(appointmentStreamId(id));
      expect(scheduled).toMatchObject({
        type: 'AppointmentScheduled',
        data: { seriesId: reply.body.seriesId, carerId, durationMinutes: 45 },
      });
      starts.push((scheduled!.data as { scheduledStart: string }).scheduledStart);
    }
    // Monday 23 and Wednesday 25 March in winter time; Monday 30 March and Wednesday 1 April in summer time.
    expect(starts).toEqual([
      '2026-03-23T09:00:00.000Z',
      '2026-03-25T09:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-04-01T08:00:00.000Z',
    ]);
    expect(await bookingTypes(carerId, '2026-04-01')).toEqual(['CarerBooked']);
  });

  it('refuses the whole pattern when any occurrence clashes, listing the dates, and appends nothing', async () => {
    const carerId = await createCarer();
    const busy = await created(schedule(carerId, '2026-03-25T09:30:00.000Z'));
    const before = await settledLog(api.store);
    const reply = await api.request('POST', '/api/appointments/recurring', pattern(carerId));
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe(`Carer is already booked 09:30–10:30 on 25/03/2026 (visit ${busy})`);
    expect(reply.body.clash).toEqual({
      appointmentId: busy,
      start: '2026-03-25T09:30:00.000Z',
      end: '2026-03-25T10:30:00.000Z',
    });
    // In summer time 08:00 UTC is 09:00 in London: Monday 30 March clashes too.
    const alsoBusy = await created(schedule(carerId, '2026-03-30T08:15:00.000Z'));
    const several = await api.request('POST', '/api/appointments/recurring', pattern(carerId));
    const message = 'Carer is already booked at overlapping times on 25/03/2026, 30/03/2026';
    expect({ status: several.status, error: several.body.error, fields: several.body.fields }).toEqual({
      status: 409,
      error: message,
      fields: { carerId: message },
    });
    expect(several.body.clashes.map((clash: { appointmentId: string }) => clash.appointmentId)).toEqual([
      busy,
      alsoBusy,
    ]);
    expect(types(await appendedSince(api.store, before))).toEqual(['CarerBooked', 'AppointmentScheduled']);
  });

  it('refuses an invalid pattern', async () => {
    const reply = await api.request(
      'POST',
      '/api/appointments/recurring',
      pattern(null, { daysOfWeek: [], startTime: '9am', untilDate: '2026-03-01' }),
    );
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: {
        daysOfWeek: 'Choose at least one day',
        startTime: 'Time must be HH:mm',
        untilDate: 'Until date must not be before the start date',
      },
    });
    const none = await api.request(
      'POST',
      '/api/appointments/recurring',
      pattern(null, { daysOfWeek: [6], untilDate: '2026-03-27' }),
    );
    expect(none.body.fields).toEqual({
      daysOfWeek: 'No day between the start and until dates is one of the chosen days',
    });
  });
});
