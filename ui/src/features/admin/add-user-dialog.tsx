import {
  createUserRequestSchema,
  DEFAULT_ROLE,
  PASSWORD_MIN_LENGTH,
  REGIONS,
  ROLE_LABELS,
  STAFF_ROLES,
  type CreateUserRequest,
} from '@care/events';
import { Field, fieldAria } from '../../shared/form-field';
import { useCreateUser } from './create-user';
import { SelectOptions } from '../../shared/select-options';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { capitalize } from '../../shared/format';
import { checkWithSchema, useCommandForm } from '../../shared/use-command-form';

const FIELDS = ['email', 'firstName', 'lastName', 'role', 'region', 'password'] as const;
type UserField = (typeof FIELDS)[number];
type UserFormValues = Record<UserField, string>;

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
  const create = useCreateUser();
  const form = useCommandForm<UserFormValues, CreateUserRequest, UserField>({
    initial: EMPTY,
    fields: FIELDS,
    // The request as typed: the shared schema (the command API's own) trims and reads '' region as "not set".
    check: (values) => {
      const request = { ...values, role: values.role as CreateUserRequest['role'] } satisfies CreateUserRequest;
      const check = checkWithSchema(createUserRequestSchema, request, FIELDS);
      return check.ok ? { ok: true, request } : check;
    },
    send: (request) => create.mutateAsync(request),
    onDone,
  });
  const { values, fieldErrors: errors, formError, idOf } = form;

  const bind = (field: UserField, hasHint = false) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => form.setField(field, event.target.value),
    ...fieldAria(idOf(field), errors[field], hasHint),
  });

  return (
    <form noValidate onSubmit={form.submit}>
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
            <SelectOptions values={STAFF_ROLES} label={(role) => ROLE_LABELS[role]} />
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
          <input
            className="input"
            type="password"
            autoComplete="new-password"
            aria-required
            {...bind('password', true)}
          />
        </Field>
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={form.pending ? 'Creating...' : 'Create User'}
        disabled={form.pending}
      />
    </form>
  );
}
