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
 * Training compliance, for the compliance panel and reports: one row per carer and
 * required training type (REQUIRED_TRAINING_TYPES) with a record of status current. Whether the type counts
 * depends on today's date as well as on events (a certificate expires overnight without any event), so the row
 * keeps what no date can change: whether a current record of the type has no expiry, else the latest expiry of
 * its current records. A query counts the rows still valid today: distinct required types, so at most 8.
 */
export interface TrainingComplianceTable {
  carer_id: string;
  training_type: string;
  /** A current record of this type without an expiry date. */
  open_ended: boolean;
  /** The latest expiry of the type's current records (null when none has one). */
  latest_expiry: string | null;
}

/** The slice's read-model tables (snake_case), merged into ReadModelDatabase. */
export interface TrainingTables {
  training_records: TrainingRecordsTable;
  training_compliance: TrainingComplianceTable;
}
