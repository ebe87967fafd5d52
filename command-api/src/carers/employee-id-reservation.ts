import { employeeIdStreamId, type EmployeeIdEvent } from '@care/events';
import type { ReservationKind } from '../shared/reservation';

export const EMPLOYEE_ID_TAKEN = 'Employee ID already exists';

/** Employee IDs are unique across carers (see employee-id-events.ts). */
export const employeeIdReservation: ReservationKind<EmployeeIdEvent> = {
  streamId: employeeIdStreamId,
  reserves: (event) => event.type === 'EmployeeIdReserved',
  ownerOf: (event) => event.data.carerId,
  reserved: (employeeId, carerId) => ({ type: 'EmployeeIdReserved', data: { employeeId, carerId } }),
  released: (employeeId, carerId) => ({ type: 'EmployeeIdReleased', data: { employeeId, carerId } }),
  taken: { message: EMPLOYEE_ID_TAKEN, field: 'employeeId' },
};
