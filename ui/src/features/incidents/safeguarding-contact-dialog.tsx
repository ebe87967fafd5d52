import { safeguardingContactRequestSchema, TEXT_LIMITS, type SafeguardingContactView } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiSend } from '../../shared/api';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { toast } from '../../shared/toast';
import { INCIDENTS_PATH, reloadIncidents } from './get-incidents';

const FIELDS = ['teamName', 'phone', 'outOfHoursPhone', 'email', 'notes'] as const;
type FormField = (typeof FIELDS)[number];
const LABELS: Record<FormField, string> = {
  teamName: 'Team name',
  phone: 'Phone',
  outOfHoursPhone: 'Out-of-hours phone',
  email: 'Email',
  notes: 'Notes (hours, what to have ready)',
};
const LIMITS: Record<FormField, number> = { teamName: TEXT_LIMITS.contactName, phone: TEXT_LIMITS.phone, outOfHoursPhone: TEXT_LIMITS.phone, email: TEXT_LIMITS.email, notes: TEXT_LIMITS.shortReason };

/** The safeguarding team's contact details (incidents.configure: administrators): PUT /api/incidents/safeguarding-contact. */
export function SafeguardingContactDialog({ current, open, onOpenChange }: { current: SafeguardingContactView | undefined; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Safeguarding Team Contact" size="small">
      {open && <ContactForm current={current} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function ContactForm({ current, onDone }: { current: SafeguardingContactView | undefined; onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState<Record<FormField, string>>({
    teamName: current?.teamName ?? '',
    phone: current?.phone ?? '',
    outOfHoursPhone: current?.outOfHoursPhone ?? '',
    email: current?.email ?? '',
    notes: current?.notes ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: Record<FormField, string>) => apiSend('PUT', `${INCIDENTS_PATH}/safeguarding-contact`, body),
    onSuccess: () => toast({ title: 'Safeguarding contact saved' }),
    onSettled: () => reloadIncidents(queryClient),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = safeguardingContactRequestSchema.safeParse(values);
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await save.mutateAsync(values);
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {FIELDS.map((field) => (
        <Field key={field} id={`${id}-${field}`} label={LABELS[field]} required={field === 'teamName'} error={errors[field]}>
          <input
            id={`${id}-${field}`}
            className="input"
            type={field === 'email' ? 'email' : field.toLowerCase().includes('phone') ? 'tel' : 'text'}
            maxLength={LIMITS[field]}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            {...fieldAria(`${id}-${field}`, errors[field])}
          />
        </Field>
      ))}
      <DialogFormFooter formError={formError} submitLabel={save.isPending ? 'Saving...' : 'Save'} disabled={save.isPending} />
    </form>
  );
}
