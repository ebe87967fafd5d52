import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import {
  APPOINTMENT_PRIORITIES,
  APPOINTMENT_STATUSES,
  CHECK_IN_SOURCES,
  CLIENT_MOODS,
  SHIFT_STATUSES,
  SHIFT_TYPES,
  VISIT_TYPES,
} from '../enums';
import { TRAVEL_BASES } from '../travel/travel-view';
import { visitLocationSchema } from './appointment-events';
import type {
  AppointmentCountView,
  AppointmentDayFigures,
  AppointmentSummaryView,
  AppointmentVersionView,
  AppointmentView,
  MonitoringPageView,
  MonitoringRecordView,
  ShiftView,
} from './appointment-view';

const nameOnly = z.strictObject({ firstName: z.string(), lastName: z.string() });

/** AppointmentView for the API description and the tests that check replies against it. */
/** A check-in or check-out time entered by hand: the server's time it was recorded at, and why. */
export const handEnteredTimeSchema = z.strictObject({ recordedAt: z.string(), reason: z.string().nullable() });
/** A check-in or check-out recorded on the carer's phone while offline: its clock then, and when the server received it. */
export const offlineRecordedTimeSchema = z.strictObject({ capturedAt: z.string(), receivedAt: z.string() });

export const appointmentViewSchema = z.strictObject({
  id: z.uuid(),
  clientId: z.uuid(),
  carerId: z.uuid().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  scheduledDate: z.string(),
  scheduledEnd: z.string(),
  scheduledDuration: z.int(),
  date: z.iso.date(),
  startTime: z.string(),
  endTime: z.string(),
  visitType: z.enum(VISIT_TYPES),
  appointmentType: z.enum(VISIT_TYPES),
  priority: z.enum(APPOINTMENT_PRIORITIES),
  tasks: z.array(z.string()),
  notes: z.string().nullable(),
  seriesId: z.uuid().nullable(),
  runningLate: z.boolean(),
  outsideShift: z.boolean(),
  actualStartTime: z.string().nullable(),
  actualEndTime: z.string().nullable(),
  checkInLocation: visitLocationSchema.nullable(),
  checkOutLocation: visitLocationSchema.nullable(),
  checkInSource: z.enum(CHECK_IN_SOURCES).nullable(),
  manualInputReason: z.string().nullable(),
  lateArrival: z.boolean(),
  lateReason: z.string().nullable(),
  punctuality: z.enum(['On Time', 'Early', 'Late']).nullable(),
  checkInEnteredByHand: handEnteredTimeSchema.nullable(),
  checkOutEnteredByHand: handEnteredTimeSchema.nullable(),
  checkInOffline: offlineRecordedTimeSchema.nullable(),
  checkOutOffline: offlineRecordedTimeSchema.nullable(),
  tasksCompleted: z.array(z.string()),
  totalTasks: z.int(),
  medicationGiven: z.boolean().nullable(),
  clientMood: z.enum(CLIENT_MOODS).nullable(),
  healthObservations: z.string().nullable(),
  visitNotes: z.string().nullable(),
  noteSharedWithFamily: z.boolean().describe("The carer chose at check-out to share the note with the client's family"),
  signedOff: z.boolean(),
  signature: z.string().nullable().optional().describe('Only in GET /api/appointments/:id: the signature image'),
  travelTime: z.number().nullable(),
  mileage: z.number().nullable(),
  expenses: z.number().nullable().describe('Pence'),
  documentsUploaded: z.int(),
  carerAppLastOnline: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  amended: z.boolean(),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  client: z.strictObject({ firstName: z.string(), lastName: z.string(), address: z.string() }),
  carer: z.strictObject({ user: nameOnly }).nullable(),
  travelFromPrevious: z
    .strictObject({ minutes: z.int(), km: z.number(), basis: z.enum(TRAVEL_BASES), gapMinutes: z.int() })
    .nullable()
    .optional()
    .describe("Estimated travel from the carer's previous visit that day"),
  tightGap: z.boolean().optional().describe('The gap after the previous visit is shorter than the estimated travel'),
});

export const appointmentCountViewSchema = z.strictObject({ count: z.int() });

export const appointmentSummaryViewSchema = z.strictObject({
  total: z.int(),
  scheduled: z.int(),
  inProgress: z.int(),
  completed: z.int(),
  missed: z.int(),
  cancelled: z.int(),
  noShow: z.int(),
  unassigned: z.int(),
  lateArrivals: z.int(),
  activeCarers: z.int(),
  totalHours: z.number(),
  completionRate: z.number().nullable(),
  punctualityRate: z.number().nullable(),
});

export const appointmentDayFiguresSchema = z.strictObject({
  date: z.iso.date(),
  total: z.int(),
  completed: z.int(),
  missed: z.int(),
  cancelled: z.int(),
  lateArrivals: z.int(),
});

export const appointmentVersionViewSchema = z.strictObject({
  revision: z.string(),
  action: z.string(),
  userId: z.string(),
  userName: z.string().nullable(),
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export const monitoringRecordViewSchema = z.strictObject({
  id: z.uuid(),
  date: z.iso.date(),
  plannedTime: z.string(),
  actualTime: z.string().nullable(),
  client: z.string(),
  carer: z.string(),
  punctuality: z.enum(['On Time', 'Early', 'Late']).nullable(),
  duration: z.number(),
  tasks: z.array(z.string()),
  medication: z.boolean(),
  provider: z.enum(VISIT_TYPES),
  manualInputReason: z.string().nullable(),
  timeEnteredByHand: z.boolean(),
  timeEnteredReason: z.string().nullable(),
  recordedOffline: offlineRecordedTimeSchema.nullable(),
  source: z.enum(CHECK_IN_SOURCES).nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  notes: z.string().nullable(),
});

export const monitoringPageViewSchema = z.strictObject({
  records: z.array(monitoringRecordViewSchema),
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
});

export const shiftViewSchema = z.strictObject({
  id: z.uuid(),
  carerId: z.uuid(),
  carerName: z.string(),
  shiftType: z.enum(SHIFT_TYPES),
  startTime: z.string(),
  endTime: z.string(),
  breakMinutes: z.int(),
  location: z.string().nullable(),
  status: z.enum(SHIFT_STATUSES),
  notes: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  date: z.iso.date(),
  startClock: z.string(),
  endClock: z.string(),
  visitCount: z.int(),
  revision: z.string(),
});

export type AppointmentViewSchemaAppointmentMatches = Expect<
  Same<z.infer<typeof appointmentViewSchema>, AppointmentView>
>;
export type AppointmentViewSchemaCountMatches = Expect<
  Same<z.infer<typeof appointmentCountViewSchema>, AppointmentCountView>
>;
export type AppointmentViewSchemaSummaryMatches = Expect<
  Same<z.infer<typeof appointmentSummaryViewSchema>, AppointmentSummaryView>
>;
export type AppointmentViewSchemaDayMatches = Expect<
  Same<z.infer<typeof appointmentDayFiguresSchema>, AppointmentDayFigures>
>;
export type AppointmentViewSchemaVersionMatches = Expect<
  Same<z.infer<typeof appointmentVersionViewSchema>, AppointmentVersionView>
>;
export type AppointmentViewSchemaRecordMatches = Expect<
  Same<z.infer<typeof monitoringRecordViewSchema>, MonitoringRecordView>
>;
export type AppointmentViewSchemaPageMatches = Expect<
  Same<z.infer<typeof monitoringPageViewSchema>, MonitoringPageView>
>;
export type AppointmentViewSchemaShiftMatches = Expect<Same<z.infer<typeof shiftViewSchema>, ShiftView>>;
