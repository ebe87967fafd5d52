import type {
  AppointmentPriority,
  AppointmentStatus,
  CheckInSource,
  ClientMood,
  ShiftStatus,
  ShiftType,
  VisitType,
} from '../enums';
import type { TravelFromPreviousView } from '../travel/travel-view';
import type { VisitLocation } from './appointment-events';

/**
 * GET /api/appointments items and GET /api/appointments/:id: the appointment and its visit, one record.
 * Field names are the ones the appointment and visit screens use.
 */
export interface AppointmentView {
  id: string;
  clientId: string;
  carerId: string | null;
  status: AppointmentStatus;
  /** ISO instant (UTC) of the planned start (spec: scheduledDate). */
  scheduledDate: string;
  /** ISO instant (UTC) of the planned end. */
  scheduledEnd: string;
  /** Minutes (spec: scheduledDuration). */
  scheduledDuration: number;
  /** London calendar date YYYY-MM-DD and wall-clock HH:mm of the planned start and end. */
  date: string;
  startTime: string;
  endTime: string;
  visitType: VisitType;
  /** Same as visitType (the dashboard reads appointmentType). */
  appointmentType: VisitType;
  priority: AppointmentPriority;
  tasks: string[];
  notes: string | null;
  seriesId: string | null;
  /** Raised by the timeliness policy while scheduled: the start passed by the grace period without a check-in. */
  runningLate: boolean;
  /** No confirmed or pending shift of the carer covers the visit. */
  outsideShift: boolean;
  actualStartTime: string | null;
  actualEndTime: string | null;
  checkInLocation: VisitLocation | null;
  checkOutLocation: VisitLocation | null;
  checkInSource: CheckInSource | null;
  manualInputReason: string | null;
  lateArrival: boolean;
  lateReason: string | null;
  /** By the one punctuality rule (punctuality.ts); null before a check-in. */
  punctuality: Punctuality | null;
  /** Set when the check-in time was entered by hand: the server's time it was recorded at, and why. */
  checkInEnteredByHand: HandEnteredTime | null;
  /** The same for the check-out. */
  checkOutEnteredByHand: HandEnteredTime | null;
  /** Set when the check-in was recorded on the carer's phone while offline and sent later. */
  checkInOffline: OfflineRecordedTime | null;
  /** The same for the check-out. */
  checkOutOffline: OfflineRecordedTime | null;
  tasksCompleted: string[];
  totalTasks: number;
  medicationGiven: boolean | null;
  clientMood: ClientMood | null;
  healthObservations: string | null;
  /** The carer's notes at check-out. */
  visitNotes: string | null;
  /** The carer chose at check-out to share the note with the client's family portal. */
  noteSharedWithFamily: boolean;
  /** Whether a signature was captured; the image is in GET /api/appointments/:id (signature). */
  signedOff: boolean;
  signature?: string | null;
  travelTime: number | null;
  /** Miles, one decimal. */
  mileage: number | null;
  /** Pence. */
  expenses: number | null;
  /** Diary entries and voice notes recorded against this visit. */
  documentsUploaded: number;
  /**
   * When the carer's app was last online (ISO instant; null when it never was, or there is no carer): the office
   * tells a carer without signal from one who did not come.
   */
  carerAppLastOnline: string | null;
  cancellationReason: string | null;
  amended: boolean;
  /** Stream revision: send it back as If-Match to refuse a concurrent change. */
  revision: string;
  createdAt: string;
  updatedAt: string;
  client: { firstName: string; lastName: string; address: string };
  carer: { user: { firstName: string; lastName: string } } | null;
  /**
   * The estimated travel from the carer's previous visit that day (null for the day's first visit, a visit without
   * a carer, or places that cannot be estimated), and whether the gap between the two is shorter than that travel.
   * Optional: the lists and the visit's own page give them, other places that build a visit's view do not.
   */
  travelFromPrevious?: TravelFromPreviousView | null;
  tightGap?: boolean;
}

