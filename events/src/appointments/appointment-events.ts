import { z } from 'zod';
import { APPOINTMENT_PRIORITIES, CHECK_IN_SOURCES, CLIENT_MOODS, VISIT_TYPES } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';

/** Where the carer was when they checked in or out (browser geolocation), or null when not shared. */
export const visitLocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Metres, as the browser reports it. */
  accuracy: z.number().min(0).nullable(),
  address: z.string().nullable(),
});
export type VisitLocation = z.infer<typeof visitLocationSchema>;

/** What the carer records at check-out; an amendment changes some of it and keeps the earlier values. */
export const visitOutcomeSchema = z.object({
  checkedOutAt: z.iso.datetime(),
  /** The tasks done, each one of the appointment's tasks. */
  tasksCompleted: z.array(z.string()),
  medicationGiven: z.boolean(),
  clientMood: z.enum(CLIENT_MOODS).nullable(),
  healthObservations: z.string().nullable(),
  notes: z.string().nullable(),
  /** A PNG data URL of the client's (or carer's) signature. */
  signature: z.string().nullable(),
  travelTimeMinutes: z.number().int().min(0).nullable(),
  /** Miles, to one decimal, stored as tenths of a mile (no floating point in the record). */
  mileageTenths: z.number().int().min(0).nullable(),
  expensesPence: z.number().int().min(0).nullable(),
});
export type VisitOutcome = z.infer<typeof visitOutcomeSchema>;

export const appointmentPlanSchema = z.object({
  clientId: z.uuid(),
  /** ISO instant (UTC) of the planned start. */
  scheduledStart: z.iso.datetime(),
  durationMinutes: z.number().int().positive(),
  visitType: z.enum(VISIT_TYPES),
  priority: z.enum(APPOINTMENT_PRIORITIES),
  tasks: z.array(z.string()),
  notes: z.string().nullable(),
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
  }),
);

/** Assign (previousCarerId null) or reassign. */
export const AppointmentCarerAssigned = defineEvent(
  'AppointmentCarerAssigned',
  1,
  z.object({ id: z.uuid(), carerId: z.uuid(), previousCarerId: z.uuid().nullable() }),
);
export const AppointmentCarerUnassigned = defineEvent(
  'AppointmentCarerUnassigned',
  1,
  z.object({ id: z.uuid(), previousCarerId: z.uuid() }),
);
export const AppointmentRescheduled = defineEvent(
  'AppointmentRescheduled',
  1,
  z.object({ id: z.uuid(), scheduledStart: z.iso.datetime(), durationMinutes: z.number().int().positive() }),
);
/** Tasks, notes, priority or visit type changed before the visit started. */
export const AppointmentDetailsChanged = defineEvent(
  'AppointmentDetailsChanged',
  1,
  z.object({ id: z.uuid(), changes: appointmentPlanSchema.pick({ visitType: true, priority: true, tasks: true, notes: true }).partial() }),
);
export const AppointmentCancelled = defineEvent('AppointmentCancelled', 1, z.object({ id: z.uuid(), reason: z.string() }));
/** The carer went but could not deliver the visit (client not at home, refused entry). */
export const AppointmentNoShowRecorded = defineEvent(
  'AppointmentNoShowRecorded',
  1,
  z.object({ id: z.uuid(), reason: z.string().nullable() }),
);

/** Raised by the timeliness policy: the start passed by the grace period without a check-in. */
export const VisitRunningLate = defineEvent('VisitRunningLate', 1, z.object({ id: z.uuid(), detectedAt: z.iso.datetime() }));
/** Raised by the timeliness policy: the planned end passed without a check-in. */
export const VisitMissed = defineEvent('VisitMissed', 1, z.object({ id: z.uuid(), detectedAt: z.iso.datetime() }));

export const VisitCheckedIn = defineEvent(
  'VisitCheckedIn',
  1,
  z.object({
    id: z.uuid(),
    carerId: z.uuid(),
    checkedInAt: z.iso.datetime(),
    location: visitLocationSchema.nullable(),
    source: z.enum(CHECK_IN_SOURCES),
    manualInputReason: z.string().nullable(),
    /** More than LATE_ARRIVAL_MINUTES after the scheduled start, decided when the check-in is recorded. */
    lateArrival: z.boolean(),
    lateReason: z.string().nullable(),
  }),
);

export const VisitCheckedOut = defineEvent(
  'VisitCheckedOut',
  1,
  visitOutcomeSchema.extend({
    id: z.uuid(),
    location: visitLocationSchema.nullable(),
    source: z.enum(CHECK_IN_SOURCES),
    manualInputReason: z.string().nullable(),
  }),
);

/** A correction of a completed visit: only the changed fields, with the reason; the earlier values stay. */
export const VisitAmended = defineEvent(
  'VisitAmended',
  1,
  z.object({
    id: z.uuid(),
    changes: visitOutcomeSchema.extend({ checkedInAt: z.iso.datetime(), lateReason: z.string().nullable() }).partial(),
    reason: z.string(),
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
