import { SHIFT_TYPES, type CarerView } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { serverFormErrors } from '../../shared/form-errors';
import { Field, fieldAria } from '../../shared/form-field';
import { SelectOptions } from '../../shared/select-options';
import { carerDisplayName } from './get-carers';
import { shiftTypeLabel } from './rota-chips';
import { useShiftCommand } from './shift-command';
import {
  checkShiftForm,
  emptyShiftForm,
  SHIFT_FORM_FIELDS,
  type ShiftFormErrors,
  type ShiftFormField,
  type ShiftFormValues,
} from './shift-form';
import { DateTimeInput } from '../../shared/date-fields/date-input';

interface NewShiftDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rota's chosen day: the form starts on it. */
  date: string;
  carers: readonly CarerView[];
}

export function NewShiftDialog({ open, onOpenChange, date, carers }: NewShiftDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="New Shift">
      <NewShiftForm date={date} carers={carers} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function NewShiftForm({ date, carers, onDone }: { date: string; carers: readonly CarerView[]; onDone: () => void }) {
  const idPrefix = useId();
  const [values, setValues] = useState<ShiftFormValues>(() => emptyShiftForm(date));
  const [errors, setErrors] = useState<ShiftFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const create = useShiftCommand({ success: 'Shift created successfully', failure: 'Failed to create shift' });
  const choices = carers
    .filter((carer) => carer.isActive)
    .sort((a, b) => carerDisplayName(a).localeCompare(carerDisplayName(b)));

  const idOf = (field: ShiftFormField) => `${idPrefix}-${field}`;
  const set = (field: ShiftFormField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const bind = (field: ShiftFormField) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    ...fieldAria(idOf(field), errors[field]),
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });
  const focusFirstError = (found: ShiftFormErrors) => {
    const first = SHIFT_FORM_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkShiftForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      focusFirstError(check.errors);
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await create.mutateAsync({ method: 'POST', path: '/api/shifts', body: check.request });
      onDone();
    } catch (error) {
      // The toast has said it failed; the server's reasons go under their fields.
      const { fieldErrors, formError: rest } = serverFormErrors(error, SHIFT_FORM_FIELDS);
      setErrors(fieldErrors);
      setFormError(rest);
      focusFirstError(fieldErrors);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="form-grid">
        <Field id={idOf('carerId')} label="Carer" required error={errors.carerId}>
          <select className="input" aria-required {...bind('carerId')}>
            <option value="">Select carer</option>
            {choices.map((carer) => (
              <option key={carer.id} value={carer.id}>
                {carerDisplayName(carer)} ({carer.employeeId})
              </option>
            ))}
          </select>
        </Field>
        <Field id={idOf('shiftType')} label="Shift type" required error={errors.shiftType}>
          <select className="input" aria-required {...bind('shiftType')}>
            <SelectOptions values={SHIFT_TYPES} label={shiftTypeLabel} placeholder="Select shift type" />
          </select>
        </Field>
        <Field id={idOf('startTime')} label="Start" required error={errors.startTime}>
          <DateTimeInput className="input" aria-required {...bind('startTime')} />
        </Field>
        <Field id={idOf('endTime')} label="End" required error={errors.endTime}>
          <DateTimeInput className="input" aria-required {...bind('endTime')} />
        </Field>
        <Field id={idOf('breakMinutes')} label="Break (minutes)" error={errors.breakMinutes}>
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min="0"
            max="240"
            step="5"
            {...bind('breakMinutes')}
          />
        </Field>
        <Field id={idOf('status')} label="Status" error={errors.status}>
          <select className="input" {...bind('status')}>
            <option value="confirmed">Confirmed</option>
            <option value="pending">Pending</option>
          </select>
        </Field>
        <Field id={idOf('location')} label="Location" error={errors.location} wide>
          <input className="input" autoComplete="off" {...bind('location')} />
        </Field>
        <Field id={idOf('notes')} label="Notes" error={errors.notes} wide>
          <textarea className="input" rows={3} {...bind('notes')} />
        </Field>
      </div>
      <DialogFormFooter formError={formError} submitLabel="Create Shift" disabled={create.isPending} />
    </form>
  );
}
