export { ExportRecordButton } from './export-record-dialog';
