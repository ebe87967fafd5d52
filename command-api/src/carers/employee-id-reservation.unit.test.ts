import type { EmployeeIdEvent } from '@care/events';
import { employeeIdStreamId } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import {
  decideRelease as decideReleaseOf,
  decideReserve as decideReserveOf,
  evolveReservation,
  initialReservationState,
  type ReservationState,
} from '../shared/reservation';
import { EMPLOYEE_ID_TAKEN, employeeIdReservation } from './employee-id-reservation';

const carerA = '0190a5b2-7c3d-7e4f-8a1b-00000000000a';
const carerB = '0190a5b2-7c3d-7e4f-8a1b-00000000000b';
const employeeId = 'EMP-1';

const reservedBy = (carerId: string): EmployeeIdEvent => ({
  type: 'EmployeeIdReserved',
  data: { employeeId, carerId },
});
const releasedBy = (carerId: string): EmployeeIdEvent => ({
  type: 'EmployeeIdReleased',
  data: { employeeId, carerId },
});
const given = (...events: EmployeeIdEvent[]): ReservationState =>
  events.reduce((state, event) => evolveReservation(employeeIdReservation, state, event), initialReservationState);
const decideReserve = (state: ReservationState, value: string, owner: string) =>
  decideReserveOf(employeeIdReservation, state, value, owner);
const decideRelease = (state: ReservationState, value: string, owner: string) =>
  decideReleaseOf(employeeIdReservation, state, value, owner);

describe('employee ID reservation', () => {
  it('reserves a free ID', () => {
    expect(decideReserve(given(), employeeId, carerA)).toEqual([reservedBy(carerA)]);
  });

  it('does nothing when the same carer already holds it', () => {
    expect(decideReserve(given(reservedBy(carerA)), employeeId, carerA)).toEqual([]);
  });

  it('refuses an ID held by another carer, naming the field', () => {
    expect(refusal(() => decideReserve(given(reservedBy(carerA)), employeeId, carerB))).toEqual({
      kind: 'conflict',
      message: 'Employee ID already exists',
      field: 'employeeId',
    });
    expect(EMPLOYEE_ID_TAKEN).toBe('Employee ID already exists');
  });

  it('releases an ID held by the carer', () => {
    expect(decideRelease(given(reservedBy(carerA)), employeeId, carerA)).toEqual([releasedBy(carerA)]);
  });

  it('does nothing when a carer that does not hold the ID releases it', () => {
    expect(decideRelease(given(reservedBy(carerA)), employeeId, carerB)).toEqual([]);
    expect(decideRelease(given(), employeeId, carerB)).toEqual([]);
    expect(decideRelease(given(reservedBy(carerA), releasedBy(carerA)), employeeId, carerA)).toEqual([]);
  });

  it('lets another carer reserve the ID once it is released', () => {
    const state = given(reservedBy(carerA), releasedBy(carerA));
    expect(state).toEqual({ holder: null });
    expect(decideReserve(state, employeeId, carerB)).toEqual([reservedBy(carerB)]);
  });

  it('ignores a release by a carer that is not the holder', () => {
    expect(given(reservedBy(carerA), releasedBy(carerB))).toEqual({ holder: carerA });
  });

  it('normalises the ID for its stream, so case and spaces do not make a second reservation', () => {
    expect(employeeIdStreamId(' emp-1 ')).toBe(employeeIdStreamId('EMP-1'));
    expect(employeeIdStreamId('EMP-1')).not.toBe(employeeIdStreamId('EMP-2'));
  });
});
