import { createUserRequestSchema, DEFAULT_ROLE, PASSWORD_MIN_LENGTH, REGIONS, ROLE_LABELS, ROLES, type CreateUserRequest } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { useCreateUser } from './create-user';
import { SelectOptions } from '../../shared/select-options';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { capitalize } from '../../shared/format';

const FIELDS = ['email', 'firstName', 'lastName', 'role', 'region', 'password'] as const;
type UserField = (typeof FIELDS)[number];
type UserFormValues = Record<UserField, string>;
type UserFormErrors = Partial<Record<UserField, string>>;

const EMPTY: UserFormValues = { email: '', firstName: '', lastName: '', role: DEFAULT_ROLE, region: '', password: '' };

export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Add User">
      {/* Mounted per opening, so every opening starts blank. */}
      {open && <AddUserForm onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function AddUserForm({ onDone }: { onDone: () => void }) {
  const idPrefix = useId();
  const idOf = (field: UserField) => `${idPrefix}-${field}`;
  const [values, setValues] = useState<UserFormValues>(EMPTY);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const create = useCreateUser();

  const set = (field: UserField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const bind = (field: UserField, hasHint = false) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    ...fieldAria(idOf(field), errors[field], hasHint),
  });

  const show = (found: UserFormErrors) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    // The request as typed: the shared schema (the command API's own) trims and reads '' region as "not set".
    const request = { ...values, role: values.role as CreateUserRequest['role'] } satisfies CreateUserRequest;
    const check = createUserRequestSchema.safeParse(request);
    if (!check.success) {
      show(issuesByField(check.error, FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await create.mutateAsync(request);
      onDone();
    } catch (error) {
      // The toast has been shown by the mutation; the server's reasons go next to the fields.
      const { fieldErrors, formError: rest } = serverFormErrors(error, FIELDS);
      setFormError(rest);
      show(fieldErrors);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="form-grid">
        <Field id={idOf('firstName')} label="First name" required error={errors.firstName}>
          <input className="input" autoComplete="off" aria-required {...bind('firstName')} />
        </Field>
        <Field id={idOf('lastName')} label="Last name" required error={errors.lastName}>
          <input className="input" autoComplete="off" aria-required {...bind('lastName')} />
        </Field>
        <Field id={idOf('email')} label="Email" required error={errors.email} wide>
          <input className="input" type="email" autoComplete="off" inputMode="email" aria-required {...bind('email')} />
        </Field>
        <Field id={idOf('role')} label="Role" required error={errors.role}>
          <select className="input" {...bind('role')}>
            <SelectOptions values={ROLES} label={(role) => ROLE_LABELS[role]} />
          </select>
        </Field>
        <Field id={idOf('region')} label="Region" error={errors.region}>
          <select className="input" {...bind('region')}>
            <SelectOptions values={REGIONS} label={capitalize} placeholder="Select region" />
          </select>
        </Field>
        <Field
          id={idOf('password')}
          label="First password"
          required
          error={errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Give it to the user privately; they can set their own with "Request new password".`}
          wide
        >
          <input className="input" type="password" autoComplete="new-password" aria-required {...bind('password', true)} />
        </Field>
      </div>
      <DialogFormFooter formError={formError} submitLabel={create.isPending ? 'Creating...' : 'Create User'} disabled={create.isPending} />
    </form>
  );
}
