import type { MonitoringRecordView } from '@care/events';
import { toCsv } from '@care/documents';

/** The columns of the Care Monitoring & Management table, Actions left out. */
const HEADER = [
  'Date',
  'Planned Time',
  'Actual Time',
  'Client',
  'Carer',
  'Punctuality',
  'Duration (minutes)',
  'Tasks',
  'Medication',
  'Provider',
  'Manual Input Reason',
  'Source',
  'Status',
  'Notes',
];

export function monitoringCsv(records: readonly MonitoringRecordView[]): string {
  return toCsv(
    HEADER,
    records.map((record) => [
      record.date,
      record.plannedTime,
      record.actualTime,
      record.client,
      record.carer,
      record.punctuality,
      record.duration,
      record.tasks.join('; '),
      record.medication,
      record.provider,
      record.manualInputReason,
      record.source,
      record.status,
      record.notes,
    ]),
  );
}
