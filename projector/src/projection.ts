import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { ReadModelDatabase } from './read-model/database';
import type { TableSchema } from './projection-schema';
import { appointmentsProjection } from './appointments/appointment-projection';
import { carersProjection } from './carers/carers-projection';
import { clientsProjection } from './clients/client-projection';
import { diaryProjection } from './diary/diary-projection';
import { feedbackProjection } from './feedback/feedback-projection';
import { financeProjection } from './finance/finance-projection';
import { contractsProjection } from './finance/contract-projection';
import { payrollProjection } from './finance/payroll-projection';
import { bankHolidaysProjection } from './finance/bank-holiday-projection';
import { shiftsProjection } from './shifts/shift-projection';
import { trainingProjection } from './training/training-projection';
import { voiceNotesProjection } from './voice-notes/voice-note-projection';
import { alertsProjection } from './alerts/alert-projection';
import { tasksProjection } from './tasks/task-projection';
import { reportsProjection } from './reports/report-projection';
import { reportSchedulesProjection } from './reports/report-schedule-projection';
import { settingsProjection } from './settings/settings-projection';
import { carePlansProjection } from './care-plans/care-plan-projection';
import { incidentsProjection } from './incidents/incident-projection';
import { medicationsProjection } from './medications/medication-projection';
import { accessLogProjection } from './users/access-log-projection';
import { usersProjection } from './users/users-projection';
import { auditProjection } from './audit/audit-projection';

/**
 * One read model (docs/decisions/0013-projections-look-after-themselves.md): the tables it owns, which events it
 * reads, and how it applies a batch of them inside a transaction. It keeps its own checkpoint. It reads and writes
 * only its own tables, so it can be rebuilt alone into fresh tables while the others serve.
 */
export interface Projection {
  readonly name: string;
  /**
   * Bump it whenever the tables or the way events are applied change: on the next start the projection rebuilds
   * itself from position zero into fresh tables and is swapped in when caught up. No migrations, no manual rebuild.
   */
  readonly version: number;
  /** Every table it owns (moved together when a rebuild is swapped in). */
  readonly tables: readonly string[];
  /** Tables an earlier version owned and this one no longer has: dropped when the rebuild is swapped in. */
  readonly retiredTables?: readonly string[];
  readonly schema: TableSchema;
  handles(type: string): boolean;
  apply(db: Kysely<ReadModelDatabase>, events: readonly RecordedEvent[]): Promise<void>;
}

/** Every projection the projector runs; new features add theirs here. Names are unique and never reused. */
export const projections: readonly Projection[] = [
  carersProjection,
  usersProjection,
  accessLogProjection,
  clientsProjection,
  trainingProjection,
  diaryProjection,
  settingsProjection,
  voiceNotesProjection,
  feedbackProjection,
  appointmentsProjection,
  shiftsProjection,
  alertsProjection,
  tasksProjection,
  incidentsProjection,
  reportsProjection,
  reportSchedulesProjection,
  auditProjection,
  carePlansProjection,
  medicationsProjection,
  financeProjection,
  contractsProjection,
  payrollProjection,
  bankHolidaysProjection,
];

export function projectionNamed(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}
