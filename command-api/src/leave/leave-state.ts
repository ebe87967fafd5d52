import type { LeavePeriod, LeaveSliceEvent, LeaveStatus } from '@care/events';
import { assertNever } from '../shared/assert-never';

export type LeaveState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly carerId: string;
      readonly period: LeavePeriod;
      readonly requestedByUserId: string;
      readonly status: LeaveStatus;
    };

export type ExistingLeave = Extract<LeaveState, { exists: true }>;

export const initialLeaveState: LeaveState = { exists: false };

/** Folds one leave event into the state `decide` needs. Pure. */
export function evolve(state: LeaveState, event: LeaveSliceEvent): LeaveState {
  switch (event.type) {
    case 'LeaveRequested': {
      const { carerId, kind, from, to, dayPart, requestedByUserId } = event.data;
      return { exists: true, carerId, period: { kind, from, to, dayPart }, requestedByUserId, status: 'requested' };
    }
    case 'LeaveApproved':
      return state.exists ? { ...state, status: 'approved' } : state;
    case 'LeaveDeclined':
      return state.exists ? { ...state, status: 'declined' } : state;
    case 'LeaveCancelled':
      return state.exists ? { ...state, status: 'cancelled' } : state;
    default:
      return assertNever(event);
  }
}
