import { cancelAppointmentRequestSchema, type AppointmentView } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { formatDateTime } from '../../shared/format';
import { serverFormErrors } from '../../shared/form-errors';
import { useAppointmentCommand } from '../../records/appointments/appointment-command';
import { appointmentCarerName, appointmentClientName } from './appointment-form';
import { APPOINTMENTS_PATH } from '../../records/appointments/appointment-queries';
import './appointment-form.css';

interface CancelAppointmentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The appointment to cancel; the dialog shows nothing without one. */
  appointment: AppointmentView | undefined;
}

/** Cancel an appointment: the reason is required and kept in the visit's history (POST /:id/cancel). */
export function CancelAppointmentDialog({ open, onOpenChange, appointment }: CancelAppointmentDialogProps) {
  return (
    <FormDialog
      open={open && appointment !== undefined}
      onOpenChange={onOpenChange}
      title="Cancel Appointment"
      size="small"
    >
      {open && appointment && (
        <CancelForm key={appointment.id} appointment={appointment} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  );
}

function CancelForm({ appointment, onDone }: { appointment: AppointmentView; onDone: () => void }) {
  const id = `${useId()}-reason`;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const cancel = useAppointmentCommand<{ reason: string }>({
    success: 'Appointment cancelled successfully',
    failure: 'Failed to cancel appointment',
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = cancelAppointmentRequestSchema.safeParse({ reason });
    if (!check.success) {
      setError(check.error.issues[0]?.message);
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    setFormError(undefined);
    try {
      await cancel.mutateAsync({
        method: 'POST',
        path: `${APPOINTMENTS_PATH}/${encodeURIComponent(appointment.id)}/cancel`,
        body: { reason },
        revision: appointment.revision,
      });
      onDone();
    } catch (failure) {
      const { fieldErrors, formError: unplaced } = serverFormErrors(failure, ['reason'] as const);
      setError(fieldErrors.reason);
      setFormError(unplaced);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="small muted cancel-summary">
        {appointmentClientName(appointment)} with {appointmentCarerName(appointment)},{' '}
        {formatDateTime(appointment.scheduledDate)}
      </p>
      <Field id={id} label="Cancellation reason" required error={error}>
        <textarea
          id={id}
          className="input"
          rows={3}
          maxLength={500}
          aria-required
          value={reason}
          {...fieldAria(id, error)}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {/* Not the shared footer: its "Cancel" beside "Cancel Appointment" would read as the same action. */}
      <div className="dialog-footer">
        <Dialog.Close className="button button-secondary" type="button">
          Keep Appointment
        </Dialog.Close>
        <button type="submit" className="button button-danger-outline" disabled={cancel.isPending}>
          Cancel Appointment
        </button>
      </div>
    </form>
  );
}
