import {
  addDays,
  londonToday,
  renewTrainingRequestSchema,
  TRAINING_TYPE_LABELS,
  type TrainingView,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { Field, fieldAria } from '../../shared/form-field';
import { useRenewTraining } from './renew-training';
import { carerName } from './training-card';
import { FormDialog } from '../../shared/form-dialog';
import { DateInput } from '../../shared/date-fields/date-input';

const RENEW_FIELDS = ['completedDate', 'expiryDate', 'certificateNumber'] as const;
type RenewField = (typeof RENEW_FIELDS)[number];
type RenewValues = Record<RenewField, string>;

const DAY_MS = 86_400_000;

/**
 * Starts from today, and from an expiry as far ahead as the previous certificate ran (a yearly CPR course is
 * renewed for another year); the user can change both.
 */
function initialValues(record: TrainingView): RenewValues {
  const today = londonToday();
  const validForDays =
    record.expiryDate === null
      ? undefined
      : Math.round((Date.parse(record.expiryDate) - Date.parse(record.completedDate)) / DAY_MS);
  return {
    completedDate: today,
    expiryDate: validForDays === undefined ? '' : addDays(today, validForDays),
    certificateNumber: '',
  };
}

export function RenewTrainingDialog({
  record,
  onOpenChange,
}: {
  record: TrainingView | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={record !== undefined} onOpenChange={onOpenChange} title="Renew Training" size="normal">
      {record && <RenewForm key={record.id} record={record} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function RenewForm({ record, onDone }: { record: TrainingView; onDone: () => void }) {
  const idPrefix = useId();
  const [values, setValues] = useState<RenewValues>(() => initialValues(record));
  const [errors, setErrors] = useState<Partial<Record<RenewField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const renew = useRenewTraining();

  const idOf = (field: RenewField) => `${idPrefix}-${field}`;
  const bind = (field: RenewField) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    ...fieldAria(idOf(field), errors[field]),
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = renewTrainingRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error, RENEW_FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await renew.mutateAsync({ id: record.id, revision: record.revision, request: parsed.data });
      onDone();
    } catch (error) {
      const { fieldErrors, formError: whole } = serverFormErrors(error, RENEW_FIELDS);
      setErrors(fieldErrors);
      setFormError(whole);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="muted renew-subject">
        {TRAINING_TYPE_LABELS[record.trainingType]} for {carerName(record)}
      </p>
      <div className="form-grid">
        <Field id={idOf('completedDate')} label="Completed date" required error={errors.completedDate}>
          <DateInput className="input" aria-required {...bind('completedDate')} />
        </Field>
        <Field id={idOf('expiryDate')} label="Expiry date" error={errors.expiryDate}>
          <DateInput className="input" {...bind('expiryDate')} />
        </Field>
        <Field id={idOf('certificateNumber')} label="Certificate number" error={errors.certificateNumber} wide>
          <input className="input" autoComplete="off" {...bind('certificateNumber')} />
        </Field>
      </div>
      <DialogFormFooter formError={formError} submitLabel="Renew" disabled={renew.isPending} />
    </form>
  );
}
