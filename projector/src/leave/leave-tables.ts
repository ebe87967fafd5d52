import type { ColumnType } from 'kysely';
import type { LeaveDayPart, LeaveKind, LeaveStatus } from '@care/events';

/** One row per leave request, whatever its status (GET /api/leave, the carers list's "on leave today"). */
export interface LeaveRequestsTable {
  id: string;
  carer_id: string;
  kind: LeaveKind;
  /** date columns, read back as YYYY-MM-DD text (read-model/connect.ts): London dates, both inclusive. */
  from_date: string;
  to_date: string;
  day_part: LeaveDayPart;
  note: string | null;
  status: LeaveStatus;
  requested_by_user_id: string;
  decided_by_user_id: string | null;
  decided_at: ColumnType<Date, string, string> | null;
  reason: string | null;
  unassigned_appointment_ids: ColumnType<string[], string, string>;
  /** Stream revision, for If-Match on the next change. */
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, string, string>;
  updated_at: ColumnType<Date, string, string>;
}

/** The slice's read-model tables (snake_case), merged into ReadModelDatabase. */
export interface LeaveTables {
  leave_requests: LeaveRequestsTable;
}
