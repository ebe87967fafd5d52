import { changePrescriptionRequestSchema, type MedicationView } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { fieldAria, Field } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { DateInput } from '../../shared/date-fields/date-input';
import { MEDICATIONS_PATH, useMedicationCommand } from './medication-api';

const FIELDS = ['dosage', 'frequency', 'doseTimes', 'prescribedBy', 'endDate', 'instructions', 'reason'] as const;
type FieldName = (typeof FIELDS)[number];

/** What the form edits, as the prescription has it now. */
const valuesOf = (medication: MedicationView) => ({
  dosage: medication.dosage,
  frequency: medication.frequency,
  doseTimes: medication.doseTimes.join(', '),
  prescribedBy: medication.prescribedBy,
  endDate: medication.endDate ?? '',
  instructions: medication.instructions ?? '',
});

/**
 * Change a prescription (medications.prescribe): PATCH /api/medications/:id with only the fields that changed and
 * why, so the history shows this version beside the last one. The change takes effect now: doses already recorded
 * keep what they were given under.
 */
export function ChangePrescriptionDialog({
  medication,
  onClose,
}: {
  medication: MedicationView | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={medication !== null}
      onOpenChange={(open) => !open && onClose()}
      title={medication ? `Change ${medication.name}` : ''}
    >
      {medication && <ChangeForm medication={medication} onDone={onClose} />}
    </FormDialog>
  );
}

function ChangeForm({ medication, onDone }: { medication: MedicationView; onDone: () => void }) {
  const id = useId();
  const before = valuesOf(medication);
  const [values, setValues] = useState({ ...before, reason: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string>();
  const change = useMedicationCommand<unknown>({
    success: 'Prescription changed',
    failure: 'Failed to change the prescription',
    inForm: true,
  });
  const set = (name: FieldName, value: string) => {
    setValues((old) => ({ ...old, [name]: value }));
    setErrors((old) => ({ ...old, [name]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changed = (Object.keys(before) as (keyof typeof before)[]).filter(
      (name) => values[name].trim() !== before[name].trim(),
    );
    if (changed.length === 0) {
      setFormError('Nothing has changed yet.');
      return;
    }
    const request: Record<string, unknown> = { reason: values.reason };
    for (const name of changed) {
      if (name === 'doseTimes') request.doseTimes = values.doseTimes.split(/[,\s]+/).filter(Boolean);
      else if (name === 'endDate') request.endDate = values.endDate === '' ? null : values.endDate;
      else request[name] = values[name];
    }
    const check = changePrescriptionRequestSchema.safeParse(request);
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      return;
    }
    try {
      await change.mutateAsync({
        method: 'PATCH',
        path: `${MEDICATIONS_PATH}/${medication.id}`,
        body: check.data,
        revision: medication.revision,
      });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };

  const input = (
    name: Exclude<FieldName, 'endDate'>,
    label: string,
    options: { required?: boolean; hint?: string; wide?: boolean } = {},
  ) => (
    <Field
      id={`${id}-${name}`}
      label={label}
      required={options.required}
      error={errors[name]}
      hint={options.hint}
      wide={options.wide}
    >
      <input
        id={`${id}-${name}`}
        className="input"
        value={values[name]}
        onChange={(event) => set(name, event.target.value)}
        {...fieldAria(`${id}-${name}`, errors[name], options.hint !== undefined)}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="muted small">
        {medication.name} {medication.strength ?? ''} for {medication.clientName ?? 'the client'}. Allergies:{' '}
        {medication.allergies.length > 0 ? medication.allergies.join(', ') : 'none recorded'}.
      </p>
      <div className="form-grid">
        {input('dosage', 'Dosage', { required: true, hint: 'Per dose, e.g. 1 tablet' })}
        {input('frequency', 'Frequency', { required: true })}
        {input('doseTimes', 'Dose times', { hint: '24-hour London times, e.g. 08:00, 20:00 (blank for PRN only)' })}
        {input('prescribedBy', 'Prescribed by', { required: true })}
        <Field id={`${id}-endDate`} label="End date" error={errors.endDate}>
          <DateInput
            id={`${id}-endDate`}
            className="input"
            value={values.endDate}
            onChange={(event) => set('endDate', event.target.value)}
            {...fieldAria(`${id}-endDate`, errors.endDate)}
          />
        </Field>
        {input('instructions', 'Instructions', { wide: true })}
        {input('reason', 'Reason for the change', {
          required: true,
          wide: true,
          hint: 'For example: GP review on 20/11, dose reduced',
        })}
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={change.isPending ? 'Saving...' : 'Save change'}
        disabled={change.isPending}
      />
    </form>
  );
}
