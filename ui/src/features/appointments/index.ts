/* The appointment dialogs are opened from the screens that list appointments (dashboard, day schedule, visits,
   monitoring), so an appointment is scheduled, changed, cancelled or read the same way everywhere. */
export { AppointmentFormDialog } from './appointment-form-dialog';
export { CancelAppointmentDialog } from './cancel-appointment-dialog';
export { VisitRecordDialog } from './visit-record-dialog';
