import type { EmployeeIdEvent } from '@care/events';
import { DomainError } from '../shared/domain-error';
import { assertNever } from './carer-state';

/** Who holds an employee ID: the state of one reservation stream. */
export interface EmployeeIdState {
  readonly holder: string | null;
}

export const initialEmployeeIdState: EmployeeIdState = { holder: null };

export function evolveEmployeeId(state: EmployeeIdState, event: EmployeeIdEvent): EmployeeIdState {
  switch (event.type) {
    case 'EmployeeIdReserved':
      return { holder: event.data.carerId };
    case 'EmployeeIdReleased':
      return state.holder === event.data.carerId ? { holder: null } : state;
    default:
      return assertNever(event);
  }
}

export const EMPLOYEE_ID_TAKEN = 'Employee ID already exists';

export function decideReserve(state: EmployeeIdState, employeeId: string, carerId: string): EmployeeIdEvent[] {
  if (state.holder === carerId) return [];
  if (state.holder !== null) throw new DomainError('conflict', EMPLOYEE_ID_TAKEN, 'employeeId');
  return [{ type: 'EmployeeIdReserved', data: { employeeId, carerId } }];
}

export function decideRelease(state: EmployeeIdState, employeeId: string, carerId: string): EmployeeIdEvent[] {
  return state.holder === carerId ? [{ type: 'EmployeeIdReleased', data: { employeeId, carerId } }] : [];
}
