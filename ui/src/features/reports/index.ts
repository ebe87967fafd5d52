/* The monitoring screen schedules its export as a report with the reports screen's own dialog. */
export { ScheduleReportDialog, type ScheduleDefaults } from './schedule-report-dialog';
