import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appointmentStreamId, leaveStreamId, parseRecordedEvent } from '@care/events';
import {
  appendedSince,
  settledLog,
  startCommandApi,
  type ApiReply,
  type RunningCommandApi,
  type TestUser,
} from '../../testing';
import { OWN_REQUEST } from './decide';

/**
 * Leave through the real command API, each refusal sent as the user who must be refused: the reply says why, and
 * nothing is appended.
 */
let api: RunningCommandApi;
let coordinator: TestUser;
let otherCoordinator: TestUser;
let carer: TestUser;
/** The carer record linked to `carer`'s account (one record per account). */
let ownCarerId: string;
let clientId: string;

async function created(reply: Promise<ApiReply>): Promise<string> {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as string;
}

/** A carer record named Nadia Hussain, linked to the account when one is given. */
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

const leave = (carerId: string, fields: Record<string, unknown> = {}) => ({
  carerId,
  kind: 'annual',
  from: '2027-03-08',
  to: '2027-03-12',
  ...fields,
});

const requestLeave = (as: TestUser, body: Record<string, unknown>) => created(as.request('POST', '/api/leave', body));

/** A one-hour visit of the client, booked for the carer. */
const visit = (as: TestUser, carerId: string, scheduledStart: string, fields: Record<string, unknown> = {}) =>
  as.request('POST', '/api/appointments', { clientId, carerId, scheduledStart, durationMinutes: 60, ...fields });

/** The request is answered with `status` and `body`, and appends nothing. */
async function refused(send: () => Promise<ApiReply>, status: number, body: unknown): Promise<void> {
  const before = await settledLog(api.store);
  const reply = await send();
  expect({ status: reply.status, body: reply.body }, reply.text).toEqual({ status, body });
  expect(await appendedSince(api.store, before)).toEqual([]);
}

const leaveEvents = async (id: string) =>
  (await api.store.readStream(leaveStreamId(id))).map(parseRecordedEvent).map(({ type, data }) => ({ type, data }));

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'leave_cmds');
  coordinator = await api.createUser('coordinator');
  otherCoordinator = await api.createUser('coordinator');
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

describe('requesting leave', () => {
  it('a carer requests their own leave; the request records who asked', async () => {
    const carerId = ownCarerId;
    const id = await requestLeave(carer, leave(carerId, { note: 'Family wedding' }));
    expect(await leaveEvents(id)).toEqual([
      {
        type: 'LeaveRequested',
        data: {
          id,
          carerId,
          kind: 'annual',
          from: '2027-03-08',
          to: '2027-03-12',
          dayPart: 'full',
          note: 'Family wedding',
          requestedByUserId: carer.id,
        },
      },
    ]);
  });

  it('a carer naming another carer is answered as for a carer that does not exist', async () => {
    const otherCarerId = await carerRecord();
    await refused(() => carer.request('POST', '/api/leave', leave(otherCarerId)), 404, {
      error: 'Carer not found',
      fields: { carerId: 'Carer not found' },
    });
  });

  it('bad dates answer 400 naming the field', async () => {
    const carerId = await carerRecord();
    await refused(() => coordinator.request('POST', '/api/leave', leave(carerId, { to: '2027-03-01' })), 400, {
      error: 'Validation failed',
      fields: { to: 'The last day of leave cannot be before the first' },
    });
    await refused(() => coordinator.request('POST', '/api/leave', leave(carerId, { kind: 'holiday' })), 400, {
      error: 'Validation failed',
      fields: { kind: 'Kind must be annual, sick, training, compassionate or other' },
    });
  });
});

