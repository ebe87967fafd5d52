import type { AppointmentView, CarerView } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { formatDate } from '../../shared/format';
import { useAppointmentCommand } from '../../records/appointments/appointment-command';
import { carerDisplayName } from './get-carers';
import { clientName } from './rota-chips';
import { SuggestedCarers } from './suggested-carers';

interface AssignCarerDialogProps {
  visit: AppointmentView | undefined;
  carers: readonly CarerView[];
  onClose: () => void;
}

/**
 * Assign Carer: the carers suggested for the visit (best first, each with why, one click assigns), or any active
 * carer picked from the list; a clash with another visit or leave is shown here.
 */
export function AssignCarerDialog({ visit, carers, onClose }: AssignCarerDialogProps) {
  return (
    <FormDialog open={visit !== undefined} onOpenChange={(open) => !open && onClose()} title="Assign Carer">
      {visit && <AssignCarerForm key={visit.id} visit={visit} carers={carers} onDone={onClose} />}
    </FormDialog>
  );
}

function AssignCarerForm({
  visit,
  carers,
  onDone,
}: {
  visit: AppointmentView;
  carers: readonly CarerView[];
  onDone: () => void;
}) {
  const id = `${useId()}-carerId`;
  const [carerId, setCarerId] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const assign = useAppointmentCommand<{ carerId: string }>({
    success: 'Carer assigned successfully',
    failure: 'Failed to assign carer',
  });
  const choices = carers
    .filter((carer) => carer.isActive)
    .sort((a, b) => carerDisplayName(a).localeCompare(carerDisplayName(b)));

  const assignTo = async (chosen: string) => {
    setError(undefined);
    setFormError(undefined);
    try {
      await assign.mutateAsync({
        method: 'POST',
        path: `/api/appointments/${visit.id}/assign`,
        body: { carerId: chosen },
        revision: visit.revision,
      });
      onDone();
    } catch (failure) {
      // The toast has said it failed; the reason (e.g. the clashing visit) stays next to the field.
      if (!(failure instanceof ApiError)) return;
      if (failure.fields.carerId) setError(failure.fields.carerId);
      else setFormError(failure.reason);
    }
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!carerId) {
      setError('Carer is required');
      return;
    }
    await assignTo(carerId);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="rota-dialog-summary">
        <strong>{clientName(visit)}</strong>
        <br />
        {formatDate(visit.date)} {visit.startTime}–{visit.endTime}
      </p>
      <SuggestedCarers visitId={visit.id} busy={assign.isPending} onAssign={(chosen) => void assignTo(chosen)} />
      <Field id={id} label="Carer" required error={error}>
        <select
          id={id}
          name="carerId"
          className="input"
          value={carerId}
          aria-required
          {...fieldAria(id, error)}
          onChange={(event) => {
            setCarerId(event.target.value);
            setError(undefined);
          }}
        >
          <option value="">Select carer</option>
          {choices.map((carer) => (
            <option key={carer.id} value={carer.id}>
              {carerDisplayName(carer)} ({carer.employeeId})
            </option>
          ))}
        </select>
      </Field>
      <DialogFormFooter formError={formError} submitLabel="Assign Carer" disabled={assign.isPending} />
    </form>
  );
}
