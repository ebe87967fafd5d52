import { can, CARER_SPECIALIZATIONS, REGIONS, type CarerView } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api';
import { TextListInput } from '../../shared/text-list-input';
import { Field, fieldAria } from '../../shared/form-field';
import { capitalize, humanize } from '../../shared/format';
import {
  carerToFormValues,
  checkCarerForm,
  EMPTY_CARER_FORM,
  type CarerFormErrors,
  type CarerFormField,
  type CarerFormValues,
} from './carer-form';
import { useCreateCarer } from './create-carer';
import { useUpdateCarer } from './update-carer';
import { SelectOptions } from '../../shared/select-options';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { useCurrentUser } from '../../shared/current-user';
import { CarerAccountField } from './carer-account-field';
import { DateInput } from '../../shared/date-fields/date-input';

interface CarerFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The carer being edited; absent for "Add Carer". */
  carer?: CarerView | undefined;
}

export function CarerFormDialog({ open, onOpenChange, carer }: CarerFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={carer ? 'Edit Carer' : 'Add Carer'}>
      {/* Mounted per opening, so the form starts from the carer (or blank) every time. */}
      <CarerForm key={carer?.id ?? 'new'} carer={carer} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CarerForm({ carer, onDone }: { carer: CarerView | undefined; onDone: () => void }) {
  const idPrefix = useId();
  const [values, setValues] = useState<CarerFormValues>(() => (carer ? carerToFormValues(carer) : EMPTY_CARER_FORM));
  const [errors, setErrors] = useState<CarerFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const create = useCreateCarer();
  const update = useUpdateCarer();
  // Which account signs in as this carer: admins (who manage accounts) link and unlink it on the edit form.
  const user = useCurrentUser();
  const mayLink = carer !== undefined && can(user.role, 'users.manage');
  const linkedId = carer?.account?.id ?? '';
  const [accountId, setAccountId] = useState(linkedId);
  const [accountError, setAccountError] = useState<string>();
  const saving = create.isPending || update.isPending;

  const set = <K extends CarerFormField>(field: K, value: CarerFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const idOf = (field: CarerFormField) => `${idPrefix}-${field}`;
  /** Common props of a text-like control bound to a form field. */
  const bind = (field: Exclude<CarerFormField, 'qualifications' | 'isActive'>) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    ...fieldAria(idOf(field), errors[field]),
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  const focusFirstError = (found: CarerFormErrors) => {
    const first = (Object.keys(values) as CarerFormField[]).find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkCarerForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      focusFirstError(check.errors);
      return;
    }
    setErrors({});
    setFormError(undefined);
    setAccountError(undefined);
    try {
      const account = mayLink && accountId !== linkedId ? { userId: accountId === '' ? null : accountId } : {};
      if (carer) await update.mutateAsync({ id: carer.id, revision: carer.revision, request: { ...check.request, ...account } });
      else await create.mutateAsync(check.request);
      onDone();
    } catch (error) {
      // The toast has been shown by the mutation; here the server's reasons go next to the fields.
      if (!(error instanceof ApiError)) return;
      const serverErrors: CarerFormErrors = {};
      const unplaced: string[] = [];
      for (const [field, message] of Object.entries(error.fields)) {
        if (field in values) serverErrors[field as CarerFormField] = message;
        else if (field === 'userId' && mayLink) setAccountError(message);
        else unplaced.push(message);
      }
      setErrors(serverErrors);
      if (unplaced.length > 0) setFormError(unplaced.join(' '));
      else if (Object.keys(serverErrors).length === 0 && !error.fields.userId) setFormError(error.reason);
      focusFirstError(serverErrors);
    }
  };

  return (
    <form className="carer-form" noValidate onSubmit={onSubmit}>
      <div className="form-grid">
        <Field id={idOf('firstName')} label="First name" required error={errors.firstName}>
          <input className="input" autoComplete="off" aria-required {...bind('firstName')} />
        </Field>
        <Field id={idOf('lastName')} label="Last name" required error={errors.lastName}>
          <input className="input" autoComplete="off" aria-required {...bind('lastName')} />
        </Field>
        <Field id={idOf('email')} label="Email" required error={errors.email}>
          <input className="input" type="email" autoComplete="off" aria-required {...bind('email')} />
        </Field>
        <Field id={idOf('region')} label="Region" error={errors.region}>
          <select className="input" {...bind('region')}>
            <SelectOptions values={REGIONS} label={capitalize} placeholder="Select region" />
          </select>
        </Field>
        <Field id={idOf('employeeId')} label="Employee ID" required error={errors.employeeId}>
          <input className="input" autoComplete="off" aria-required {...bind('employeeId')} />
        </Field>
        <Field id={idOf('startDate')} label="Start date" required error={errors.startDate}>
          <DateInput className="input" aria-required {...bind('startDate')} />
        </Field>
        <Field id={idOf('specialization')} label="Specialization" error={errors.specialization}>
          <select className="input" {...bind('specialization')}>
            <SelectOptions
              values={CARER_SPECIALIZATIONS}
              label={(specialization) => capitalize(humanize(specialization))}
              placeholder="Select specialization"
            />
          </select>
        </Field>
        <Field id={idOf('phoneNumber')} label="Phone number" error={errors.phoneNumber}>
          <input className="input" type="tel" autoComplete="off" {...bind('phoneNumber')} />
        </Field>
        <Field id={idOf('qualifications')} label="Qualifications" error={errors.qualifications} wide>
          <TextListInput
            id={idOf('qualifications')}
            listLabel="Added qualification list"
            placeholder="e.g. NVQ Level 3"
            value={values.qualifications}
            onChange={(next) => set('qualifications', next)}
            describedBy={errors.qualifications ? `${idOf('qualifications')}-error` : undefined}
          />
        </Field>
        <Field id={idOf('emergencyContact')} label="Emergency contact" error={errors.emergencyContact}>
          <input className="input" autoComplete="off" {...bind('emergencyContact')} />
        </Field>
        <Field id={idOf('emergencyPhone')} label="Emergency phone" error={errors.emergencyPhone}>
          <input className="input" type="tel" autoComplete="off" {...bind('emergencyPhone')} />
        </Field>
        <Field id={idOf('address')} label="Address" error={errors.address} wide>
          <textarea className="input" rows={2} {...bind('address')} />
        </Field>
        <Field id={idOf('dateOfBirth')} label="Date of birth" error={errors.dateOfBirth}>
          <DateInput className="input" {...bind('dateOfBirth')} />
        </Field>
        <Field id={idOf('hourlyRate')} label="Hourly rate (£)" error={errors.hourlyRate}>
          <input className="input" type="number" inputMode="decimal" min="0" step="0.01" {...bind('hourlyRate')} />
        </Field>
        <Field id={idOf('maxClientsPerDay')} label="Max clients per day" error={errors.maxClientsPerDay}>
          <input className="input" type="number" inputMode="numeric" min="1" max="50" step="1" {...bind('maxClientsPerDay')} />
        </Field>
        <div className="field field-checkbox">
          <input
            id={idOf('isActive')}
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
          />
          <label htmlFor={idOf('isActive')} className="label">
            Active
          </label>
        </div>
        <Field id={idOf('notes')} label="Notes" error={errors.notes} wide>
          <textarea className="input" rows={3} {...bind('notes')} />
        </Field>
        {mayLink && (
          <CarerAccountField
            id={`${idPrefix}-userId`}
            carer={carer}
            value={accountId}
            onChange={(next) => {
              setAccountId(next);
              setAccountError(undefined);
            }}
            error={accountError}
          />
        )}
      </div>
      <DialogFormFooter formError={formError} submitLabel={carer ? 'Update Carer' : 'Save Carer'} disabled={saving} />
    </form>
  );
}
