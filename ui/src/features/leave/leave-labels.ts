import { ukDate, type LeaveDayPart, type LeaveKind, type LeaveStatus, type LeaveView } from '@care/events';

/** How each kind of leave reads on the leave screen and on the rota's chips. */
export const LEAVE_KIND_LABELS: Readonly<Record<LeaveKind, string>> = {
  annual: 'Annual leave',
  sick: 'Sick',
  training: 'Training',
  compassionate: 'Compassionate leave',
  other: 'Other leave',
};

/** A request waiting for a decision reads "Pending" on screen (its stored status is `requested`). */
export const LEAVE_STATUS_LABELS: Readonly<Record<LeaveStatus, string>> = {
  requested: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

export const LEAVE_DAY_PART_LABELS: Readonly<Record<LeaveDayPart, string>> = {
  full: 'Whole day',
  morning: 'Morning',
  afternoon: 'Afternoon',
};

/** "12/03/2027", "12/03/2027 to 14/03/2027", or a half day: "12/03/2027 (morning)". */
export function leaveDatesText(leave: Pick<LeaveView, 'from' | 'to' | 'dayPart'>): string {
  if (leave.dayPart !== 'full') return `${ukDate(leave.from)} (${leave.dayPart})`;
  return leave.from === leave.to ? ukDate(leave.from) : `${ukDate(leave.from)} to ${ukDate(leave.to)}`;
}

/** Who asked for the leave, as the reader knows them: themselves, the carer, or someone in the office. */
export function requesterText(
  leave: Pick<LeaveView, 'requestedByUserId' | 'carerName'>,
  viewer: { userId: string; carerUserId: string | null | undefined },
): string {
  if (leave.requestedByUserId === viewer.userId) return 'You';
  if (viewer.carerUserId && leave.requestedByUserId === viewer.carerUserId) return leave.carerName || 'The carer';
  return 'The office';
}

/** What the signed-in user may do to one leave request; the command API decides again on every command. */
export interface LeaveActions {
  /** Approve and Decline: a waiting request that is neither the approver's own leave nor one they asked for. */
  decide: boolean;
  /** "Withdraw" (the requester, while it waits, no reason needed) or "Cancel" (an approver, with a reason). */
  cancel: 'withdraw' | 'cancel' | null;
}

export function leaveActions(
  leave: Pick<LeaveView, 'status' | 'requestedByUserId'>,
  viewer: { userId: string; mayApprove: boolean; carerUserId: string | null | undefined },
): LeaveActions {
  const waiting = leave.status === 'requested';
  const ownRequest = leave.requestedByUserId === viewer.userId;
  const ownLeave = viewer.carerUserId != null && viewer.carerUserId === viewer.userId;
  const decide = viewer.mayApprove && waiting && !ownRequest && !ownLeave;
  let cancel: LeaveActions['cancel'] = null;
  if (waiting && ownRequest) cancel = 'withdraw';
  else if (viewer.mayApprove && (waiting || leave.status === 'approved')) cancel = 'cancel';
  return { decide, cancel };
}

/** Whether a leave covers a London calendar date (a half day covers its one date). */
export const leaveCovers = (leave: Pick<LeaveView, 'from' | 'to'>, date: string): boolean =>
  leave.from <= date && date <= leave.to;

/** Each shown day's approved leave, the carers in name order: the rota's leave chips. */
export function leaveByDay(leave: readonly LeaveView[], days: readonly string[]): Map<string, LeaveView[]> {
  const approved = leave
    .filter((item) => item.status === 'approved')
    .sort((a, b) => a.carerName.localeCompare(b.carerName));
  return new Map(days.map((day) => [day, approved.filter((item) => leaveCovers(item, day))]));
}

/** Each carer's approved leave that has not ended by `today`, the earliest first: "On leave" and "Next leave". */
export function nextLeaveByCarer(leave: readonly LeaveView[], today: string): Map<string, LeaveView> {
  const next = new Map<string, LeaveView>();
  for (const item of leave) {
    if (item.status !== 'approved' || item.to < today) continue;
    const known = next.get(item.carerId);
    if (!known || item.from < known.from) next.set(item.carerId, item);
  }
  return next;
}
