/** `@care/read-api/reports`: the report documents, for the rules process that generates scheduled reports. */
export { reportFile, type ReportFile, type ReportRequest } from './report-documents';