/** A check-in or check-out time typed in by hand ("time entered by hand"), kept beside the server's time. */
export interface HandEnteredTime {
  /** The server's clock when it was recorded. */
  recordedAt: string;
  reason: string | null;
}

/**
 * A check-in or check-out the carer recorded on their phone without signal: it counts at the phone's clock
 * ("recorded offline at 09:02"), and the server received it later ("received 10:31").
 */
export interface OfflineRecordedTime {
  capturedAt: string;
  receivedAt: string;
}

/** GET /api/appointments/today/count (the mobile Schedule badge). */
export interface AppointmentCountView {
  count: number;
}

/** GET /api/appointments/summary?from&to: the cards of Visit Tracking, Daily Schedule and Manage. */
export interface AppointmentSummaryView {
  total: number;
  scheduled: number;
  inProgress: number;
  completed: number;
  missed: number;
  cancelled: number;
  noShow: number;
  unassigned: number;
  lateArrivals: number;
  /** Distinct carers with a visit. */
  activeCarers: number;
  /** Sum of planned durations, in hours. */
  totalHours: number;
  /** completed ÷ (all but cancelled) as a percentage to 1 decimal; null when there is nothing to rate. */
  completionRate: number | null;
  /** On Time share of checked-in visits (within 15 minutes either side of the start: punctuality.ts), to 1 decimal. */
  punctualityRate: number | null;
}

/** GET /api/appointments/analytics?from&to: one row per London day. */
export interface AppointmentDayFigures {
  date: string;
  total: number;
  completed: number;
  missed: number;
  cancelled: number;
  lateArrivals: number;
}

/** GET /api/appointments/:id/history, oldest first. */
export interface AppointmentVersionView {
  revision: string;
  /** The event type, e.g. AppointmentScheduled, VisitCheckedIn, VisitAmended. */
  action: string;
  userId: string;
  userName: string | null;
  occurredAt: string;
  /** The event's data as recorded (the signature image left out). */
  data: Record<string, unknown>;
}

export type Punctuality = 'On Time' | 'Early' | 'Late';

/** GET /api/monitoring items: one care record per visit that happened or should have. */
export interface MonitoringRecordView {
  id: string;
  /** London date YYYY-MM-DD. */
  date: string;
  /** HH:mm–HH:mm planned. */
  plannedTime: string;
  /** HH:mm–HH:mm as checked in and out, or null. */
  actualTime: string | null;
  client: string;
  carer: string;
  punctuality: Punctuality | null;
  /** Minutes actually spent when checked out, else the planned duration. */
  duration: number;
  tasks: string[];
  medication: boolean;
  /** The care provided (visit type). */
  provider: VisitType;
  manualInputReason: string | null;
  source: CheckInSource | null;
  /** The check-in or check-out time was entered by hand (kept beside the server's time). */
  timeEnteredByHand: boolean;
  /** Why, as the carer gave it (the check-in's, else the check-out's). */
  timeEnteredReason: string | null;
  /** The check-in (else the check-out) was recorded on the carer's phone offline: its time and when it was received. */
  recordedOffline: OfflineRecordedTime | null;
  /** completed, in_progress, cancelled, no_show, scheduled or missed. */
  status: AppointmentStatus;
  notes: string | null;
}

/** GET /api/monitoring reply: one page and the total that matched the filters. */
export interface MonitoringPageView {
  records: MonitoringRecordView[];
  total: number;
  limit: number;
  offset: number;
}

/** GET /api/shifts items. */
export interface ShiftView {
  id: string;
  carerId: string;
  carerName: string;
  shiftType: ShiftType;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  location: string | null;
  status: ShiftStatus;
  notes: string | null;
  cancellationReason: string | null;
  /** London date and HH:mm of start and end, for the rota grid. */
  date: string;
  startClock: string;
  endClock: string;
  /** Visits of the carer that fall inside the shift. */
  visitCount: number;
  revision: string;
}
