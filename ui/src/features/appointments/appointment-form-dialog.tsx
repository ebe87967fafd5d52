import { APPOINTMENT_PRIORITIES, ISO_WEEKDAYS, VISIT_TYPES, type AppointmentView } from '@care/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiSend } from '../../shared/api';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { formatDateTime } from '../../shared/format';
import { handleUnauthorized } from '../../shared/query-client';
import { SelectOptions } from '../../shared/select-options';
import { TextListInput } from '../../shared/text-list-input';
import { toast } from '../../shared/toast';
import { carersQueryOptions } from '../../records/carers/get-carers';
import { clientsQueryOptions } from '../../records/clients/get-clients';
import type { AppointmentCommandReply } from '../../records/appointments/appointment-command';
import {
  APPOINTMENT_FORM_FIELDS,
  appointmentClientName,
  appointmentServerErrors,
  appointmentToFormValues,
  checkNewAppointment,
  enumLabel,
  isoWeekday,
  newAppointmentFormValues,
  planAppointmentEdit,
  WEEKDAY_LABELS,
  type AppointmentEditStep,
  type AppointmentFormField,
  type AppointmentFormValues,
} from './appointment-form';
import { APPOINTMENTS_PATH, reloadAppointments } from '../../records/appointments/appointment-queries';
import './appointment-form.css';
import { DateInput, DateTimeInput } from '../../shared/date-fields/date-input';
import { useCommandForm } from '../../shared/use-command-form';

interface AppointmentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The appointment being edited; absent for a new one. */
  appointment?: AppointmentView | undefined;
  /** The new appointment's start, a London wall time "YYYY-MM-DDTHH:mm". */
  defaultStart?: string | undefined;
  /** The dialog's title for a new appointment: the button that opened it ("Add Appointment", "Schedule Appointment"). */
  title?: string | undefined;
}

