import type { AppointmentView } from '@care/events';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import {
  appointmentServerErrors,
  appointmentToFormValues,
  checkNewAppointment,
  defaultStartFor,
  isoWeekday,
  newAppointmentFormValues,
  planAppointmentEdit,
  statusLabel,
  type AppointmentFormValues,
} from './appointment-form';

const CLIENT = '0190a0b2-0000-7000-8000-000000000001';
const CARER_A = '0190a0b2-0000-7000-8000-00000000000a';
const CARER_B = '0190a0b2-0000-7000-8000-00000000000b';
const ID = '0190a0b2-0000-7000-8000-0000000000ff';

const filled = (changes: Partial<AppointmentFormValues> = {}): AppointmentFormValues => ({
  ...newAppointmentFormValues('2026-07-01T09:30'),
  clientId: CLIENT,
  carerId: CARER_A,
  ...changes,
});

describe('checkNewAppointment', () => {
  it("leaves tasks out when none are typed, so the visit gets the client's care plan tasks", () => {
    const check = checkNewAppointment(filled({ tasks: [] }));
    expect(check.ok && 'tasks' in check.request).toBe(false);
    expect(check.ok).toBe(true);
  });

  it('sends one visit with the start read as London time (summer: an hour ahead of UTC)', () => {
    const check = checkNewAppointment(filled({ tasks: ['Breakfast'], notes: 'Key safe 1234' }));
    expect(check).toEqual({
      ok: true,
      kind: 'single',
      request: {
        clientId: CLIENT,
        carerId: CARER_A,
        visitType: 'personal_care',
        priority: 'normal',
        tasks: ['Breakfast'],
        notes: 'Key safe 1234',
        durationMinutes: '60',
        scheduledStart: '2026-07-01T08:30:00.000Z',
      },
    });
  });

  it("reports the server's messages under the fields before anything is sent", () => {
    const check = checkNewAppointment({ ...newAppointmentFormValues(''), durationMinutes: '3' });
    expect(check).toEqual({
      ok: false,
      errors: {
        clientId: 'Client is required',
        scheduledStart: 'Scheduled date and time is required',
        durationMinutes: 'Duration must be between 5 and 720 minutes',
      },
    });
  });

  it('sends a weekly pattern with the date and wall-clock time of the start input', () => {
    const check = checkNewAppointment(filled({ repeatWeekly: true, daysOfWeek: [1, 3], untilDate: '2026-07-31' }));
    expect(check.ok && check.kind === 'recurring' && check.request).toMatchObject({
      daysOfWeek: [1, 3],
      startDate: '2026-07-01',
      startTime: '09:30',
      untilDate: '2026-07-31',
      durationMinutes: '60',
    });
  });

  it('refuses a weekly pattern without days, with the until date before the start, or without a start', () => {
    expect(checkNewAppointment(filled({ repeatWeekly: true, daysOfWeek: [], untilDate: '2026-06-01' }))).toEqual({
      ok: false,
      errors: { daysOfWeek: 'Choose at least one day', untilDate: 'Until date must not be before the start date' },
    });
    const noStart = checkNewAppointment(
      filled({ repeatWeekly: true, daysOfWeek: [2], untilDate: '2026-07-31', scheduledStart: '' }),
    );
    expect(noStart.ok ? undefined : noStart.errors.scheduledStart).toBe('Scheduled date and time is required');
  });
});

