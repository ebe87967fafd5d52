import { z } from 'zod';
import { APPOINTMENT_PRIORITIES, CHECK_IN_SOURCES, CLIENT_MOODS, ISO_WEEKDAYS, VISIT_TYPES } from '../enums';
import {
  integerBetween,
  milesToTenths,
  optionalEnum,
  optionalInstant,
  optionalIntegerBetween,
  optionalReference,
  optionalText,
  poundsToPence,
  requiredDate,
  requiredInstant,
  requiredReference,
  requiredText,
  textList,
} from '../fields';
import { LIST_LIMITS, MONEY_LIMITS, NUMBER_LIMITS, TEXT_LIMITS } from '../limits';

const { visitMinutes, travelTimeMinutes, mileageTenths, locationAccuracyMetres: accuracy } = NUMBER_LIMITS;
const durationMinutes = integerBetween(
  visitMinutes.min,
  visitMinutes.max,
  `Duration must be between ${visitMinutes.min} and ${visitMinutes.max} minutes`,
);
const visitType = z.enum(VISIT_TYPES, { error: `Visit type must be one of: ${VISIT_TYPES.join(', ')}` });
const priority = z.enum(APPOINTMENT_PRIORITIES, {
  error: `Priority must be one of: ${APPOINTMENT_PRIORITIES.join(', ')}`,
});
const tasks = textList(LIST_LIMITS.tasks, TEXT_LIMITS.listEntry);
const notes = optionalText(TEXT_LIMITS.visitNotes);
const reason = optionalText(TEXT_LIMITS.shortReason);

const planFields = {
  clientId: requiredReference('Client is required', 'Client not found'),
  /** Blank: scheduled unassigned. */
  carerId: optionalReference('Carer not found'),
  visitType: visitType.default('personal_care'),
  priority: priority.default('normal'),
  /** Left out: the visit gets the tasks the client's care plan lists for its visit type (none without a plan). */
  tasks: tasks.optional(),
  notes,
  /** An administrator booking a carer who is on approved leave then says why (anyone else is refused). */
  leaveOverrideReason: reason,
};

/** Schedule Appointment / Add Appointment: one visit. */
export const scheduleAppointmentRequestSchema = z.object({
  ...planFields,
  scheduledStart: requiredInstant('Scheduled date and time is required'),
  durationMinutes,
});
export type ScheduleAppointmentRequest = z.input<typeof scheduleAppointmentRequestSchema>;
export type ScheduleAppointmentCommandInput = z.output<typeof scheduleAppointmentRequestSchema>;

