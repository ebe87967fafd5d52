import type { ColumnType } from 'kysely';

type Instant = ColumnType<Date, string, string>;

/** Schedule Report: one row per schedule (deleted ones kept, marked), with who scheduled it. */
export interface ReportSchedulesTable {
  id: string;
  name: string;
  report: string;
  format: string;
  frequency: string;
  region: string | null;
  carer_id: string | null;
  starts_on: string;
  status: 'active' | 'paused' | 'deleted';
  scheduled_by: string;
  scheduled_at: Instant;
}

/** Each generated period, its file kept in media.report_files by run_id. */
export interface ReportRunsTable {
  run_id: string;
  schedule_id: string;
  period_from: string;
  period_to: string;
  generated_at: Instant;
  file_name: string;
  content_type: string;
  size_bytes: number;
}

export interface ReportScheduleTables {
  report_schedules: ReportSchedulesTable;
  report_runs: ReportRunsTable;
}
