import { z } from 'zod';
import { APPOINTMENT_PRIORITIES, CHECK_IN_SOURCES, CLIENT_MOODS, VISIT_TYPES } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventInteger, eventPence, eventText, eventTextList } from '../event-fields';
import { LIST_LIMITS, MONEY_LIMITS, NUMBER_LIMITS, TEXT_LIMITS } from '../limits';

const { locationAccuracyMetres } = NUMBER_LIMITS;
const reason = eventText(TEXT_LIMITS.shortReason);
const tasks = eventTextList(LIST_LIMITS.tasks, TEXT_LIMITS.listEntry);
const visitNotes = eventText(TEXT_LIMITS.visitNotes);

/**
 * A check-in or check-out time typed in by hand: the server's clock stays the record (`recordedAt`), and the
 * time the carer gave is kept beside it with their reason. Absent on events recorded at the server's time (and
 * on every event from before hand-entered times were kept apart).
 */
const handEnteredFields = {
  /** The server's clock when the event was recorded. */
  recordedAt: eventInstant().optional(),
  /** Why the time differs from recordedAt; null when it does not. */
  handEnteredReason: reason.nullable().optional(),
  /**
   * Recorded on the carer's phone while it had no signal and sent later: the phone's clock when the carer
   * recorded it (recordedAt is then when the server received it). Absent on records sent at once.
   */
  offlineCapturedAt: eventInstant().optional(),
};

/** Where the carer was when they checked in or out (browser geolocation), or null when not shared. */
export const visitLocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Metres, as the browser reports it. */
  accuracy: z.number().min(locationAccuracyMetres.min).max(locationAccuracyMetres.max).nullable(),
  address: eventText(TEXT_LIMITS.locationAddress).nullable(),
});
export type VisitLocation = z.infer<typeof visitLocationSchema>;

/** What the carer records at check-out; an amendment changes some of it and keeps the earlier values. */
export const visitOutcomeSchema = z.object({
  checkedOutAt: eventInstant(),
  /** The tasks done, each one of the appointment's tasks. */
  tasksCompleted: tasks,
  medicationGiven: z.boolean(),
  clientMood: z.enum(CLIENT_MOODS).nullable(),
  healthObservations: visitNotes.nullable(),
  notes: visitNotes.nullable(),
  /** A PNG data URL of the client's (or carer's) signature. */
  signature: eventText(TEXT_LIMITS.signature).nullable(),
  travelTimeMinutes: eventInteger(NUMBER_LIMITS.travelTimeMinutes).nullable(),
  /** Miles, to one decimal, stored as tenths of a mile (no floating point in the record). */
  mileageTenths: eventInteger(NUMBER_LIMITS.mileageTenths).nullable(),
  expensesPence: eventPence(MONEY_LIMITS.expensesPence).nullable(),
});
export type VisitOutcome = z.infer<typeof visitOutcomeSchema>;

export const appointmentPlanSchema = z.object({
  clientId: z.uuid(),
  /** ISO instant (UTC) of the planned start. */
  scheduledStart: eventInstant(),
  durationMinutes: eventInteger(NUMBER_LIMITS.visitMinutes),
  visitType: z.enum(VISIT_TYPES),
  priority: z.enum(APPOINTMENT_PRIORITIES),
  tasks,
  notes: visitNotes.nullable(),
});
export type AppointmentPlan = z.infer<typeof appointmentPlanSchema>;

export const AppointmentScheduled = defineEvent(
  'AppointmentScheduled',
  1,
  appointmentPlanSchema.extend({
    id: z.uuid(),
    /** Null: scheduled unassigned (Visit Assignments lists it). */
    carerId: z.uuid().nullable(),
    /** Set when a weekly pattern created it. */
    seriesId: z.uuid().nullable(),
    /** Why an administrator booked the carer although they are on approved leave then (absent otherwise). */
    leaveOverrideReason: eventText(TEXT_LIMITS.shortReason).optional(),
    /** True when the visit's time is outside the carer's working pattern: booked anyway, with a warning (absent otherwise). */
    outsideWorkingPattern: z.literal(true).optional(),
  }),
);

