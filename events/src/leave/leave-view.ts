import type { LeaveDayPart, LeaveKind, LeaveStatus } from './leave-events';

/** The JSON shape of GET /api/leave items and GET /api/leave/:id: the read API's reply, the UI's input. */
export interface LeaveView {
  id: string;
  carerId: string;
  carerName: string;
  kind: LeaveKind;
  /** London calendar dates, YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
  dayPart: LeaveDayPart;
  note: string | null;
  status: LeaveStatus;
  requestedByUserId: string;
  /** Who approved, declined or cancelled it, and when; null while requested. */
  decidedByUserId: string | null;
  decidedAt: string | null;
  /** The decline or cancellation reason. */
  reason: string | null;
  unassignedAppointmentIds: string[];
  /** Stream revision: send it back as If-Match to refuse a concurrent change. */
  revision: string;
  createdAt: string;
  updatedAt: string;
}
