import type { ColumnType } from 'kysely';
import type { WorkingPattern } from '@care/events';

/** One row per carer whose working pattern was ever set (GET /api/carers/:id/working-pattern, the rota's limits). */
export interface CarerWorkingPatternsTable {
  carer_id: string;
  weekly: ColumnType<WorkingPattern['weekly'], string, string>;
  exceptions: ColumnType<WorkingPattern['exceptions'], string, string>;
  /** numeric columns, read back as text by the driver: hours a week. */
  contracted_hours_per_week: ColumnType<string | null, number | null, number | null>;
  weekly_hours_limit: ColumnType<string, number, number>;
  /** date, read back as YYYY-MM-DD text (read-model/connect.ts). */
  opted_out_on: string | null;
  /** Stream revision, for If-Match on the next change. */
  revision: ColumnType<string, string | bigint, string | bigint>;
  updated_at: ColumnType<Date, string, string>;
  updated_by: string;
}

/** The slice's read-model tables (snake_case), merged into ReadModelDatabase. */
export interface WorkingPatternTables {
  carer_working_patterns: CarerWorkingPatternsTable;
}