describe('approving leave', () => {
  it('a carer cannot approve their own leave', async () => {
    const id = await requestLeave(carer, leave(ownCarerId, { from: '2027-04-05', to: '2027-04-06' }));
    await refused(() => carer.request('POST', `/api/leave/${id}/approve`, {}), 403, {
      error: 'Forbidden',
    });
  });

  it('a coordinator cannot approve leave they requested; another coordinator can', async () => {
    const carerId = await carerRecord();
    const id = await requestLeave(coordinator, leave(carerId));
    await refused(() => coordinator.request('POST', `/api/leave/${id}/approve`, {}), 403, { error: OWN_REQUEST });

    const approved = await otherCoordinator.request('POST', `/api/leave/${id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect((await leaveEvents(id)).map(({ type }) => type)).toEqual(['LeaveRequested', 'LeaveApproved']);
  });

  it('leave overlapping approved leave of the same carer is refused, naming the other leave', async () => {
    const carerId = await carerRecord();
    const first = await requestLeave(coordinator, leave(carerId));
    expect((await otherCoordinator.request('POST', `/api/leave/${first}/approve`, {})).status).toBe(200);
    const second = await requestLeave(coordinator, leave(carerId, { from: '2027-03-12', to: '2027-03-15' }));
    await refused(() => otherCoordinator.request('POST', `/api/leave/${second}/approve`, {}), 409, {
      error: `This leave overlaps the carer's approved annual leave from 08/03/2027 to 12/03/2027 (leave ${first})`,
      otherLeaveId: first,
    });
  });

  it('over assigned visits lists them first, and with unassignVisits unassigns them', async () => {
    const carerId = await carerRecord();
    const inLeave = await created(visit(coordinator, carerId, '2027-05-11T09:00:00.000Z'));
    const afterLeave = await created(visit(coordinator, carerId, '2027-05-14T09:00:00.000Z'));
    const id = await requestLeave(coordinator, leave(carerId, { from: '2027-05-10', to: '2027-05-12' }));

    await refused(() => otherCoordinator.request('POST', `/api/leave/${id}/approve`, {}), 409, {
      error: 'The carer has 1 visit during this leave. Approve with unassignVisits to unassign it, or reassign first.',
      fields: {
        unassignVisits:
          'The carer has 1 visit during this leave. Approve with unassignVisits to unassign it, or reassign first.',
      },
      visits: [
        {
          appointmentId: inLeave,
          start: '2027-05-11T09:00:00.000Z',
          end: '2027-05-11T10:00:00.000Z',
          clientId,
          clientName: 'Edith Green',
        },
      ],
    });

    const approved = await otherCoordinator.request('POST', `/api/leave/${id}/approve`, { unassignVisits: true });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.unassignedAppointmentIds).toEqual([inLeave]);
    const visitTypes = async (appointmentId: string) =>
      (await api.store.readStream(appointmentStreamId(appointmentId))).map((event) => event.type);
    expect(await visitTypes(inLeave)).toEqual(['AppointmentScheduled', 'AppointmentCarerUnassigned']);
    expect(await visitTypes(afterLeave)).toEqual(['AppointmentScheduled']);
    expect((await leaveEvents(id)).at(-1)).toEqual({
      type: 'LeaveApproved',
      data: { id, carerId, unassignedAppointmentIds: [inLeave] },
    });
  });
});

