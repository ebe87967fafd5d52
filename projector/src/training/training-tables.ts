import type { ColumnType } from 'kysely';
import type { TrainingStatus, TrainingType } from '@care/events';

/** One row per training record that has not been removed (GET /api/training). */
export interface TrainingRecordsTable {
  id: string;
  carer_id: string;
  training_type: TrainingType;
  training_provider: string | null;
  /** date columns, read back as YYYY-MM-DD text (read-model/connect.ts). */
  completed_date: string;
  expiry_date: string | null;
  certificate_number: string | null;
  status: TrainingStatus;
  document_url: string | null;
  notes: string | null;
  /** Stream revision, for If-Match on the next edit. */
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, string, string>;
  updated_at: ColumnType<Date, string, string>;
}

/**
 * Per-carer training compliance (spec part 2 section 9), for the compliance panel and reports. Whether a record
 * counts depends on today's date as well as on events (a certificate expires overnight without any event), so
 * the row keeps what no date can change, the number of current records without an expiry, plus the expiry dates
 * of the current records that have one. A query counts the dates not yet past: always right for today, one row
 * per carer to read. Carers without a current record have no row (they count 0).
 */
export interface TrainingComplianceTable {
  carer_id: string;
  open_ended_current: number;
  /** date[]; filled and read in SQL only (pg would parse it into JavaScript Dates). */
  current_expiry_dates: ColumnType<string[], string[], string[]>;
}

/** The slice's read-model tables (snake_case), merged into ReadModelDatabase. */
export interface TrainingTables {
  training_records: TrainingRecordsTable;
  training_compliance: TrainingComplianceTable;
}
