import type { ColumnType } from 'kysely';

/**
 * GET /api/shifts: one row per rota shift, cancelled ones included (status cancelled). The carer's name is
 * joined from appointment_carer_names (kept after the carer is removed); a visit is flagged outside shifts
 * when no confirmed or pending shift of its carer covers it.
 */
export interface ShiftsTable {
  id: string;
  carer_id: string;
  shift_type: string;
  start_time: ColumnType<Date, string, string>;
  end_time: ColumnType<Date, string, string>;
  /** The London calendar date of the start (the rota grid's day). */
  date: string;
  break_minutes: number;
  location: string | null;
  status: string;
  notes: string | null;
  cancellation_reason: string | null;
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, string, string>;
  updated_at: ColumnType<Date, string, string>;
}

/** The slice's read-model tables (snake_case), merged into ReadModelDatabase. */
export interface ShiftTables {
  shifts: ShiftsTable;
}
