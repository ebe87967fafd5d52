import type { LeavePeriod } from '@care/events';

/** Who approves, declines or cancels: the account, and the carer record linked to it (null for most staff). */
export interface LeaveDecider {
  readonly userId: string;
  readonly carerId: string | null;
  /** leave.approve: a coordinator or administrator. */
  readonly mayApprove: boolean;
}

export type LeaveCommand =
  | {
      readonly type: 'RequestLeave';
      readonly id: string;
      readonly carerId: string;
      readonly period: LeavePeriod;
      readonly note: string | null;
      readonly requestedByUserId: string;
    }
  | {
      readonly type: 'ApproveLeave';
      readonly id: string;
      readonly decider: LeaveDecider;
      readonly unassignedAppointmentIds: readonly string[];
    }
  | { readonly type: 'DeclineLeave'; readonly id: string; readonly decider: LeaveDecider; readonly reason: string }
  | {
      readonly type: 'CancelLeave';
      readonly id: string;
      readonly decider: LeaveDecider;
      readonly reason: string | null;
    };
