import { changedFields, type ShiftEvent, type ShiftPlan } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { CarerStanding, ShiftCommand } from './shift-commands';
import type { ShiftState } from './shift-state';

export const SHIFT_NOT_FOUND = 'Shift not found';
const MAX_SHIFT_MS = 24 * 3_600_000;

/**
 * The shift aggregate's rules. Pure: the same command and state always give the same events or error.
 * Non-overlap of one carer's shifts is kept by the carer's per-day shift streams (shift-bookings.ts), which the
 * service books before it appends the shift's own events.
 */
export function decide(command: ShiftCommand, state: ShiftState): ShiftEvent[] {
  switch (command.type) {
    case 'PlanShift':
      if (state.exists) throw new DomainError('conflict', 'Shift already exists');
      assertCarerBookable(command.carer);
      assertTimes(command.plan, 'endTime');
      return [{ type: 'ShiftPlanned', data: { id: command.id, ...command.plan } }];
    case 'ChangeShift': {
      if (!state.exists) throw new DomainError('not_found', SHIFT_NOT_FOUND);
      if (state.cancelled) throw new DomainError('conflict', 'A cancelled shift cannot be changed');
      const changes = changedFields(state.plan, command.changes);
      if (Object.keys(changes).length === 0) return [];
      if (changes.carerId !== undefined) {
        if (command.carer === undefined) throw new Error('ChangeShift to another carer needs the carer standing');
        assertCarerBookable(command.carer);
      }
      // Start and end are checked as they will stand, so a new start is compared with the stored end.
      assertTimes({ ...state.plan, ...changes }, changes.endTime !== undefined ? 'endTime' : 'startTime');
      return [{ type: 'ShiftChanged', data: { id: command.id, changes } }];
    }
    case 'CancelShift':
      if (!state.exists) throw new DomainError('not_found', SHIFT_NOT_FOUND);
      if (state.cancelled) throw new DomainError('conflict', 'Shift is already cancelled');
      return [{ type: 'ShiftCancelled', data: { id: command.id, reason: command.reason } }];
    default:
      return assertNever(command);
  }
}

function assertCarerBookable(standing: CarerStanding): void {
  if (standing === 'not_found') throw new DomainError('invalid', 'Carer not found', 'carerId');
  if (standing === 'inactive') throw new DomainError('invalid', 'Carer is inactive', 'carerId');
}

/** The same rules as the request schema (end after start, at most a day), on the values as they will stand. */
function assertTimes(plan: Pick<ShiftPlan, 'startTime' | 'endTime'>, field: 'startTime' | 'endTime'): void {
  const length = Date.parse(plan.endTime) - Date.parse(plan.startTime);
  if (!(length > 0)) throw new DomainError('invalid', 'End time must be after the start time', field);
  if (length > MAX_SHIFT_MS) throw new DomainError('invalid', 'A shift can last at most 24 hours', field);
}
