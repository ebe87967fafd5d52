import {
  can,
  CARER_SPECIALIZATIONS,
  REGIONS,
  TRAVEL_MODES,
  type CarerView,
  type CreateCarerRequest,
  type UpdateCarerRequest,
} from '@care/events';
import { TextListInput } from '../../shared/text-list-input';
import { Field, fieldAria } from '../../shared/form-field';
import { capitalize, humanize } from '../../shared/format';
import {
  carerToFormValues,
  checkCarerForm,
  EMPTY_CARER_FORM,
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
import { useCommandForm } from '../../shared/use-command-form';
import { TRAVEL_MODE_LABELS } from '../../shared/travel/travel-text';

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

/** The carer's fields, and on the edit form the account that signs in as them ('' for none). */
type Values = CarerFormValues & { userId: string };
type FormField = CarerFormField | 'userId';
const CARER_FIELDS = Object.keys(EMPTY_CARER_FORM) as CarerFormField[];

function CarerForm({ carer, onDone }: { carer: CarerView | undefined; onDone: () => void }) {
  const create = useCreateCarer();
  const update = useUpdateCarer();
  // Which account signs in as this carer: admins (who manage accounts) link and unlink it on the edit form.
  const user = useCurrentUser();
  const mayLink = carer !== undefined && can(user.role, 'users.manage');
  const linkedId = carer?.account?.id ?? '';
  const form = useCommandForm<
    Values,
    { carer: CreateCarerRequest; account: Pick<UpdateCarerRequest, 'userId'> },
    FormField
  >({
    initial: () => ({ ...(carer ? carerToFormValues(carer) : EMPTY_CARER_FORM), userId: linkedId }),
    // A refusal of the account goes under its select only where the select is shown.
    fields: mayLink ? [...CARER_FIELDS, 'userId'] : CARER_FIELDS,
    check: ({ userId, ...values }) => {
      const check = checkCarerForm(values);
      if (!check.ok) return check;
      // The link changes with the edit it is part of (one PATCH, one revision), and only when it was changed.
      return {
        ok: true,
        request: {
          carer: check.request,
          account: mayLink && userId !== linkedId ? { userId: userId === '' ? null : userId } : {},
        },
      };
    },
    send: ({ carer: request, account }) =>
      carer
        ? update.mutateAsync({ id: carer.id, revision: carer.revision, request: { ...request, ...account } })
        : create.mutateAsync(request),
    onDone,
  });
  const { values, fieldErrors: errors, idOf } = form;
  const set = form.setField;

  /** Common props of a text-like control bound to a form field. */
  const bind = (field: Exclude<CarerFormField, 'qualifications' | 'isActive' | 'travelMode'>) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    ...fieldAria(idOf(field), errors[field]),
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  return (
    <form className="carer-form" noValidate onSubmit={form.submit}>
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
        <Field id={idOf('specialization')} label="Specialisation" error={errors.specialization}>
          <select className="input" {...bind('specialization')}>
            <SelectOptions
              values={CARER_SPECIALIZATIONS}
              label={(specialization) => capitalize(humanize(specialization))}
              placeholder="Select specialisation"
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
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min="1"
            max="50"
            step="1"
            {...bind('maxClientsPerDay')}
          />
        </Field>
        <Field
          id={idOf('travelMode')}
          label="Travels by"
          error={errors.travelMode}
          hint="For the travel time between visits on the rota"
        >
          <select
            className="input"
            id={idOf('travelMode')}
            name="travelMode"
            value={values.travelMode}
            {...fieldAria(idOf('travelMode'), errors.travelMode)}
            onChange={(event) => {
              const mode = TRAVEL_MODES.find((known) => known === event.target.value);
              if (mode) set('travelMode', mode);
            }}
          >
            {TRAVEL_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {TRAVEL_MODE_LABELS[mode]}
              </option>
            ))}
          </select>
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
            id={idOf('userId')}
            carer={carer}
            value={values.userId}
            onChange={(next) => set('userId', next)}
            error={errors.userId}
          />
        )}
      </div>
      <DialogFormFooter
        formError={form.formError}
        submitLabel={carer ? 'Update Carer' : 'Save Carer'}
        disabled={form.pending}
      />
    </form>
  );
}