/** Add / Schedule / Edit Appointment: one dialog for every screen that books visits. */
export function AppointmentFormDialog({
  open,
  onOpenChange,
  appointment,
  defaultStart,
  title = 'Schedule Appointment',
}: AppointmentFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={appointment ? 'Edit Appointment' : title}>
      {/* Mounted per opening, so the form starts from the appointment (or blank) every time. */}
      {open && (
        <AppointmentForm
          key={appointment?.id ?? 'new'}
          appointment={appointment}
          defaultStart={defaultStart ?? ''}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}

/** Runs the steps of an edit one after another, each with the revision the previous one answered. */
async function runSteps(
  steps: readonly AppointmentEditStep[],
  revision: string,
  onStepDone: (step: AppointmentEditStep, reply: AppointmentCommandReply) => void,
): Promise<AppointmentCommandReply[]> {
  const replies: AppointmentCommandReply[] = [];
  let current = revision;
  for (const step of steps) {
    const reply = await apiSend<AppointmentCommandReply>(step.method, step.path, step.body, { 'If-Match': current });
    current = reply.revision;
    replies.push(reply);
    onStepDone(step, reply);
  }
  return replies;
}

type Submission = { kind: 'new'; values: AppointmentFormValues } | { kind: 'edit'; steps: AppointmentEditStep[] };

function AppointmentForm({
  appointment,
  defaultStart,
  onDone,
}: {
  appointment: AppointmentView | undefined;
  defaultStart: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const clients = useQuery(clientsQueryOptions);
  const carers = useQuery(carersQueryOptions);
  // An edit may take several commands: what is already saved, and the revision it is at, move on with each.
  const saved = useRef(appointment ? appointmentToFormValues(appointment) : undefined);
  const revision = useRef(appointment?.revision ?? '');

  const save = useMutation({
    mutationFn: async (submission: Submission): Promise<{ replies: AppointmentCommandReply[]; created: number }> => {
      if (submission.kind === 'edit') {
        const replies = await runSteps(submission.steps, revision.current, (step, reply) => {
          revision.current = reply.revision;
          if (saved.current) saved.current = { ...saved.current, ...step.settles };
        });
        return { replies, created: 0 };
      }
      const check = checkNewAppointment(submission.values);
      if (!check.ok) throw new Error('The form was checked before sending');
      if (check.kind === 'single') {
        const reply = await apiSend<AppointmentCommandReply>('POST', APPOINTMENTS_PATH, check.request);
        return { replies: [reply], created: 1 };
      }
      const reply = await apiSend<{ ids: string[]; warnings?: string[] }>(
        'POST',
        `${APPOINTMENTS_PATH}/recurring`,
        check.request,
      );
      return {
        replies: [{ id: reply.ids[0] ?? '', revision: '', warnings: reply.warnings ?? [] }],
        created: reply.ids.length,
      };
    },
    onSuccess: ({ replies, created }) => {
      const title = appointment
        ? 'Appointment updated successfully'
        : created === 1
          ? 'Appointment scheduled successfully'
          : `${created} appointments scheduled successfully`;
      toast({ title });
      // A warning (e.g. the carer's daily client limit) is shown, never silently dropped.
      for (const warning of replies.flatMap((reply) => reply.warnings ?? []))
        toast({ title: 'Warning', description: warning, variant: 'destructive' });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({
        title: 'Error',
        description: appointment ? 'Failed to update appointment' : 'Failed to schedule appointment',
        variant: 'destructive',
      });
    },
    // Also after a refusal: an edit's earlier steps may have been saved.
    onSettled: () => reloadAppointments(queryClient),
  });

  const form = useCommandForm<AppointmentFormValues, Submission, AppointmentFormField>({
    initial: () => (appointment ? appointmentToFormValues(appointment) : newAppointmentFormValues(defaultStart)),
    fields: APPOINTMENT_FORM_FIELDS,
    check: (values) => {
      if (appointment && saved.current) {
        const plan = planAppointmentEdit(appointment.id, saved.current, values);
        return plan.ok ? { ok: true, request: { kind: 'edit', steps: plan.steps } } : plan;
      }
      const check = checkNewAppointment(values);
      return check.ok ? { ok: true, request: { kind: 'new', values } } : check;
    },
    // An edit that changes nothing closes without sending anything.
    send: async (submission) => {
      if (submission.kind === 'edit' && submission.steps.length === 0) return;
      await save.mutateAsync(submission);
    },
    onDone,
    // The toast has been shown; here the server's reasons (a clash names the other visit) go next to the fields.
    serverErrors: appointmentServerErrors,
    // The weekdays are a group of boxes: focus goes to the first, Monday.
    focusId: (field, id) => (field === 'daysOfWeek' ? `${id}-1` : id),
  });
  const { values, fieldErrors: errors, formError, idOf, setField: set } = form;
  const bind = (
    field:
      | 'clientId'
      | 'carerId'
      | 'scheduledStart'
      | 'durationMinutes'
      | 'visitType'
      | 'priority'
      | 'notes'
      | 'untilDate',
  ) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    ...fieldAria(idOf(field), errors[field]),
    onChange: (event: { target: { value: string } }) =>
      set(field, event.target.value as AppointmentFormValues[typeof field]),
  });

  const toggleRepeat = (on: boolean) =>
    form.setValues({
      repeatWeekly: on,
      // Start from the weekday of the chosen date: the usual pattern is "this day every week".
      daysOfWeek:
        on && values.daysOfWeek.length === 0 && /^\d{4}-\d{2}-\d{2}/.test(values.scheduledStart)
          ? [isoWeekday(values.scheduledStart.slice(0, 10))]
          : values.daysOfWeek,
      // Named so its message goes too: the end date only applies while the visit repeats.
      untilDate: values.untilDate,
    });
  const toggleDay = (day: number, on: boolean) =>
    set(
      'daysOfWeek',
      on ? [...values.daysOfWeek, day].sort((a, b) => a - b) : values.daysOfWeek.filter((chosen) => chosen !== day),
    );

  // Only active clients and carers can be booked; an edited visit keeps showing its own carer even if inactive.
  const clientChoices = (clients.data ?? []).filter((client) => client.isActive);
  const carerChoices = (carers.data ?? []).filter((carer) => carer.isActive || carer.id === appointment?.carerId);

  return (
    <form className="appointment-form" noValidate onSubmit={form.submit}>
      <div className="form-grid">
        {appointment ? (
          <p className="field-wide small muted">
            {appointmentClientName(appointment)} · booked for {formatDateTime(appointment.scheduledDate)}
          </p>
        ) : (
          <Field id={idOf('clientId')} label="Client" required error={errors.clientId}>
            <select className="input" aria-required {...bind('clientId')}>
              <option value="">{clients.isPending ? 'Loading clients...' : 'Select client'}</option>
              {clientChoices.map((client) => (
                <option key={client.id} value={client.id}>
                  {`${client.firstName} ${client.lastName} (${client.clientId})`}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id={idOf('carerId')} label="Carer" error={errors.carerId}>
          <select className="input" {...bind('carerId')}>
            <option value="">{carers.isPending ? 'Loading carers...' : 'Unassigned'}</option>
            {carerChoices.map((carer) => (
              <option key={carer.id} value={carer.id}>
                {`${carer.user.firstName} ${carer.user.lastName}${carer.isActive ? '' : ', inactive'}`}
              </option>
            ))}
          </select>
        </Field>
        <Field id={idOf('scheduledStart')} label="Date and time" required error={errors.scheduledStart} hint="UK time">
          <DateTimeInput
            className="input"
            aria-required
            {...bind('scheduledStart')}
            {...fieldAria(idOf('scheduledStart'), errors.scheduledStart, true)}
          />
        </Field>
        <Field id={idOf('durationMinutes')} label="Duration (minutes)" required error={errors.durationMinutes}>
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min="5"
            max="720"
            step="5"
            aria-required
            {...bind('durationMinutes')}
          />
        </Field>
        <Field id={idOf('visitType')} label="Visit type" error={errors.visitType}>
          <select className="input" {...bind('visitType')}>
            <SelectOptions values={VISIT_TYPES} label={enumLabel} />
          </select>
        </Field>
        <Field id={idOf('priority')} label="Priority" error={errors.priority}>
          <select className="input" {...bind('priority')}>
            <SelectOptions values={APPOINTMENT_PRIORITIES} label={enumLabel} />
          </select>
        </Field>
        <Field id={idOf('tasks')} label="Tasks" error={errors.tasks} wide>
          <TextListInput
            id={idOf('tasks')}
            listLabel="Added task list"
            placeholder="e.g. Help with breakfast"
            value={values.tasks}
            onChange={(next) => set('tasks', next)}
            describedBy={errors.tasks ? `${idOf('tasks')}-error` : appointment ? undefined : `${idOf('tasks')}-hint`}
          />
          {!appointment && !errors.tasks && (
            <p id={`${idOf('tasks')}-hint`} className="field-hint">
              Left empty, the visit gets the tasks of the client's care plan for its visit type.
            </p>
          )}
        </Field>
        <Field id={idOf('notes')} label="Notes" error={errors.notes} wide>
          <textarea className="input" rows={3} maxLength={2000} {...bind('notes')} />
        </Field>
        {!appointment && (
          <div className="field field-checkbox field-wide">
            <input
              id={idOf('repeatWeekly')}
              type="checkbox"
              checked={values.repeatWeekly}
              onChange={(event) => toggleRepeat(event.target.checked)}
            />
            <label htmlFor={idOf('repeatWeekly')} className="label">
              Repeat weekly
            </label>
          </div>
        )}
        {!appointment && values.repeatWeekly && (
          <>
            <fieldset
              className="field field-wide weekday-picker"
              aria-describedby={errors.daysOfWeek ? `${idOf('daysOfWeek')}-error` : undefined}
            >
              <legend className="label">Days of the week</legend>
              <div className="weekday-options">
                {ISO_WEEKDAYS.map((day) => (
                  <label key={day} className="weekday-option">
                    <input
                      id={`${idOf('daysOfWeek')}-${day}`}
                      type="checkbox"
                      checked={values.daysOfWeek.includes(day)}
                      onChange={(event) => toggleDay(day, event.target.checked)}
                    />
                    {WEEKDAY_LABELS[day - 1]}
                  </label>
                ))}
              </div>
              {errors.daysOfWeek && (
                <p id={`${idOf('daysOfWeek')}-error`} className="field-error">
                  {errors.daysOfWeek}
                </p>
              )}
            </fieldset>
            <Field id={idOf('untilDate')} label="Until" required error={errors.untilDate}>
              <DateInput className="input" aria-required {...bind('untilDate')} />
            </Field>
          </>
        )}
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={appointment ? 'Update Appointment' : 'Save Appointment'}
        disabled={form.pending}
      />
    </form>
  );
}
