import type { LeaveDayPart, LeaveKind, LeaveSliceEvent, LeaveStatus, RecordedEvent } from '@care/events';

export type LeaveRecorded = RecordedEvent<LeaveSliceEvent>;

/** A row of `leave_requests` as the projection folds it in memory: instants as ISO text, the id list as a value. */
export type LeaveRecord = {
  id: string;
  carer_id: string;
  kind: LeaveKind;
  from_date: string;
  to_date: string;
  day_part: LeaveDayPart;
  note: string | null;
  status: LeaveStatus;
  requested_by_user_id: string;
  decided_by_user_id: string | null;
  decided_at: string | null;
  reason: string | null;
  unassigned_appointment_ids: string[];
  revision: string;
  created_at: string;
  updated_at: string;
};

/**
 * Folds one leave event into its row. Pure. An event for a request never seen (none in the log) leaves no row:
 * the list shows only leave that was requested.
 */
export function evolveLeaveRecord(current: LeaveRecord | undefined, event: LeaveRecorded): LeaveRecord | undefined {
  const at = event.metadata.occurredAt;
  const stamp = { revision: event.revision.toString(), updated_at: at };
  if (event.type === 'LeaveRequested') {
    const { id, carerId, kind, from, to, dayPart, note, requestedByUserId } = event.data;
    return {
      id,
      carer_id: carerId,
      kind,
      from_date: from,
      to_date: to,
      day_part: dayPart,
      note,
      status: 'requested',
      requested_by_user_id: requestedByUserId,
      decided_by_user_id: null,
      decided_at: null,
      reason: null,
      unassigned_appointment_ids: [],
      created_at: at,
      ...stamp,
    };
  }
  if (!current) return undefined;
  const decided = { ...current, ...stamp, decided_by_user_id: event.metadata.userId, decided_at: at };
  switch (event.type) {
    case 'LeaveApproved':
      return { ...decided, status: 'approved', unassigned_appointment_ids: [...event.data.unassignedAppointmentIds] };
    case 'LeaveDeclined':
      return { ...decided, status: 'declined', reason: event.data.reason };
    case 'LeaveCancelled':
      return { ...decided, status: 'cancelled', reason: event.data.reason };
  }
}
