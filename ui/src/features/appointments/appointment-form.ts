import {
  assignCarerRequestSchema,
  changeAppointmentRequestSchema,
  rescheduleAppointmentRequestSchema,
  scheduleAppointmentRequestSchema,
  scheduleRecurringRequestSchema,
  type AppointmentPriority,
  type AppointmentView,
  type ChangeAppointmentRequest,
  type ScheduleAppointmentRequest,
  type ScheduleRecurringRequest,
  type VisitType,
} from '@care/events';
import type { z } from 'zod';
import { ApiError, type SendMethod } from '../../shared/api';
import { londonInputToIso, toLondonInputValue } from '../../shared/london-time';
import { APPOINTMENTS_PATH } from '../../records/appointments/appointment-queries';

/* Labels and names shared by the appointment screens live in appointment-labels.ts (no schemas: the dashboard
   uses them); re-exported here for the screens that already import the form. */
export {
  appointmentCarerName,
  appointmentClientName,
  defaultStartFor,
  enumLabel,
  isChangeable,
  statusBadgeClass,
  statusLabel,
} from '../../records/appointments/appointment-labels';

/* ---------- The form ---------- */

/** What the Add / Schedule / Edit Appointment form holds; the start as the datetime-local input's London wall time. */
export interface AppointmentFormValues {
  clientId: string;
  /** '' = Unassigned. */
  carerId: string;
  scheduledStart: string;
  durationMinutes: string;
  visitType: VisitType;
  priority: AppointmentPriority;
  tasks: string[];
  notes: string;
  /** New appointments only: a weekly pattern instead of one visit. */
  repeatWeekly: boolean;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  daysOfWeek: number[];
  untilDate: string;
}

export type AppointmentFormField = keyof AppointmentFormValues;
export type AppointmentFormErrors = Partial<Record<AppointmentFormField, string>>;
export const APPOINTMENT_FORM_FIELDS = [
  'clientId',
  'carerId',
  'scheduledStart',
  'durationMinutes',
  'visitType',
  'priority',
  'tasks',
  'notes',
  'repeatWeekly',
  'daysOfWeek',
  'untilDate',
] as const satisfies readonly AppointmentFormField[];

export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const DEFAULT_DURATION_MINUTES = 60;

/** ISO weekday (1 = Monday) of a calendar date YYYY-MM-DD. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** A blank form starting at the given London wall time ("YYYY-MM-DDTHH:mm"). */
export function newAppointmentFormValues(start: string): AppointmentFormValues {
  return {
    clientId: '',
    carerId: '',
    scheduledStart: start,
    durationMinutes: String(DEFAULT_DURATION_MINUTES),
    visitType: 'personal_care',
    priority: 'normal',
    tasks: [],
    notes: '',
    repeatWeekly: false,
    daysOfWeek: [],
    untilDate: '',
  };
}

export function appointmentToFormValues(appointment: AppointmentView): AppointmentFormValues {
  return {
    clientId: appointment.clientId,
    carerId: appointment.carerId ?? '',
    scheduledStart: toLondonInputValue(appointment.scheduledDate),
    durationMinutes: String(appointment.scheduledDuration),
    visitType: appointment.visitType,
    priority: appointment.priority,
    tasks: [...appointment.tasks],
    notes: appointment.notes ?? '',
    repeatWeekly: false,
    daysOfWeek: [],
    untilDate: '',
  };
}

/* ---------- New appointment: one visit or a weekly pattern ---------- */

export type NewAppointmentSubmission =
  | { ok: true; kind: 'single'; request: ScheduleAppointmentRequest }
  | { ok: true; kind: 'recurring'; request: ScheduleRecurringRequest }
  | { ok: false; errors: AppointmentFormErrors };

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** The request fields' names on the form: a weekly pattern's date and time come from the start input. */
const REQUEST_FIELD_TO_FORM: Readonly<Record<string, AppointmentFormField>> = {
  startDate: 'scheduledStart',
  startTime: 'scheduledStart',
};

function formFieldOf(requestField: string): AppointmentFormField | undefined {
  if (REQUEST_FIELD_TO_FORM[requestField]) return REQUEST_FIELD_TO_FORM[requestField];
  return (APPOINTMENT_FORM_FIELDS as readonly string[]).includes(requestField)
    ? (requestField as AppointmentFormField)
    : undefined;
}

function errorsOf(error: z.ZodError): AppointmentFormErrors {
  const found: AppointmentFormErrors = {};
  for (const issue of error.issues) {
    const first = issue.path[0];
    if (typeof first !== 'string') continue;
    const field = formFieldOf(first);
    if (field && !found[field]) found[field] = issue.message;
  }
  return found;
}

