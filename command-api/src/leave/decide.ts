import { LEAVE_NOT_FOUND, type LeaveSliceEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { LeaveCommand, LeaveDecider } from './leave-commands';
import type { ExistingLeave, LeaveState } from './leave-state';

export const OWN_LEAVE = 'You cannot approve or decline your own leave: another coordinator or administrator must';
export const OWN_REQUEST =
  'You cannot approve or decline leave you requested: another coordinator or administrator must';
export const CANCEL_REASON_REQUIRED = 'A reason is required to cancel leave someone else requested or that is approved';
export const ONLY_REQUESTER_CANCELS = 'Only a coordinator or administrator can cancel this leave';

/** The leave request's rules. Pure: the same command and state always give the same events or refusal. */
export function decide(command: LeaveCommand, state: LeaveState): LeaveSliceEvent[] {
  switch (command.type) {
    case 'RequestLeave': {
      if (state.exists) throw new DomainError('conflict', 'Leave already exists');
      const { id, carerId, period, note, requestedByUserId } = command;
      return [{ type: 'LeaveRequested', data: { id, carerId, ...period, note, requestedByUserId } }];
    }
    case 'ApproveLeave': {
      const leave = decidable(state, command.decider, 'approved');
      const unassignedAppointmentIds = [...command.unassignedAppointmentIds];
      return [{ type: 'LeaveApproved', data: { id: command.id, carerId: leave.carerId, unassignedAppointmentIds } }];
    }
    case 'DeclineLeave': {
      const leave = decidable(state, command.decider, 'declined');
      return [{ type: 'LeaveDeclined', data: { id: command.id, carerId: leave.carerId, reason: command.reason } }];
    }
    case 'CancelLeave': {
      const leave = existing(state);
      if (leave.status === 'declined' || leave.status === 'cancelled')
        throw new DomainError('conflict', `This leave is already ${leave.status}`);
      const { decider, reason } = command;
      const requesterWithdrawing = leave.status === 'requested' && leave.requestedByUserId === decider.userId;
      if (!requesterWithdrawing && !decider.mayApprove) throw new DomainError('forbidden', ONLY_REQUESTER_CANCELS);
      if (!requesterWithdrawing && reason === null) throw new DomainError('invalid', CANCEL_REASON_REQUIRED, 'reason');
      return [
        {
          type: 'LeaveCancelled',
          data: { id: command.id, carerId: leave.carerId, reason, wasApproved: leave.status === 'approved' },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function existing(state: LeaveState): ExistingLeave {
  if (!state.exists) throw new DomainError('not_found', LEAVE_NOT_FOUND);
  return state;
}

/**
 * Approving and declining: only a waiting request, never by the carer the leave is for, never by whoever asked
 * for it (someone else looks at it, as with any approval).
 */
function decidable(state: LeaveState, decider: LeaveDecider, outcome: 'approved' | 'declined'): ExistingLeave {
  const leave = existing(state);
  if (!decider.mayApprove)
    throw new DomainError('forbidden', 'Only a coordinator or administrator can decide on leave');
  if (decider.carerId !== null && decider.carerId === leave.carerId) throw new DomainError('forbidden', OWN_LEAVE);
  if (decider.userId === leave.requestedByUserId) throw new DomainError('forbidden', OWN_REQUEST);
  if (leave.status !== 'requested')
    throw new DomainError('conflict', `Only requested leave can be ${outcome}; this leave is ${leave.status}`);
  return leave;
}
