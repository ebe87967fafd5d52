import type { ColumnType } from 'kysely';
import type { VisitLocation } from '@care/events';

type Instant = ColumnType<Date, string, string>;
type OptionalInstant = ColumnType<Date | null, string | null, string | null>;
type Json<T> = ColumnType<T, string, string>;

/**
 * GET /api/appointments and /api/monitoring: one row per appointment with its visit (check-in, check-out and
 * outcome). The command side's timeliness policy reads id, status, scheduled_start, scheduled_end and
 * running_late. Names are not copied here: they are joined from the name tables below by primary key, so a
 * rename is one row whatever the number of visits.
 */
export interface AppointmentsTable {
  id: string;
  client_id: string;
  carer_id: string | null;
  status: string;
  scheduled_start: Instant;
  scheduled_end: Instant;
  duration_minutes: number;
  /** The London calendar date of the start: day and range queries use it. */
  date: string;
  visit_type: string;
  priority: string;
  tasks: Json<string[]>;
  notes: string | null;
  series_id: string | null;
  /** Raised by the timeliness policy; cleared by a check-in or a reschedule. */
  running_late: boolean;
  checked_in_at: OptionalInstant;
  checked_out_at: OptionalInstant;
  check_in_location: Json<VisitLocation | null>;
  check_out_location: Json<VisitLocation | null>;
  check_in_source: string | null;
  check_out_source: string | null;
  /** The check-in's reason for a manual entry, or the check-out's when the check-in had none. */
  manual_input_reason: string | null;
  late_arrival: boolean;
  late_reason: string | null;
  /** On Time, Early or Late by the one punctuality rule (events punctuality.ts); null before a check-in. */
  punctuality: string | null;
  /** The server's clock at check-in when the check-in time was entered by hand (null otherwise), and why. */
  check_in_recorded_at: OptionalInstant;
  check_in_time_reason: string | null;
  /** The same for the check-out. */
  check_out_recorded_at: OptionalInstant;
  check_out_time_reason: string | null;
  /** Recorded offline on the carer's phone: its clock then, and when the server received it (null otherwise). */
  check_in_offline_captured_at: OptionalInstant;
  check_in_offline_received_at: OptionalInstant;
  /** The same for the check-out. */
  check_out_offline_captured_at: OptionalInstant;
  check_out_offline_received_at: OptionalInstant;
  tasks_completed: Json<string[]>;
  medication_given: boolean | null;
  client_mood: string | null;
  health_observations: string | null;
  /** The carer's notes at check-out. */
  visit_notes: string | null;
  /** The carer ticked "Share this note with the family" at check-out (VisitCheckedOut.shareWithFamily). */
  note_shared_with_family: boolean;
  /** PNG data URL; returned only by GET /api/appointments/:id. */
  signature: string | null;
  travel_time_minutes: number | null;
  mileage_tenths: number | null;
  expenses_pence: number | null;
  /** The client's 1-5 rating given at check-out (VisitCheckedOut.clientRating); an amendment does not change it. */
  client_rating: number | null;
  /** Why it was cancelled, or the no-show reason. */
  status_reason: string | null;
  amended: boolean;
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: Instant;
  updated_at: Instant;
}

/**
 * The members of each appointment's AppointmentView JSON that its row alone decides (appointment-view-json.ts),
 * in a table of their own: the lists join them by primary key for one page, while counts and figures over a
 * month scan the narrow `appointments` rows.
 */
export interface AppointmentViewsTable {
  id: string;
  members: string;
}

/** The carers that visits show, from registration and renames, never deleted (legal record). */
export interface AppointmentCarerNamesTable {
  id: string;
  /** The carer's account: a carer (appointments.readOwn) reads the visits of the carer whose user_id is theirs. */
  user_id: string | null;
  first_name: string;
  last_name: string;
}

/** The clients that visits show, with the address the carer goes to, never deleted (legal record). */
export interface AppointmentClientNamesTable {
  id: string;
  first_name: string;
  last_name: string;
  address: string;
}

/**
 * Per carer and London day: completed visits, those on time, and the client ratings recorded (count and sum). The
 * dashboard's on-time rate and client satisfaction sum a few thousand of these instead of reading every visit.
 */
export interface AppointmentDayTotalsTable {
  /** Null for visits without a carer (unique with the date, nulls not distinct). */
  carer_id: string | null;
  date: string;
  completed: number;
  on_time: number;
  rated: number;
  rating_sum: number;
}

/** The slice's read-model tables (snake_case), merged into ReadModelDatabase. */
export interface AppointmentTables {
  appointments: AppointmentsTable;
  appointment_views: AppointmentViewsTable;
  appointment_carer_names: AppointmentCarerNamesTable;
  appointment_client_names: AppointmentClientNamesTable;
  appointment_day_totals: AppointmentDayTotalsTable;
}