/** A weekly pattern: the days, the London wall-clock time and the dates it runs between (both included). */
export const scheduleRecurringRequestSchema = z
  .object({
    ...planFields,
    daysOfWeek: z
      .array(
        z.union(
          ISO_WEEKDAYS.map((day) => z.literal(day)),
          { error: 'Days must be 1 (Monday) to 7 (Sunday)' },
        ),
      )
      .min(1, 'Choose at least one day')
      .transform((days) => [...new Set(days)].sort()),
    startTime: z.string({ error: 'Time is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm'),
    durationMinutes,
    startDate: requiredDate('Start date is required'),
    untilDate: requiredDate('Until date is required'),
  })
  .refine((value) => value.untilDate >= value.startDate, {
    path: ['untilDate'],
    message: 'Until date must not be before the start date',
  });
export type ScheduleRecurringRequest = z.input<typeof scheduleRecurringRequestSchema>;
export type ScheduleRecurringCommandInput = z.output<typeof scheduleRecurringRequestSchema>;
/** A pattern may create at most this many visits at once. */
export const MAX_RECURRING_OCCURRENCES = 200;

export const assignCarerRequestSchema = z.object({
  carerId: requiredReference('Carer is required', 'Carer not found'),
  /** An administrator assigning a carer who is on approved leave then says why (anyone else is refused). */
  leaveOverrideReason: reason,
});
export type AssignCarerRequest = z.input<typeof assignCarerRequestSchema>;

export const rescheduleAppointmentRequestSchema = z.object({
  scheduledStart: requiredInstant('Scheduled date and time is required'),
  durationMinutes,
  /** An administrator moving a visit into its carer's approved leave then says why (anyone else is refused). */
  leaveOverrideReason: reason,
});
export type RescheduleAppointmentRequest = z.input<typeof rescheduleAppointmentRequestSchema>;

/** PATCH /api/appointments/:id before the visit starts: only the fields sent. */
export const changeAppointmentRequestSchema = z.object({ visitType, priority, tasks, notes }).partial();
export type ChangeAppointmentRequest = z.input<typeof changeAppointmentRequestSchema>;

export const cancelAppointmentRequestSchema = z.object({
  reason: requiredText('Cancellation reason is required', TEXT_LIMITS.shortReason),
});
export type CancelAppointmentRequest = z.input<typeof cancelAppointmentRequestSchema>;

export const noShowRequestSchema = z.object({ reason });
export type NoShowRequest = z.input<typeof noShowRequestSchema>;

/** Where the device was (browser geolocation). */
export const positionRequestSchema = z.object({
  latitude: z
    .number({ error: 'Latitude must be a number' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  longitude: z
    .number({ error: 'Longitude must be a number' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  accuracy: z
    .number({ error: 'Accuracy must be a number of metres' })
    .min(accuracy.min, 'Accuracy must not be negative')
    .max(accuracy.max, `Accuracy must be at most ${accuracy.max} metres`)
    .nullable()
    .default(null),
  address: optionalText(TEXT_LIMITS.locationAddress).transform((value) => value ?? null),
});
const locationRequestSchema = positionRequestSchema.nullable().default(null);

/**
 * Manual: typed in by hand (no device time or position), so a reason is required. A check-in or check-out
 * time that differs from the server's is a time entered by hand: it needs handEnteredReason (or the manual
 * entry's reason), may not be in the future and may be at most MANUAL_TIME_MAX_HOURS_BACK hours back.
 */
const sourceFields = {
  source: z
    .enum(CHECK_IN_SOURCES, { error: `Source must be one of: ${CHECK_IN_SOURCES.join(', ')}` })
    .default('Computer'),
  manualInputReason: reason,
  handEnteredReason: reason,
  location: locationRequestSchema,
};
const requireManualReason = (value: { source: string; manualInputReason?: string | null }) =>
  value.source !== 'Manual' || (value.manualInputReason ?? '') !== '';
const manualReasonRule = { path: ['manualInputReason'], message: 'A reason is required for a manual entry' };

export const checkInRequestSchema = z
  .object({ ...sourceFields, checkedInAt: optionalInstant(), lateReason: reason })
  .refine(requireManualReason, manualReasonRule);
export type CheckInRequest = z.input<typeof checkInRequestSchema>;
export type CheckInCommandInput = z.output<typeof checkInRequestSchema>;

const outcomeFields = {
  tasksCompleted: textList(30, 200).default([]),
  medicationGiven: z.boolean({ error: 'Medication given must be true or false' }).default(false),
  clientMood: optionalEnum(CLIENT_MOODS),
  healthObservations: optionalText(TEXT_LIMITS.visitNotes),
  notes,
  /** A PNG data URL, at most about 200 KB. */
  signature: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string()
      .max(TEXT_LIMITS.signature, 'Signature image is too large')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Signature must be a PNG image')
      .nullable()
      .optional(),
  ),
  travelTimeMinutes: optionalIntegerBetween(
    travelTimeMinutes.min,
    travelTimeMinutes.max,
    `Travel time must be a whole number of minutes from ${travelTimeMinutes.min} to ${travelTimeMinutes.max}`,
  ),
  /** Miles with at most one decimal, kept as tenths. */
  mileage: milesToTenths('Mileage must be miles with at most one decimal', mileageTenths.max, 'Mileage'),
  expenses: poundsToPence('Expenses must be an amount in pounds, e.g. 4.50', MONEY_LIMITS.expensesPence, 'Expenses'),
};

export const CLIENT_RATING_MESSAGE = `Client rating must be a whole number from ${NUMBER_LIMITS.clientRating.min} to ${NUMBER_LIMITS.clientRating.max}`;

export const checkOutRequestSchema = z
  .object({
    ...sourceFields,
    ...outcomeFields,
    checkedOutAt: optionalInstant(),
    /** The client's own rating of the visit, when they gave one (the dashboard's client satisfaction figure). */
    clientRating: optionalIntegerBetween(
      NUMBER_LIMITS.clientRating.min,
      NUMBER_LIMITS.clientRating.max,
      CLIENT_RATING_MESSAGE,
    ),
    /** "Share this note with the family": off unless the carer ticks it; the family portal shows only shared notes. */
    shareWithFamily: z.boolean({ error: 'Share with the family must be true or false' }).default(false),
  })
  .refine(requireManualReason, manualReasonRule);
export type CheckOutRequest = z.input<typeof checkOutRequestSchema>;
export type CheckOutCommandInput = z.output<typeof checkOutRequestSchema>;

/** Correct a completed visit: the fields to change and why (the original stays in the history). */
export const amendVisitRequestSchema = z
  .object(outcomeFields)
  .partial()
  .extend({
    checkedInAt: optionalInstant(),
    checkedOutAt: optionalInstant(),
    lateReason: reason,
    reason: requiredText('A reason for the amendment is required', TEXT_LIMITS.shortReason),
  });
export type AmendVisitRequest = z.input<typeof amendVisitRequestSchema>;
export type AmendVisitCommandInput = z.output<typeof amendVisitRequestSchema>;