/** Assign (previousCarerId null) or reassign. */
export const AppointmentCarerAssigned = defineEvent(
  'AppointmentCarerAssigned',
  1,
  z.object({
    id: z.uuid(),
    carerId: z.uuid(),
    previousCarerId: z.uuid().nullable(),
    /** Why an administrator assigned the carer although they are on approved leave then (absent otherwise). */
    leaveOverrideReason: eventText(TEXT_LIMITS.shortReason).optional(),
    /** True when the visit's time is outside the carer's working pattern: assigned anyway, with a warning (absent otherwise). */
    outsideWorkingPattern: z.literal(true).optional(),
  }),
);
export const AppointmentCarerUnassigned = defineEvent(
  'AppointmentCarerUnassigned',
  1,
  z.object({ id: z.uuid(), previousCarerId: z.uuid() }),
);
export const AppointmentRescheduled = defineEvent(
  'AppointmentRescheduled',
  1,
  appointmentPlanSchema.pick({ scheduledStart: true, durationMinutes: true }).extend({
    id: z.uuid(),
    /** Why an administrator moved the visit into its carer's approved leave (absent otherwise). */
    leaveOverrideReason: eventText(TEXT_LIMITS.shortReason).optional(),
  }),
);
/** Tasks, notes, priority or visit type changed before the visit started. */
export const AppointmentDetailsChanged = defineEvent(
  'AppointmentDetailsChanged',
  1,
  z.object({
    id: z.uuid(),
    changes: appointmentPlanSchema.pick({ visitType: true, priority: true, tasks: true, notes: true }).partial(),
  }),
);
export const AppointmentCancelled = defineEvent('AppointmentCancelled', 1, z.object({ id: z.uuid(), reason }));
/** The carer went but could not deliver the visit (client not at home, refused entry). */
export const AppointmentNoShowRecorded = defineEvent(
  'AppointmentNoShowRecorded',
  1,
  z.object({ id: z.uuid(), reason: reason.nullable() }),
);

/** Raised by the timeliness policy: the start passed by the grace period without a check-in. */
export const VisitRunningLate = defineEvent(
  'VisitRunningLate',
  1,
  z.object({ id: z.uuid(), detectedAt: eventInstant() }),
);
/** Raised by the timeliness policy: the planned end passed without a check-in. */
export const VisitMissed = defineEvent('VisitMissed', 1, z.object({ id: z.uuid(), detectedAt: eventInstant() }));

export const VisitCheckedIn = defineEvent(
  'VisitCheckedIn',
  1,
  z.object({
    id: z.uuid(),
    carerId: z.uuid(),
    checkedInAt: eventInstant(),
    location: visitLocationSchema.nullable(),
    source: z.enum(CHECK_IN_SOURCES),
    manualInputReason: reason.nullable(),
    /** Late by the punctuality rule (punctuality.ts), decided when the check-in is recorded. */
    lateArrival: z.boolean(),
    lateReason: reason.nullable(),
    ...handEnteredFields,
  }),
);

export const VisitCheckedOut = defineEvent(
  'VisitCheckedOut',
  1,
  visitOutcomeSchema.extend({
    id: z.uuid(),
    location: visitLocationSchema.nullable(),
    source: z.enum(CHECK_IN_SOURCES),
    manualInputReason: reason.nullable(),
    ...handEnteredFields,
    /** The client's rating of the visit (1 to 5), when they gave one; absent from check-outs recorded before ratings were asked for. */
    clientRating: eventInteger(NUMBER_LIMITS.clientRating).nullable().optional(),
    /**
     * The carer chose "Share this note with the family": the family portal shows this visit's note. Written only
     * when true, so a check-out from before sharing existed (or one not shared) reads as not shared.
     */
    shareWithFamily: z.literal(true).optional(),
  }),
);

/** A correction of a completed visit: only the changed fields, with the reason; the earlier values stay. */
export const VisitAmended = defineEvent(
  'VisitAmended',
  1,
  z.object({
    id: z.uuid(),
    changes: visitOutcomeSchema.extend({ checkedInAt: eventInstant(), lateReason: reason.nullable() }).partial(),
    reason,
  }),
);

export const appointmentEvents = [
  AppointmentScheduled,
  AppointmentCarerAssigned,
  AppointmentCarerUnassigned,
  AppointmentRescheduled,
  AppointmentDetailsChanged,
  AppointmentCancelled,
  AppointmentNoShowRecorded,
  VisitRunningLate,
  VisitMissed,
  VisitCheckedIn,
  VisitCheckedOut,
  VisitAmended,
] as const;
export type AppointmentEvent = EventOf<typeof appointmentEvents>;

export const appointmentStreamId = (id: string): string => `appointment-${id}`;