/** Checked with the schemas the command API uses, so the messages are the server's own. */
export function checkNewAppointment(values: AppointmentFormValues): NewAppointmentSubmission {
  const plan = {
    clientId: values.clientId,
    carerId: values.carerId,
    visitType: values.visitType,
    priority: values.priority,
    // Left empty, the server gives the visit the tasks of the client's care plan for its visit type.
    ...(values.tasks.length > 0 ? { tasks: [...values.tasks] } : {}),
    notes: values.notes,
    durationMinutes: values.durationMinutes,
  };
  if (!values.repeatWeekly) {
    const request: ScheduleAppointmentRequest = { ...plan, scheduledStart: londonInputToIso(values.scheduledStart) };
    const result = scheduleAppointmentRequestSchema.safeParse(request);
    return result.success ? { ok: true, kind: 'single', request } : { ok: false, errors: errorsOf(result.error) };
  }
  const start = WALL_CLOCK.exec(values.scheduledStart.trim());
  const request: ScheduleRecurringRequest = {
    ...plan,
    daysOfWeek: [...values.daysOfWeek] as ScheduleRecurringRequest['daysOfWeek'],
    startDate: start?.[1] ?? '',
    startTime: start?.[2] ?? '',
    untilDate: values.untilDate,
  };
  const result = scheduleRecurringRequestSchema.safeParse(request);
  const errors = result.success ? {} : errorsOf(result.error);
  // One message for the start input, the same as for a single visit.
  if (!start) errors.scheduledStart = 'Scheduled date and time is required';
  return Object.keys(errors).length === 0 ? { ok: true, kind: 'recurring', request } : { ok: false, errors };
}

/* ---------- Edit: the commands that take the appointment from what is saved to what the form holds ---------- */

export interface AppointmentEditStep {
  readonly method: SendMethod;
  readonly path: string;
  readonly body?: unknown;
  /** What is saved once this step succeeds (the form's baseline moves on, so a retry sends only the rest). */
  readonly settles: Partial<AppointmentFormValues>;
}

export type AppointmentEditPlan =
  | { ok: true; steps: AppointmentEditStep[] }
  | { ok: false; errors: AppointmentFormErrors };

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * The commands for an edit, each sent with the revision the previous one returned. Only what changed is sent.
 * When both the carer and the time change, the visit is first released from the old carer, then moved, then
 * booked to the new carer, so neither carer's other visits cause a clash that the final plan would not have.
 */
export function planAppointmentEdit(
  id: string,
  saved: AppointmentFormValues,
  values: AppointmentFormValues,
): AppointmentEditPlan {
  const path = `${APPOINTMENTS_PATH}/${encodeURIComponent(id)}`;
  const errors: AppointmentFormErrors = {};
  const steps: AppointmentEditStep[] = [];

  const timeChanged =
    values.scheduledStart !== saved.scheduledStart || values.durationMinutes.trim() !== saved.durationMinutes;
  const carerChanged = values.carerId !== saved.carerId;

  const reschedule = {
    scheduledStart: londonInputToIso(values.scheduledStart),
    durationMinutes: values.durationMinutes,
  };
  if (timeChanged) {
    const result = rescheduleAppointmentRequestSchema.safeParse(reschedule);
    if (!result.success) Object.assign(errors, errorsOf(result.error));
  }
  if (carerChanged && values.carerId !== '') {
    const result = assignCarerRequestSchema.safeParse({ carerId: values.carerId });
    if (!result.success) Object.assign(errors, errorsOf(result.error));
  }

  const changes: ChangeAppointmentRequest = {};
  if (values.visitType !== saved.visitType) changes.visitType = values.visitType;
  if (values.priority !== saved.priority) changes.priority = values.priority;
  if (!sameList(values.tasks, saved.tasks)) changes.tasks = [...values.tasks];
  if (values.notes.trim() !== saved.notes.trim()) changes.notes = values.notes;
  const hasDetails = Object.keys(changes).length > 0;
  if (hasDetails) {
    const result = changeAppointmentRequestSchema.safeParse(changes);
    if (!result.success) Object.assign(errors, errorsOf(result.error));
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const settledTime = { scheduledStart: values.scheduledStart, durationMinutes: values.durationMinutes.trim() };
  const assign = (): AppointmentEditStep =>
    values.carerId === ''
      ? { method: 'POST', path: `${path}/unassign`, settles: { carerId: '' } }
      : {
          method: 'POST',
          path: `${path}/assign`,
          body: { carerId: values.carerId },
          settles: { carerId: values.carerId },
        };

  if (timeChanged && carerChanged) {
    if (saved.carerId !== '') steps.push({ method: 'POST', path: `${path}/unassign`, settles: { carerId: '' } });
    steps.push({ method: 'POST', path: `${path}/reschedule`, body: reschedule, settles: settledTime });
    if (values.carerId !== '') steps.push(assign());
  } else if (timeChanged) {
    steps.push({ method: 'POST', path: `${path}/reschedule`, body: reschedule, settles: settledTime });
  } else if (carerChanged) {
    steps.push(assign());
  }
  if (hasDetails) {
    steps.push({
      method: 'PATCH',
      path,
      body: changes,
      settles: {
        visitType: values.visitType,
        priority: values.priority,
        tasks: [...values.tasks],
        notes: values.notes,
      },
    });
  }
  return { ok: true, steps };
}

/* ---------- A refusal's messages placed on the form ---------- */

/**
 * A server refusal split for the form: field messages (a weekly pattern's startDate/startTime go under the start
 * input; a clash names the other visit under Carer) and a form-level message for the rest.
 */
export function appointmentServerErrors(error: unknown): {
  fieldErrors: AppointmentFormErrors;
  formError: string | undefined;
} {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, formError: undefined };
  const fieldErrors: AppointmentFormErrors = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(error.fields)) {
    const formField = formFieldOf(field);
    if (formField && !fieldErrors[formField]) fieldErrors[formField] = message;
    else unplaced.push(message);
  }
  if (unplaced.length > 0) return { fieldErrors, formError: unplaced.join(' ') };
  return { fieldErrors, formError: Object.keys(fieldErrors).length === 0 ? error.reason : undefined };
}