describe('planAppointmentEdit', () => {
  const saved = filled({ tasks: ['Breakfast'] });
  const path = `/api/appointments/${ID}`;

  it('sends nothing when nothing changed', () => {
    expect(planAppointmentEdit(ID, saved, { ...saved })).toEqual({ ok: true, steps: [] });
  });

  it('reschedules when the time or duration changed', () => {
    const plan = planAppointmentEdit(ID, saved, {
      ...saved,
      scheduledStart: '2026-12-01T09:30',
      durationMinutes: '45',
    });
    expect(plan).toEqual({
      ok: true,
      steps: [
        {
          method: 'POST',
          path: `${path}/reschedule`,
          body: { scheduledStart: '2026-12-01T09:30:00.000Z', durationMinutes: '45' },
          settles: { scheduledStart: '2026-12-01T09:30', durationMinutes: '45' },
        },
      ],
    });
  });

  it('reassigns, or unassigns for "Unassigned"', () => {
    expect(planAppointmentEdit(ID, saved, { ...saved, carerId: CARER_B })).toEqual({
      ok: true,
      steps: [{ method: 'POST', path: `${path}/assign`, body: { carerId: CARER_B }, settles: { carerId: CARER_B } }],
    });
    expect(planAppointmentEdit(ID, saved, { ...saved, carerId: '' })).toEqual({
      ok: true,
      steps: [{ method: 'POST', path: `${path}/unassign`, settles: { carerId: '' } }],
    });
  });

  it('releases the old carer before moving the visit and booking the new carer, then patches only changed details', () => {
    const plan = planAppointmentEdit(ID, saved, {
      ...saved,
      carerId: CARER_B,
      scheduledStart: '2026-07-01T11:00',
      priority: 'high',
      tasks: ['Breakfast', 'Walk'],
    });
    expect(plan.ok && plan.steps.map((step) => [step.method, step.path.replace(path, ''), step.body])).toEqual([
      ['POST', '/unassign', undefined],
      ['POST', '/reschedule', { scheduledStart: '2026-07-01T10:00:00.000Z', durationMinutes: '60' }],
      ['POST', '/assign', { carerId: CARER_B }],
      ['PATCH', '', { priority: 'high', tasks: ['Breakfast', 'Walk'] }],
    ]);
  });

  it('refuses an invalid duration before anything is sent', () => {
    expect(planAppointmentEdit(ID, saved, { ...saved, durationMinutes: '0' })).toEqual({
      ok: false,
      errors: { durationMinutes: 'Duration must be between 5 and 720 minutes' },
    });
  });
});

describe('appointmentServerErrors', () => {
  it('puts a clash under Carer and a weekly pattern’s start fields under the start input', () => {
    const clash = new ApiError(409, '409: clash', {
      error: 'Carer is already booked',
      fields: { carerId: 'Already booked 09:00–10:00 with Edith Green' },
    });
    expect(appointmentServerErrors(clash)).toEqual({
      fieldErrors: { carerId: 'Already booked 09:00–10:00 with Edith Green' },
      formError: undefined,
    });
    const pattern = new ApiError(400, '400: invalid', {
      error: 'Validation failed',
      fields: { startTime: 'Time must be HH:mm', other: 'Something else' },
    });
    expect(appointmentServerErrors(pattern)).toEqual({
      fieldErrors: { scheduledStart: 'Time must be HH:mm' },
      formError: 'Something else',
    });
  });

  it('shows a refusal without field messages (a stale revision) as the form error', () => {
    const stale = new ApiError(409, '409: stale', { error: 'The appointment was changed by someone else' });
    expect(appointmentServerErrors(stale)).toEqual({
      fieldErrors: {},
      formError: 'The appointment was changed by someone else',
    });
  });
});

describe('helpers', () => {
  it('starts a new appointment today at the next whole hour, another day at 09:00', () => {
    expect(defaultStartFor('2026-07-01', new Date('2026-07-01T13:20:00Z'))).toBe('2026-07-01T15:00');
    expect(defaultStartFor('2026-07-02', new Date('2026-07-01T13:20:00Z'))).toBe('2026-07-02T09:00');
    expect(defaultStartFor('2026-01-10', new Date('2026-01-10T23:30:00Z'))).toBe('2026-01-10T23:00');
  });

  it('gives ISO weekdays and the status texts the screens show', () => {
    expect([isoWeekday('2026-11-21'), isoWeekday('2026-11-22'), isoWeekday('2026-11-23')]).toEqual([6, 7, 1]);
    expect(['in_progress', 'no_show', 'completed'].map((status) => statusLabel(status as 'in_progress'))).toEqual([
      'In progress',
      'No show',
      'Completed',
    ]);
  });

  it('reads an appointment back into the form on the London clock', () => {
    const view = {
      clientId: CLIENT,
      carerId: null,
      scheduledDate: '2026-01-05T16:00:00.000Z',
      scheduledDuration: 30,
      visitType: 'medication',
      priority: 'urgent',
      tasks: ['Tablets'],
      notes: null,
    } as unknown as AppointmentView;
    expect(appointmentToFormValues(view)).toMatchObject({
      carerId: '',
      scheduledStart: '2026-01-05T16:00',
      durationMinutes: '30',
      notes: '',
    });
  });
});
