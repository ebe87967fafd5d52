import type { AppointmentRow } from './appointment-view';
import { toCsv } from '@care/documents';

const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

const HEADER = [
  'Date',
  'Start',
  'End',
  'Duration (minutes)',
  'Client',
  'Client Address',
  'Carer',
  'Visit Type',
  'Priority',
  'Status',
  'Check In',
  'Check Out',
  'Late Arrival',
  'Late Reason',
  'Tasks',
  'Tasks Completed',
  'Medication Given',
  'Notes',
  'Visit Notes',
  'Cancellation Reason',
];

/** GET /api/appointments/export.csv: one line per visit, London dates and times. */
export function appointmentsCsv(rows: readonly AppointmentRow[]): string {
  return toCsv(
    HEADER,
    rows.map((row) => [
      row.date,
      row.start_clock,
      row.end_clock,
      row.duration_minutes,
      name(row.client_first_name, row.client_last_name),
      row.client_address,
      row.carer_id === null ? 'Unassigned' : name(row.carer_first_name, row.carer_last_name),
      row.visit_type,
      row.priority,
      row.status,
      row.in_clock,
      row.out_clock,
      row.checked_in_at === null ? null : row.late_arrival,
      row.late_reason,
      row.tasks.join('; '),
      row.tasks_completed.join('; '),
      row.medication_given,
      row.notes,
      row.visit_notes,
      row.status_reason,
    ]),
  );
}