describe('assigning a visit to a carer on approved leave', () => {
  it('is refused naming the leave; a coordinator cannot override; an administrator can, and the reason is recorded', async () => {
    const carerId = await carerRecord();
    const id = await requestLeave(coordinator, leave(carerId));
    expect((await otherCoordinator.request('POST', `/api/leave/${id}/approve`, {})).status).toBe(200);
    const onLeave = 'Nadia Hussain is on annual leave on 12/03/2027';

    await refused(() => visit(coordinator, carerId, '2027-03-12T14:00:00.000Z'), 409, {
      error: onLeave,
      fields: { carerId: onLeave },
    });
    const unassigned = await created(visit(coordinator, '', '2027-03-12T14:00:00.000Z'));
    await refused(() => coordinator.request('POST', `/api/appointments/${unassigned}/assign`, { carerId }), 409, {
      error: onLeave,
      fields: { carerId: onLeave },
    });
    const notAllowed = `${onLeave}: only an administrator can book a carer on leave`;
    await refused(
      () =>
        coordinator.request('POST', `/api/appointments/${unassigned}/assign`, {
          carerId,
          leaveOverrideReason: 'No one else knows the client',
        }),
      403,
      { error: notAllowed, fields: { leaveOverrideReason: notAllowed } },
    );

    const overridden = await api.request('POST', `/api/appointments/${unassigned}/assign`, {
      carerId,
      leaveOverrideReason: 'No one else knows the client',
    });
    expect(overridden.status, overridden.text).toBe(200);
    const events = (await api.store.readStream(appointmentStreamId(unassigned))).map(parseRecordedEvent);
    expect(events.at(-1)).toMatchObject({
      type: 'AppointmentCarerAssigned',
      data: { carerId, leaveOverrideReason: 'No one else knows the client' },
    });
    const scheduled = await created(
      visit(api.admin, carerId, '2027-03-11T09:00:00.000Z', { leaveOverrideReason: 'Client asked for Nadia' }),
    );
    const [scheduledEvent] = (await api.store.readStream(appointmentStreamId(scheduled))).map(parseRecordedEvent);
    expect(scheduledEvent).toMatchObject({
      type: 'AppointmentScheduled',
      data: { carerId, leaveOverrideReason: 'Client asked for Nadia' },
    });
    // The day after the leave is free again.
    expect((await visit(coordinator, carerId, '2027-03-13T09:00:00.000Z')).status).toBe(201);
  });

  it('a morning off leaves the afternoon free (13:00 London time)', async () => {
    const carerId = await carerRecord();
    const id = await requestLeave(
      coordinator,
      leave(carerId, { from: '2027-07-08', to: '2027-07-08', dayPart: 'morning' }),
    );
    expect((await otherCoordinator.request('POST', `/api/leave/${id}/approve`, {})).status).toBe(200);
    // 12:00 BST is 11:00 UTC: in the morning. 13:00 BST is 12:00 UTC: the afternoon.
    expect((await visit(coordinator, carerId, '2027-07-08T11:00:00.000Z')).body.error).toBe(
      'Nadia Hussain is on annual leave on 08/07/2027 (morning)',
    );
    expect((await visit(coordinator, carerId, '2027-07-08T12:00:00.000Z')).status).toBe(201);
  });

  it('moving an assigned visit into the leave is refused as booking it would be; an administrator may, with a reason', async () => {
    const carerId = await carerRecord();
    const id = await requestLeave(coordinator, leave(carerId, { from: '2027-09-14', to: '2027-09-14' }));
    expect((await otherCoordinator.request('POST', `/api/leave/${id}/approve`, {})).status).toBe(200);
    const booked = await created(visit(coordinator, carerId, '2027-09-13T09:00:00.000Z'));
    const onLeave = 'Nadia Hussain is on annual leave on 14/09/2027';
    const moveTo = { scheduledStart: '2027-09-14T09:00:00.000Z', durationMinutes: 60 };

    await refused(() => coordinator.request('POST', `/api/appointments/${booked}/reschedule`, moveTo), 409, {
      error: onLeave,
      fields: { carerId: onLeave },
    });
    const notAllowed = `${onLeave}: only an administrator can book a carer on leave`;
    await refused(
      () =>
        coordinator.request('POST', `/api/appointments/${booked}/reschedule`, {
          ...moveTo,
          leaveOverrideReason: 'Family asked for the same carer',
        }),
      403,
      { error: notAllowed, fields: { leaveOverrideReason: notAllowed } },
    );
    const moved = await api.request('POST', `/api/appointments/${booked}/reschedule`, {
      ...moveTo,
      leaveOverrideReason: 'Family asked for the same carer',
    });
    expect(moved.status, moved.text).toBe(200);
    const events = (await api.store.readStream(appointmentStreamId(booked))).map(parseRecordedEvent);
    expect(events.at(-1)).toMatchObject({
      type: 'AppointmentRescheduled',
      data: { scheduledStart: moveTo.scheduledStart, leaveOverrideReason: 'Family asked for the same carer' },
    });
  });

  it('a cancelled leave frees the carer again', async () => {
    const carerId = await carerRecord();
    const id = await requestLeave(coordinator, leave(carerId, { from: '2027-08-02', to: '2027-08-02' }));
    expect((await otherCoordinator.request('POST', `/api/leave/${id}/approve`, {})).status).toBe(200);
    expect((await visit(coordinator, carerId, '2027-08-02T09:00:00.000Z')).status).toBe(409);
    const cancelled = await otherCoordinator.request('POST', `/api/leave/${id}/cancel`, { reason: 'Rota cover' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await visit(coordinator, carerId, '2027-08-02T09:00:00.000Z')).status).toBe(201);
  });
});

describe('cancelling leave', () => {
  it("a carer cannot reach another carer's leave (404), and withdraws their own while it waits", async () => {
    const carerId = ownCarerId;
    const othersLeave = await requestLeave(coordinator, leave(await carerRecord()));
    await refused(() => carer.request('POST', `/api/leave/${othersLeave}/cancel`, {}), 404, {
      error: 'Leave not found',
    });
    const own = await requestLeave(carer, leave(carerId, { from: '2027-09-01', to: '2027-09-01' }));
    const withdrawn = await carer.request('POST', `/api/leave/${own}/cancel`, {});
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect((await leaveEvents(own)).at(-1)?.type).toBe('LeaveCancelled');
  });
});
