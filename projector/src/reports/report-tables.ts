import type { ColumnType } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

/**
 * The reports projection's memory of each visit: the few facts its figures need, so a later event can take the
 * visit's old contribution out of the day roll-ups before adding the new one. The read API never scans it.
 */
export interface ReportVisitsTable {
  id: string;
  carer_id: string | null;
  client_id: string;
  /** London date of the planned start. */
  date: string;
  scheduled_start: string;
  duration_minutes: number;
  status: string;
  /** On Time, Early or Late (events punctuality.ts), as the appointments projection stores it. */
  punctuality: string | null;
  tasks: Json<string[]>;
  tasks_completed: Json<string[]>;
  has_notes: boolean;
  has_signature: boolean;
  client_rating: number | null;
}

/** What one visit (or a day of them) adds up to; every roll-up row carries these sums. */
export interface VisitMeasures {
  total: number;
  completed: number;
  on_time: number;
  cancelled: number;
  missed: number;
  no_show: number;
  /** Scheduled minutes of the completed visits (average duration = this ÷ completed). */
  completed_minutes: number;
  /** Scheduled minutes of visits with a carer that were not cancelled (resource utilisation). */
  booked_minutes: number;
  /** On completed visits: planned tasks, and how many of those were ticked done at check-out. */
  tasks_planned: number;
  tasks_done: number;
  /** Completed visits with both notes and a signature. */
  documented: number;
  rated: number;
  rating_sum: number;
}

/** Per London day and carer (null: visits with no carer). The carer's region is joined at query time. */
export interface ReportCarerDaysTable extends VisitMeasures {
  date: string;
  carer_id: string | null;
}

/** Per London day for the whole agency (visits without a carer included): an unfiltered year is 365 rows. */
export interface ReportDaysTable extends VisitMeasures {
  date: string;
}

/** Per London day and client. */
export interface ReportClientDaysTable extends VisitMeasures {
  date: string;
  client_id: string;
}

/** Carers as reports name and filter them (region, active), never deleted: past figures keep their names. */
export interface ReportCarersTable {
  id: string;
  first_name: string;
  last_name: string;
  region: string | null;
  is_active: boolean;
  removed: boolean;
}

export interface ReportClientsTable {
  id: string;
  first_name: string;
  last_name: string;
  removed: boolean;
}

/** Each rota shift's rostered minutes (end − start − break) on its London start date; cancelled ones count 0. */
export interface ReportShiftsTable {
  id: string;
  carer_id: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
  cancelled: boolean;
  date: string;
  minutes: number;
}

export interface ReportShiftDaysTable {
  date: string;
  carer_id: string;
  shift_minutes: number;
}

/** Each diary entry's type and London date, for the Care Diary Summary. */
export interface ReportDiaryEntriesTable {
  id: string;
  carer_id: string;
  date: string;
  entry_type: string;
}

export interface ReportDiaryDaysTable {
  date: string;
  carer_id: string;
  entry_type: string;
  entries: number;
}

export interface ReportTables {
  report_visits: ReportVisitsTable;
  report_days: ReportDaysTable;
  report_carer_days: ReportCarerDaysTable;
  report_client_days: ReportClientDaysTable;
  report_carers: ReportCarersTable;
  report_clients: ReportClientsTable;
  report_shifts: ReportShiftsTable;
  report_shift_days: ReportShiftDaysTable;
  report_diary_entries: ReportDiaryEntriesTable;
  report_diary_days: ReportDiaryDaysTable;
}
