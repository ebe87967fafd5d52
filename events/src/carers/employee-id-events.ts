import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/**
 * Employee IDs are unique across carers. The write side enforces it with one reservation
 * stream per normalised ID: the first writer appends with expected "no stream", a racing
 * second writer gets a revision conflict.
 */
export const EmployeeIdReserved = defineEvent(
  'EmployeeIdReserved',
  1,
  z.object({ employeeId: eventText(TEXT_LIMITS.reference), carerId: z.uuid() }),
);
export const EmployeeIdReleased = defineEvent(
  'EmployeeIdReleased',
  1,
  z.object({ employeeId: eventText(TEXT_LIMITS.reference), carerId: z.uuid() }),
);

export const employeeIdEventDefinitions = [EmployeeIdReserved, EmployeeIdReleased] as const;
export type EmployeeIdEvent = EventOf<typeof employeeIdEventDefinitions>;

export function employeeIdStreamId(employeeId: string): string {
  return `employee-id-${encodeURIComponent(employeeId.trim().toLowerCase())}`;
}
