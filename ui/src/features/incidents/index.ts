/* Reporting an incident is offered where the carer notices it: from a visit being checked in and from a diary
   entry. Both open the incidents screen's own dialog, so the report is the same wherever it starts. */
export { ReportIncidentDialog, type ReportVisit } from './report-incident-dialog';
export { useReportFromDiary } from './report-from-diary';
