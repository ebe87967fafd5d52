import type { LeavePeriod, LeaveSliceEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import {
  decideCarerLeaveBooking,
  decideCarerLeaveRelease,
  evolveCarerLeave,
  initialCarerLeaveState,
  leaveDuring,
  type CarerLeaveState,
} from './carer-leave';
import { CANCEL_REASON_REQUIRED, decide, ONLY_REQUESTER_CANCELS, OWN_LEAVE, OWN_REQUEST } from './decide';
import type { LeaveCommand, LeaveDecider } from './leave-commands';
import { evolve, initialLeaveState, type LeaveState } from './leave-state';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const otherLeaveId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7c';
const carerId = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const carerUserId = '0190a5b2-7c3d-7e4f-8a1b-00000000000a';
const coordinatorId = '0190a5b2-7c3d-7e4f-8a1b-00000000000b';
const otherCoordinatorId = '0190a5b2-7c3d-7e4f-8a1b-00000000000c';

const period: LeavePeriod = { kind: 'annual', from: '2027-03-08', to: '2027-03-12', dayPart: 'full' };
const requested: LeaveSliceEvent = {
  type: 'LeaveRequested',
  data: { id, carerId, ...period, note: 'Family wedding', requestedByUserId: carerUserId },
};
const approved: LeaveSliceEvent = { type: 'LeaveApproved', data: { id, carerId, unassignedAppointmentIds: [] } };
const declined: LeaveSliceEvent = { type: 'LeaveDeclined', data: { id, carerId, reason: 'Short staffed' } };

const carer: LeaveDecider = { userId: carerUserId, carerId, mayApprove: false };
const coordinator: LeaveDecider = { userId: coordinatorId, carerId: null, mayApprove: true };
const otherCoordinator: LeaveDecider = { userId: otherCoordinatorId, carerId: null, mayApprove: true };

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: LeaveSliceEvent[]) {
  const state = events.reduce<LeaveState>(evolve, initialLeaveState);
  return {
    when: (command: LeaveCommand) => ({
      then: (expected: LeaveSliceEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefused: (expected: ReturnType<typeof refusal>) =>
        expect(refusal(() => decide(command, state))).toEqual(expected),
    }),
  };
}

const approve = (decider: LeaveDecider, unassignedAppointmentIds: string[] = []): LeaveCommand => ({
  type: 'ApproveLeave',
  id,
  decider,
  unassignedAppointmentIds,
});
const decline = (decider: LeaveDecider): LeaveCommand => ({
  type: 'DeclineLeave',
  id,
  decider,
  reason: 'Short staffed',
});
const cancel = (decider: LeaveDecider, reason: string | null = null): LeaveCommand => ({
  type: 'CancelLeave',
  id,
  decider,
  reason,
});
const notFound = { kind: 'not_found', message: 'Leave not found', field: undefined } as const;

describe('decide: RequestLeave', () => {
  it('records the request with its requester', () => {
    given()
      .when({ type: 'RequestLeave', id, carerId, period, note: 'Family wedding', requestedByUserId: carerUserId })
      .then([requested]);
  });

  it('refuses to request the same leave twice', () => {
    given(requested)
      .when({ type: 'RequestLeave', id, carerId, period, note: null, requestedByUserId: carerUserId })
      .thenRefused({ kind: 'conflict', message: 'Leave already exists', field: undefined });
  });
});

describe('decide: ApproveLeave', () => {
  it('approves a request made by the carer, recording the visits it unassigns', () => {
    const visit = '0190a5b2-7c3d-7e4f-8a1b-0000000000f1';
    given(requested)
      .when(approve(coordinator, [visit]))
      .then([{ type: 'LeaveApproved', data: { id, carerId, unassignedAppointmentIds: [visit] } }]);
  });

  it('refuses the carer the leave is for, even when they hold approval rights', () => {
    given(requested)
      .when(approve({ userId: carerUserId, carerId, mayApprove: true }))
      .thenRefused({ kind: 'forbidden', message: OWN_LEAVE, field: undefined });
  });

  it('refuses whoever requested the leave', () => {
    const byCoordinator: LeaveSliceEvent = {
      type: 'LeaveRequested',
      data: { ...requested.data, requestedByUserId: coordinatorId } as Extract<
        LeaveSliceEvent,
        { type: 'LeaveRequested' }
      >['data'],
    };
    given(byCoordinator)
      .when(approve(coordinator))
      .thenRefused({ kind: 'forbidden', message: OWN_REQUEST, field: undefined });
    given(byCoordinator)
      .when(approve(otherCoordinator))
      .then([{ type: 'LeaveApproved', data: { id, carerId, unassignedAppointmentIds: [] } }]);
  });

  it('refuses someone without approval rights', () => {
    given(requested)
      .when(approve({ ...carer, userId: otherCoordinatorId, carerId: null }))
      .thenRefused({
        kind: 'forbidden',
        message: 'Only a coordinator or administrator can decide on leave',
        field: undefined,
      });
  });

  it('refuses leave that is no longer waiting', () => {
    given(requested, approved).when(approve(coordinator)).thenRefused({
      kind: 'conflict',
      message: 'Only requested leave can be approved; this leave is approved',
      field: undefined,
    });
    given(requested, declined).when(approve(coordinator)).thenRefused({
      kind: 'conflict',
      message: 'Only requested leave can be approved; this leave is declined',
      field: undefined,
    });
  });

  it('answers 404 for leave never requested', () => {
    given().when(approve(coordinator)).thenRefused(notFound);
  });
});

describe('decide: DeclineLeave', () => {
  it('declines with the reason', () => {
    given(requested).when(decline(coordinator)).then([declined]);
  });

  it('refuses the carer the leave is for', () => {
    given(requested)
      .when(decline({ userId: carerUserId, carerId, mayApprove: true }))
      .thenRefused({ kind: 'forbidden', message: OWN_LEAVE, field: undefined });
  });
});

describe('decide: CancelLeave', () => {
  const cancelled = (reason: string | null, wasApproved: boolean): LeaveSliceEvent => ({
    type: 'LeaveCancelled',
    data: { id, carerId, reason, wasApproved },
  });

  it('lets the requester withdraw a waiting request without a reason', () => {
    given(requested)
      .when(cancel(carer))
      .then([cancelled(null, false)]);
  });

  it('refuses the requester once the leave is approved', () => {
    given(requested, approved)
      .when(cancel(carer, 'Plans changed'))
      .thenRefused({ kind: 'forbidden', message: ONLY_REQUESTER_CANCELS, field: undefined });
  });

  it('lets an approver cancel approved leave with a reason, and says it was approved', () => {
    given(requested, approved)
      .when(cancel(coordinator, 'Rota cover'))
      .then([cancelled('Rota cover', true)]);
  });

  it('asks an approver for a reason', () => {
    given(requested, approved)
      .when(cancel(coordinator))
      .thenRefused({ kind: 'invalid', message: CANCEL_REASON_REQUIRED, field: 'reason' });
  });

  it('refuses leave already declined', () => {
    given(requested, declined).when(cancel(coordinator, 'x')).thenRefused({
      kind: 'conflict',
      message: 'This leave is already declined',
      field: undefined,
    });
  });
});

describe("the carer's approved leave stream", () => {
  const book = (state: CarerLeaveState, leaveId: string, p: LeavePeriod) =>
    decideCarerLeaveBooking(state, carerId, leaveId, p).reduce(evolveCarerLeave, state);
  const held = book(initialCarerLeaveState, otherLeaveId, period);

  it('refuses approved leave overlapping other approved leave, naming it', () => {
    expect(
      refusal(() => decideCarerLeaveBooking(held, carerId, id, { ...period, from: '2027-03-12', to: '2027-03-14' })),
    ).toEqual({
      kind: 'conflict',
      message: `This leave overlaps the carer's approved annual leave from 08/03/2027 to 12/03/2027 (leave ${otherLeaveId})`,
      field: undefined,
    });
  });

  it('takes leave starting the day after other leave ends', () => {
    expect(decideCarerLeaveBooking(held, carerId, id, { ...period, from: '2027-03-13', to: '2027-03-14' })).toEqual([
      { type: 'CarerLeaveBooked', data: { carerId, leaveId: id, ...period, from: '2027-03-13', to: '2027-03-14' } },
    ]);
  });

  it('takes a morning and an afternoon of the same day', () => {
    const morning = book(initialCarerLeaveState, otherLeaveId, {
      kind: 'other',
      from: '2027-03-08',
      to: '2027-03-08',
      dayPart: 'morning',
    });
    const afternoon: LeavePeriod = { kind: 'other', from: '2027-03-08', to: '2027-03-08', dayPart: 'afternoon' };
    expect(decideCarerLeaveBooking(morning, carerId, id, afternoon)).toHaveLength(1);
  });

  it('finds the leave a visit falls in, half days split at 13:00 London time', () => {
    const morning = book(initialCarerLeaveState, otherLeaveId, {
      kind: 'sick',
      from: '2027-07-08',
      to: '2027-07-08',
      dayPart: 'morning',
    });
    // 12:30 to 13:00 BST is 11:30 to 12:00 UTC: inside the morning.
    expect(leaveDuring(morning, { start: '2027-07-08T11:30:00.000Z', end: '2027-07-08T12:00:00.000Z' })).toHaveLength(
      1,
    );
    // 13:00 to 14:00 BST: the afternoon, free.
    expect(leaveDuring(morning, { start: '2027-07-08T12:00:00.000Z', end: '2027-07-08T13:00:00.000Z' })).toEqual([]);
  });

  it('gives the time back when released', () => {
    const released = decideCarerLeaveRelease(held, carerId, otherLeaveId).reduce(evolveCarerLeave, held);
    expect(leaveDuring(released, { start: '2027-03-09T10:00:00.000Z', end: '2027-03-09T11:00:00.000Z' })).toEqual([]);
    expect(decideCarerLeaveRelease(released, carerId, otherLeaveId)).toEqual([]);
  });
});
