import {
  TRAINING_STATUS_LABELS,
  TRAINING_STATUSES,
  TRAINING_TYPE_LABELS,
  TRAINING_TYPES,
  type TrainingView,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { serverFormErrors } from '../../shared/form-errors';
import { Field, fieldAria } from '../../shared/form-field';
import { SelectOptions } from '../../shared/select-options';
import { useCreateTraining } from './create-training';
import { carerChoicesQueryOptions } from './get-carer-choices';
import {
  checkTrainingForm,
  EMPTY_TRAINING_FORM,
  TRAINING_FORM_FIELDS,
  trainingToFormValues,
  type TrainingFormErrors,
  type TrainingFormField,
  type TrainingFormValues,
} from './training-form';
import { useUpdateTraining } from './update-training';
import { FormDialog } from '../../shared/form-dialog';
import { DateInput } from '../../shared/date-fields/date-input';

interface TrainingFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record being edited; absent for "Add Training Record". */
  record?: TrainingView | undefined;
}

export function TrainingFormDialog({ open, onOpenChange, record }: TrainingFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={record ? 'Edit Training Record' : 'Add Training Record'}>
      {/* Mounted per opening, so the form starts from the record (or blank) every time. */}
      <TrainingForm key={record?.id ?? 'new'} record={record} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function TrainingForm({ record, onDone }: { record: TrainingView | undefined; onDone: () => void }) {
  const idPrefix = useId();
  const carers = useQuery(carerChoicesQueryOptions);
  const [values, setValues] = useState<TrainingFormValues>(() =>
    record ? trainingToFormValues(record) : EMPTY_TRAINING_FORM,
  );
  const [errors, setErrors] = useState<TrainingFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const create = useCreateTraining();
  const update = useUpdateTraining();
  const saving = create.isPending || update.isPending;

  const idOf = (field: TrainingFormField) => `${idPrefix}-${field}`;
  const bind = (field: TrainingFormField) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    ...fieldAria(idOf(field), errors[field]),
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const focusFirstError = (found: TrainingFormErrors) => {
    const first = TRAINING_FORM_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkTrainingForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      focusFirstError(check.errors);
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      if (record) await update.mutateAsync({ id: record.id, revision: record.revision, request: check.request });
      else await create.mutateAsync(check.request);
      onDone();
    } catch (error) {
      // The toast has been shown by the mutation; here the server's reasons go next to the fields.
      const { fieldErrors, formError: whole } = serverFormErrors(error, TRAINING_FORM_FIELDS);
      setErrors(fieldErrors);
      setFormError(whole);
      focusFirstError(fieldErrors);
    }
  };

  // The record's own carer stays selectable while the list loads (or if they left the list meanwhile).
  const carerOptions = (carers.data ?? []).map((carer) => ({
    id: carer.id,
    label: `${carer.user.firstName} ${carer.user.lastName} (${carer.employeeId})`,
  }));
  if (record && !carerOptions.some((option) => option.id === record.carerId)) {
    carerOptions.unshift({
      id: record.carerId,
      label: `${record.carer.user.firstName} ${record.carer.user.lastName} (${record.carer.employeeId})`,
    });
  }

  return (
    <form className="training-form" noValidate onSubmit={onSubmit}>
      <div className="form-grid">
        <Field id={idOf('carerId')} label="Carer" required error={errors.carerId}>
          <select className="input" aria-required {...bind('carerId')}>
            <option value="">{carers.isPending ? 'Loading carers...' : 'Select carer'}</option>
            {carerOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={idOf('trainingType')} label="Training type" required error={errors.trainingType}>
          <select className="input" aria-required {...bind('trainingType')}>
            <SelectOptions
              values={TRAINING_TYPES}
              label={(type) => TRAINING_TYPE_LABELS[type]}
              placeholder="Select training type"
            />
          </select>
        </Field>
        <Field id={idOf('trainingProvider')} label="Provider" error={errors.trainingProvider}>
          <input
            className="input"
            autoComplete="off"
            placeholder="e.g. St John Ambulance"
            {...bind('trainingProvider')}
          />
        </Field>
        <Field id={idOf('status')} label="Status" error={errors.status}>
          <select className="input" {...bind('status')}>
            <SelectOptions values={TRAINING_STATUSES} label={(status) => TRAINING_STATUS_LABELS[status]} />
          </select>
        </Field>
        <Field id={idOf('completedDate')} label="Completed date" required error={errors.completedDate}>
          <DateInput className="input" aria-required {...bind('completedDate')} />
        </Field>
        <Field
          id={idOf('expiryDate')}
          label="Expiry date"
          error={errors.expiryDate}
          hint="Leave empty if it does not expire"
        >
          <DateInput
            className="input"
            {...bind('expiryDate')}
            {...fieldAria(idOf('expiryDate'), errors.expiryDate, true)}
          />
        </Field>
        <Field id={idOf('certificateNumber')} label="Certificate number" error={errors.certificateNumber}>
          <input className="input" autoComplete="off" {...bind('certificateNumber')} />
        </Field>
        <Field id={idOf('documentUrl')} label="Document URL" error={errors.documentUrl}>
          <input
            className="input"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            {...bind('documentUrl')}
          />
        </Field>
        <Field id={idOf('notes')} label="Notes" error={errors.notes} wide>
          <textarea className="input" rows={3} {...bind('notes')} />
        </Field>
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={record ? 'Update Training Record' : 'Save Training Record'}
        disabled={saving}
      />
    </form>
  );
}
