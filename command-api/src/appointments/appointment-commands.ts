import type { AppointmentPlan, CheckInSource, VisitLocation, VisitOutcome } from '@care/events';
import type { VisitTimeRules } from './visit-times';

/** Who records a visit: a carer may record only the visits assigned to their own carer record. */
export interface VisitRecorder {
  /** visits.record for every visit (admin, coordinator): may check in or out on a carer's behalf. */
  readonly mayRecordAnyVisit: boolean;
  /** Whether the appointment's carer record is linked to the recorder's user account. */
  readonly isAssignedCarer: boolean;
}

/** How a check-in or check-out was captured. */
export interface CaptureDetails {
  readonly location: VisitLocation | null;
  readonly source: CheckInSource;
  readonly manualInputReason: string | null;
}

/** What PATCH /api/appointments/:id may change before the visit starts. */
export type AppointmentChanges = Partial<Pick<AppointmentPlan, 'visitType' | 'priority' | 'tasks' | 'notes'>>;

/** A completed visit's recorded values that an amendment may correct. */
export type AmendableVisit = VisitOutcome & { readonly checkedInAt: string; readonly lateReason: string | null };

/**
 * The appointment's commands. Each carries what `decide` needs and cannot look up itself: `now` is the
 * service's clock, so `decide` stays pure and the tests can set the time.
 */
export type AppointmentCommand =
  | {
      readonly type: 'ScheduleAppointment';
      readonly id: string;
      readonly carerId: string | null;
      readonly seriesId: string | null;
      readonly plan: AppointmentPlan;
      /** Set when an administrator books a carer who is on approved leave then: recorded in the event. */
      readonly leaveOverrideReason?: string;
      /** Set when the visit is outside the carer's working pattern: recorded in the event. */
      readonly outsideWorkingPattern?: true;
    }
  | {
      readonly type: 'AssignCarer';
      readonly id: string;
      readonly carerId: string;
      /** Set when an administrator assigns a carer who is on approved leave then: recorded in the event. */
      readonly leaveOverrideReason?: string;
      /** Set when the visit is outside the carer's working pattern: recorded in the event. */
      readonly outsideWorkingPattern?: true;
    }
  | { readonly type: 'UnassignCarer'; readonly id: string }
  | {
      readonly type: 'RescheduleAppointment';
      readonly id: string;
      readonly scheduledStart: string;
      readonly durationMinutes: number;
      readonly leaveOverrideReason?: string;
    }
  | { readonly type: 'ChangeAppointment'; readonly id: string; readonly changes: AppointmentChanges }
  | { readonly type: 'CancelAppointment'; readonly id: string; readonly reason: string }
  | { readonly type: 'RecordNoShow'; readonly id: string; readonly reason: string | null }
  /** The timeliness policy: raise "running late" or "missed" when the clock says so (nothing otherwise). */
  | { readonly type: 'CheckTimeliness'; readonly id: string; readonly now: string; readonly lateGraceMinutes: number }
  | {
      readonly type: 'CheckIn';
      readonly id: string;
      readonly now: string;
      readonly recorder: VisitRecorder;
      /** Undefined: now. A different time is entered by hand and needs handEnteredReason. */
      readonly checkedInAt: string | undefined;
      readonly handEnteredReason: string | null;
      /** Recorded on the carer's phone while offline: its clock then (the request's Captured-At). */
      readonly offlineCapturedAt: string | undefined;
      readonly rules: VisitTimeRules;
      readonly capture: CaptureDetails;
      readonly lateReason: string | null;
    }
  | {
      readonly type: 'CheckOut';
      readonly id: string;
      readonly now: string;
      readonly recorder: VisitRecorder;
      /** Undefined: now. A different time is entered by hand and needs handEnteredReason. */
      readonly checkedOutAt: string | undefined;
      readonly handEnteredReason: string | null;
      /** Recorded on the carer's phone while offline: its clock then (the request's Captured-At). */
      readonly offlineCapturedAt: string | undefined;
      readonly rules: VisitTimeRules;
      readonly capture: CaptureDetails;
      readonly outcome: Omit<VisitOutcome, 'checkedOutAt'>;
      /** The client's 1-5 rating, when they gave one (not part of the outcome: an amendment does not change it). */
      readonly clientRating: number | null;
      /** The carer ticked "Share this note with the family". */
      readonly shareWithFamily: boolean;
    }
  | {
      readonly type: 'AmendVisit';
      readonly id: string;
      readonly now: string;
      /** Only the fields the request sent. */
      readonly changes: Partial<AmendableVisit>;
      readonly reason: string;
    };
