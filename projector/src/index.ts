export * from './read-model/database';
export { createReadModelDb } from './read-model/connect';
export { startProjector, type RunningProjector } from './projector';
export { rebuildProjections, replayInto } from './rebuild';
export { connectProjectorServices } from './connect-services';
export { ensureStatusTables } from './runner/status-tables';
export type { ProjectionStatusTable, ProjectionDeadLettersTable } from './runner/status-table-types';
export type { ReadModelChanged, WrittenRows } from './runner/member-rows';
export { recordOnProjectionStream } from './runner/stall-events';
export type * from './clients/client-tables';
export type * from './training/training-tables';
export type * from './leave/leave-tables';
export type * from './availability/working-pattern-tables';
export type * from './diary/diary-tables';
export type * from './voice-notes/voice-note-tables';
export type * from './feedback/feedback-tables';
export type * from './finance/finance-tables';
export type * from './finance/contract-tables';
export type * from './appointments/appointment-tables';
export type * from './shifts/shift-tables';
export type * from './alerts/alert-tables';
export type * from './tasks/task-tables';
export type * from './settings/settings-tables';
export type * from './incidents/incident-tables';
export type * from './reports/report-tables';
export type { ReportSchedulesTable, ReportRunsTable } from './reports/report-schedule-tables';
export { VISIT_MEASURES } from './reports/report-schema';
export type * from './medications/medication-tables';
export type { Projection } from './projection';
export { projections } from './projection-list';
export {
  CARER_SEARCH_COLUMNS,
  CLIENT_SEARCH_COLUMNS,
  DIARY_SEARCH_COLUMNS,
  USER_SEARCH_COLUMNS,
  searchTextOf,
} from './shared/search-text';
