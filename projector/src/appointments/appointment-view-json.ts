import {
  londonClock,
  type AppointmentPriority,
  type AppointmentStatus,
  type AppointmentView,
  type CheckInSource,
  type ClientMood,
  type HandEnteredTime,
  type OfflineRecordedTime,
  type Punctuality,
  type VisitType,
} from '@care/events';
import type { AppointmentRecord } from './appointment-record';

/** What of an AppointmentView the row alone decides; the read API adds the rest at query time. */
export type StoredAppointmentView = Omit<
  AppointmentView,
  'outsideShift' | 'documentsUploaded' | 'carerAppLastOnline' | 'client' | 'carer' | 'signature'
>;

export function storedViewOf(record: AppointmentRecord): StoredAppointmentView {
  const status = record.status as AppointmentStatus;
  const visitType = record.visit_type as VisitType;
  return {
    id: record.id,
    clientId: record.client_id,
    carerId: record.carer_id,
    status,
    scheduledDate: record.scheduled_start,
    scheduledEnd: record.scheduled_end,
    scheduledDuration: record.duration_minutes,
    date: record.date,
    startTime: londonClock(record.scheduled_start),
    endTime: londonClock(record.scheduled_end),
    visitType,
    appointmentType: visitType,
    priority: record.priority as AppointmentPriority,
    tasks: record.tasks,
    notes: record.notes,
    seriesId: record.series_id,
    // The flag means "should have started by now": it no longer applies once the visit is anything but scheduled.
    runningLate: record.running_late && status === 'scheduled',
    actualStartTime: record.checked_in_at,
    actualEndTime: record.checked_out_at,
    checkInLocation: record.check_in_location,
    checkOutLocation: record.check_out_location,
    checkInSource: record.check_in_source as CheckInSource | null,
    manualInputReason: record.manual_input_reason,
    lateArrival: record.late_arrival,
    lateReason: record.late_reason,
    punctuality: record.punctuality as Punctuality | null,
    checkInEnteredByHand: handEntered(record.check_in_recorded_at, record.check_in_time_reason),
    checkOutEnteredByHand: handEntered(record.check_out_recorded_at, record.check_out_time_reason),
    checkInOffline: offline(record.check_in_offline_captured_at, record.check_in_offline_received_at),
    checkOutOffline: offline(record.check_out_offline_captured_at, record.check_out_offline_received_at),
    tasksCompleted: record.tasks_completed,
    totalTasks: record.tasks.length,
    medicationGiven: record.medication_given,
    clientMood: record.client_mood as ClientMood | null,
    healthObservations: record.health_observations,
    visitNotes: record.visit_notes,
    noteSharedWithFamily: record.note_shared_with_family,
    signedOff: record.signature !== null,
    travelTime: record.travel_time_minutes,
    mileage: record.mileage_tenths === null ? null : record.mileage_tenths / 10,
    expenses: record.expenses_pence,
    cancellationReason: record.status_reason,
    amended: record.amended,
    revision: record.revision,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

const handEntered = (recordedAt: string | null, reason: string | null): HandEnteredTime | null =>
  recordedAt === null ? null : { recordedAt, reason };

const offline = (capturedAt: string | null, receivedAt: string | null): OfflineRecordedTime | null =>
  capturedAt === null || receivedAt === null ? null : { capturedAt, receivedAt };

/**
 * The stored view as the members of a JSON object, without the braces: the read API wraps it with the members
 * it computes per query (outside shift, documents, names). Serialised once when the row changes, so a day list of
 * 800 visits is a concatenation, not 800 objects built field by field on every request.
 */
export const viewMembersOf = (record: AppointmentRecord): string => JSON.stringify(storedViewOf(record)).slice(1, -1);
