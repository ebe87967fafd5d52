import { employeeIdStreamId, type EmployeeIdEvent } from '@care/events';
import type { ReservationKind } from '../shared/reservation';
import { assertNever } from '../shared/assert-never';

export const EMPLOYEE_ID_TAKEN = 'Employee ID already exists';

/** Employee IDs are unique across carers (see employee-id-events.ts). */
export const employeeIdReservation: ReservationKind<EmployeeIdEvent> = {
  streamId: employeeIdStreamId,
  evolve(state, event) {
    switch (event.type) {
      case 'EmployeeIdReserved':
        return { holder: event.data.carerId };
      case 'EmployeeIdReleased':
        return state.holder === event.data.carerId ? { holder: null } : state;
      default:
        return assertNever(event);
    }
  },
  reserved: (employeeId, carerId) => ({ type: 'EmployeeIdReserved', data: { employeeId, carerId } }),
  released: (employeeId, carerId) => ({ type: 'EmployeeIdReleased', data: { employeeId, carerId } }),
  taken: { message: EMPLOYEE_ID_TAKEN, field: 'employeeId' },
};
