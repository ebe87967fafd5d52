import { z } from 'zod';
import {
  APPOINTMENT_PRIORITIES,
  CHECK_IN_SOURCES,
  CLIENT_MOODS,
  ISO_WEEKDAYS,
  MAX_VISIT_MINUTES,
  VISIT_TYPES,
} from '../enums';
import {
  integerBetween,
  optionalEnum,
  optionalReference,
  optionalText,
  poundsToPence,
  requiredDate,
  requiredInstant,
  requiredReference,
  requiredText,
  textList,
} from '../fields';

const durationMinutes = integerBetween(5, MAX_VISIT_MINUTES, `Duration must be between 5 and ${MAX_VISIT_MINUTES} minutes`);
const visitType = z.enum(VISIT_TYPES, { error: `Visit type must be one of: ${VISIT_TYPES.join(', ')}` });
const priority = z.enum(APPOINTMENT_PRIORITIES, { error: `Priority must be one of: ${APPOINTMENT_PRIORITIES.join(', ')}` });
const tasks = textList(30, 200);
const notes = optionalText(2000);

const planFields = {
  clientId: requiredReference('Client is required', 'Client not found'),
  /** Blank: scheduled unassigned. */
  carerId: optionalReference('Carer not found'),
  visitType: visitType.default('personal_care'),
  priority: priority.default('normal'),
  tasks: tasks.default([]),
  notes,
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
      .array(z.union(ISO_WEEKDAYS.map((day) => z.literal(day)), { error: 'Days must be 1 (Monday) to 7 (Sunday)' }))
      .min(1, 'Choose at least one day')
      .transform((days) => [...new Set(days)].sort()),
    startTime: z.string({ error: 'Time is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm'),
    durationMinutes,
    startDate: requiredDate('Start date is required'),
    untilDate: requiredDate('Until date is required'),
  })
  .refine((value) => value.untilDate >= value.startDate, { path: ['untilDate'], message: 'Until date must not be before the start date' });
export type ScheduleRecurringRequest = z.input<typeof scheduleRecurringRequestSchema>;
export type ScheduleRecurringCommandInput = z.output<typeof scheduleRecurringRequestSchema>;
/** A pattern may create at most this many visits at once. */
export const MAX_RECURRING_OCCURRENCES = 200;

export const assignCarerRequestSchema = z.object({ carerId: requiredReference('Carer is required', 'Carer not found') });
export type AssignCarerRequest = z.input<typeof assignCarerRequestSchema>;

export const rescheduleAppointmentRequestSchema = z.object({
  scheduledStart: requiredInstant('Scheduled date and time is required'),
  durationMinutes,
});
export type RescheduleAppointmentRequest = z.input<typeof rescheduleAppointmentRequestSchema>;

/** PATCH /api/appointments/:id before the visit starts: only the fields sent. */
export const changeAppointmentRequestSchema = z.object({ visitType, priority, tasks, notes }).partial();
export type ChangeAppointmentRequest = z.input<typeof changeAppointmentRequestSchema>;

export const cancelAppointmentRequestSchema = z.object({ reason: requiredText('Cancellation reason is required', 500) });
export type CancelAppointmentRequest = z.input<typeof cancelAppointmentRequestSchema>;

export const noShowRequestSchema = z.object({ reason: optionalText(500) });
export type NoShowRequest = z.input<typeof noShowRequestSchema>;

const locationRequest = z
  .object({
    latitude: z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
    longitude: z
      .number({ error: 'Longitude must be a number' })
      .min(-180, 'Longitude must be between -180 and 180')
      .max(180, 'Longitude must be between -180 and 180'),
    accuracy: z.number().min(0, 'Accuracy must not be negative').nullable().default(null),
    address: optionalText(300).transform((value) => value ?? null),
  })
  .nullable()
  .default(null);

/** Manual: typed in by hand (no device time or position), so a reason is required. */
const sourceFields = {
  source: z.enum(CHECK_IN_SOURCES, { error: `Source must be one of: ${CHECK_IN_SOURCES.join(', ')}` }).default('Computer'),
  manualInputReason: optionalText(500),
  location: locationRequest,
};
const requireManualReason = (value: { source: string; manualInputReason?: string | null }) =>
  value.source !== 'Manual' || (value.manualInputReason ?? '') !== '';
const manualReasonRule = { path: ['manualInputReason'], message: 'A reason is required for a manual entry' };

const optionalInstant = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.iso.datetime({ offset: true, error: 'Must be a valid date and time with its time zone' }).transform((value) => new Date(value).toISOString()).optional(),
);

export const checkInRequestSchema = z
  .object({ ...sourceFields, checkedInAt: optionalInstant, lateReason: optionalText(500) })
  .refine(requireManualReason, manualReasonRule);
export type CheckInRequest = z.input<typeof checkInRequestSchema>;
export type CheckInCommandInput = z.output<typeof checkInRequestSchema>;

const outcomeFields = {
  tasksCompleted: textList(30, 200).default([]),
  medicationGiven: z.boolean({ error: 'Medication given must be true or false' }).default(false),
  clientMood: optionalEnum(CLIENT_MOODS),
  healthObservations: optionalText(2000),
  notes: optionalText(2000),
  /** A PNG data URL, at most about 200 KB. */
  signature: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string()
      .max(300_000, 'Signature image is too large')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Signature must be a PNG image')
      .nullable()
      .optional(),
  ),
  travelTimeMinutes: z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' ? Number(value) : value),
    z.number({ error: 'Travel time must be a whole number of minutes' }).int('Travel time must be a whole number of minutes').min(0).max(600).nullable().optional(),
  ),
  /** Miles with at most one decimal. */
  mileage: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .regex(/^\d{1,4}(\.\d)?$/, 'Mileage must be miles with at most one decimal')
      .transform((text) => Math.round(Number(text) * 10))
      .nullable()
      .optional(),
  ),
  expenses: poundsToPence('Expenses must be an amount in pounds, e.g. 4.50'),
};

export const checkOutRequestSchema = z
  .object({ ...sourceFields, ...outcomeFields, checkedOutAt: optionalInstant })
  .refine(requireManualReason, manualReasonRule);
export type CheckOutRequest = z.input<typeof checkOutRequestSchema>;
export type CheckOutCommandInput = z.output<typeof checkOutRequestSchema>;

/** Correct a completed visit: the fields to change and why (the original stays in the history). */
export const amendVisitRequestSchema = z
  .object(outcomeFields)
  .partial()
  .extend({
    checkedInAt: optionalInstant,
    checkedOutAt: optionalInstant,
    lateReason: optionalText(500),
    reason: requiredText('A reason for the amendment is required', 500),
  });
export type AmendVisitRequest = z.input<typeof amendVisitRequestSchema>;
export type AmendVisitCommandInput = z.output<typeof amendVisitRequestSchema>;
