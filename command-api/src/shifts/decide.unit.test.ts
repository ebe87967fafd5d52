import type { ShiftEvent, ShiftPlan } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import type { CarerStanding, ShiftCommand } from './shift-commands';
import { evolve, initialShiftState, type ShiftState } from './shift-state';
import { decide } from './decide';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const carerId = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const otherCarerId = '0190a5b2-7c3d-7e4f-8a1b-000000000002';

const plan: ShiftPlan = {
  carerId,
  shiftType: 'morning',
  startTime: '2026-03-02T07:00:00.000Z',
  endTime: '2026-03-02T14:00:00.000Z',
  breakMinutes: 30,
  location: 'North office',
  status: 'confirmed',
  notes: null,
};

const planned: ShiftEvent = { type: 'ShiftPlanned', data: { id, ...plan } };
const cancelled: ShiftEvent = { type: 'ShiftCancelled', data: { id, reason: 'Carer on leave' } };

/** Given past events, when a command, then the new events or the refusal. */
function given(...events: ShiftEvent[]) {
  const state = events.reduce<ShiftState>(evolve, initialShiftState);
  return {
    when: (command: ShiftCommand) => ({
      then: (expected: ShiftEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decide(command, state)),
    }),
  };
}

const change = (changes: Partial<ShiftPlan>, carer?: CarerStanding): ShiftCommand => ({
  type: 'ChangeShift',
  id,
  changes,
  carer,
});

describe('decide: PlanShift', () => {
  it('plans a shift for an active carer with every field', () => {
    given().when({ type: 'PlanShift', id, plan, carer: 'active' }).then([planned]);
  });

  it('refuses a carer who does not exist (or was removed) and an inactive carer, on the carer field', () => {
    expect(given().when({ type: 'PlanShift', id, plan, carer: 'not_found' }).thenRefused()).toEqual({
      kind: 'invalid',
      message: 'Carer not found',
      field: 'carerId',
    });
    expect(given().when({ type: 'PlanShift', id, plan, carer: 'inactive' }).thenRefused()).toEqual({
      kind: 'invalid',
      message: 'Carer is inactive',
      field: 'carerId',
    });
  });

  it('refuses an end that is not after the start, and a shift longer than a day', () => {
    const backwards = { ...plan, endTime: plan.startTime };
    expect(given().when({ type: 'PlanShift', id, plan: backwards, carer: 'active' }).thenRefused()).toEqual({
      kind: 'invalid',
      message: 'End time must be after the start time',
      field: 'endTime',
    });
    const tooLong = { ...plan, endTime: '2026-03-03T07:01:00.000Z' };
    expect(given().when({ type: 'PlanShift', id, plan: tooLong, carer: 'active' }).thenRefused()).toMatchObject({
      message: 'A shift can last at most 24 hours',
    });
  });

  it('refuses planning a shift id that already exists', () => {
    expect(given(planned).when({ type: 'PlanShift', id, plan, carer: 'active' }).thenRefused()).toMatchObject({
      kind: 'conflict',
    });
  });
});

describe('decide: ChangeShift', () => {
  it('records only the fields that differ', () => {
    given(planned)
      .when(change({ shiftType: 'morning', status: 'pending', location: null, notes: 'Cover for Sam' }))
      .then([
        { type: 'ShiftChanged', data: { id, changes: { status: 'pending', location: null, notes: 'Cover for Sam' } } },
      ]);
  });

  it('appends nothing when nothing changes', () => {
    given(planned)
      .when(change({ shiftType: 'morning', breakMinutes: 30 }))
      .then([]);
  });

  it('checks a new start against the stored end, and a new end against the stored start', () => {
    expect(
      given(planned)
        .when(change({ startTime: '2026-03-02T15:00:00.000Z' }))
        .thenRefused(),
    ).toEqual({
      kind: 'invalid',
      message: 'End time must be after the start time',
      field: 'startTime',
    });
    expect(
      given(planned)
        .when(change({ endTime: '2026-03-02T06:00:00.000Z' }))
        .thenRefused(),
    ).toEqual({
      kind: 'invalid',
      message: 'End time must be after the start time',
      field: 'endTime',
    });
    expect(
      given(planned)
        .when(change({ endTime: '2026-03-03T08:00:00.000Z' }))
        .thenRefused(),
    ).toMatchObject({
      message: 'A shift can last at most 24 hours',
    });
    given(planned)
      .when(change({ startTime: '2026-03-02T08:00:00.000Z' }))
      .then([{ type: 'ShiftChanged', data: { id, changes: { startTime: '2026-03-02T08:00:00.000Z' } } }]);
  });

  it('moves the shift to another active carer, but not to a missing or inactive one', () => {
    given(planned)
      .when(change({ carerId: otherCarerId }, 'active'))
      .then([{ type: 'ShiftChanged', data: { id, changes: { carerId: otherCarerId } } }]);
    expect(
      given(planned)
        .when(change({ carerId: otherCarerId }, 'inactive'))
        .thenRefused(),
    ).toMatchObject({
      kind: 'invalid',
      message: 'Carer is inactive',
      field: 'carerId',
    });
    expect(
      given(planned)
        .when(change({ carerId: otherCarerId }, 'not_found'))
        .thenRefused(),
    ).toMatchObject({
      message: 'Carer not found',
    });
  });

  it('folds earlier changes into the state the next decision sees', () => {
    const moved: ShiftEvent = { type: 'ShiftChanged', data: { id, changes: { endTime: '2026-03-02T20:00:00.000Z' } } };
    given(planned, moved)
      .when(change({ startTime: '2026-03-02T15:00:00.000Z' }))
      .then([{ type: 'ShiftChanged', data: { id, changes: { startTime: '2026-03-02T15:00:00.000Z' } } }]);
  });

  it('refuses an unknown shift and a cancelled one', () => {
    expect(
      given()
        .when(change({ status: 'pending' }))
        .thenRefused(),
    ).toEqual({ kind: 'not_found', message: 'Shift not found', field: undefined });
    expect(
      given(planned, cancelled)
        .when(change({ status: 'pending' }))
        .thenRefused(),
    ).toEqual({
      kind: 'conflict',
      message: 'A cancelled shift cannot be changed',
      field: undefined,
    });
  });
});

describe('decide: CancelShift', () => {
  it('cancels a planned shift with its reason', () => {
    given(planned).when({ type: 'CancelShift', id, reason: 'Carer on leave' }).then([cancelled]);
    given(planned)
      .when({ type: 'CancelShift', id, reason: null })
      .then([{ type: 'ShiftCancelled', data: { id, reason: null } }]);
  });

  it('refuses an unknown shift and a second cancellation', () => {
    expect(given().when({ type: 'CancelShift', id, reason: null }).thenRefused()).toMatchObject({
      kind: 'not_found',
      message: 'Shift not found',
    });
    expect(given(planned, cancelled).when({ type: 'CancelShift', id, reason: null }).thenRefused()).toEqual({
      kind: 'conflict',
      message: 'Shift is already cancelled',
      field: undefined,
    });
  });
});
