import { leaveInterval, spansOverlap, ukDate, type CarerLeaveEvent, type LeavePeriod } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';

/** One approved leave as the carer's leave stream holds it. */
export interface HeldLeave extends LeavePeriod {
  readonly leaveId: string;
}

/** A carer's approved leave (stream carer-leave-<carerId>), by leave id. */
export interface CarerLeaveState {
  readonly leaves: ReadonlyMap<string, HeldLeave>;
}

export const initialCarerLeaveState: CarerLeaveState = { leaves: new Map() };

export function evolveCarerLeave(state: CarerLeaveState, event: CarerLeaveEvent): CarerLeaveState {
  const leaves = new Map(state.leaves);
  switch (event.type) {
    case 'CarerLeaveBooked': {
      const { leaveId, kind, from, to, dayPart } = event.data;
      leaves.set(leaveId, { leaveId, kind, from, to, dayPart });
      return { leaves };
    }
    case 'CarerLeaveReleased':
      leaves.delete(event.data.leaveId);
      return { leaves };
    default:
      return assertNever(event);
  }
}

/** "annual leave from 01/03/2027 to 05/03/2027", "sick leave on 12/03/2027 (morning)". */
export function describeLeave(leave: LeavePeriod): string {
  const half = leave.dayPart === 'full' ? '' : ` (${leave.dayPart})`;
  const dates =
    leave.from === leave.to ? `on ${ukDate(leave.from)}` : `from ${ukDate(leave.from)} to ${ukDate(leave.to)}`;
  return `${leave.kind} leave ${dates}${half}`;
}

/** The carer's approved leave that shares a moment with the span, earliest first. */
export function leaveDuring(state: CarerLeaveState, span: { start: string; end: string }): HeldLeave[] {
  return [...state.leaves.values()]
    .filter((leave) => spansOverlap(leaveInterval(leave), span))
    .sort((a, b) => a.from.localeCompare(b.from));
}

/** The approved leave overlaps another approved leave of the same carer: a 409 naming the other one. */
export class LeaveOverlapError extends DomainError {
  constructor(
    readonly otherLeaveId: string,
    other: LeavePeriod,
  ) {
    super('conflict', `This leave overlaps the carer's approved ${describeLeave(other)} (leave ${otherLeaveId})`);
    this.name = 'LeaveOverlapError';
  }
}

/** Holds the approved leave in the carer's stream, or refuses it when it overlaps other approved leave. */
export function decideCarerLeaveBooking(
  state: CarerLeaveState,
  carerId: string,
  leaveId: string,
  period: LeavePeriod,
): CarerLeaveEvent[] {
  if (state.leaves.has(leaveId)) return [];
  const other = leaveDuring(state, leaveInterval(period))[0];
  if (other) throw new LeaveOverlapError(other.leaveId, other);
  return [{ type: 'CarerLeaveBooked', data: { carerId, leaveId, ...period } }];
}

export function decideCarerLeaveRelease(state: CarerLeaveState, carerId: string, leaveId: string): CarerLeaveEvent[] {
  return state.leaves.has(leaveId) ? [{ type: 'CarerLeaveReleased', data: { carerId, leaveId } }] : [];
}
