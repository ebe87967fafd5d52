import { londonToday, safeguardingReferralRequestSchema, TEXT_LIMITS, type IncidentView } from '@care/events';
import { Mail, Phone } from 'lucide-react';
import { DateInput } from '../../shared/date-fields/date-input';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { useSafeguardingContact } from './get-incidents';
import { useIncidentCommand } from './incident-command';

const FIELDS = ['referredOn', 'referredTo', 'localAuthorityReference', 'outcome'] as const;
type FormField = (typeof FIELDS)[number];

/** The safeguarding team's contact details as the admin set them (or a note that nobody has yet). */
export function SafeguardingContactCard() {
  const contact = useSafeguardingContact();
  if (contact.isPending) return <p className="muted small">Loading the safeguarding team’s details…</p>;
  const details = contact.data;
  if (!details?.name)
    return (
      <p className="small">
        No safeguarding team contact is set yet: an administrator sets it in Admin Panel, Settings.
      </p>
    );
  return (
    <div className="card safeguarding-contact" data-testid="safeguarding-contact">
      <p className="strong">{details.name}</p>
      {details.phone && (
        <p className="small">
          <Phone size={14} aria-hidden /> <a href={`tel:${details.phone.replace(/\s+/g, '')}`}>{details.phone}</a>
        </p>
      )}
      {details.outOfHoursPhone && (
        <p className="small">
          <Phone size={14} aria-hidden /> Out of hours:{' '}
          <a href={`tel:${details.outOfHoursPhone.replace(/\s+/g, '')}`}>{details.outOfHoursPhone}</a>
        </p>
      )}
      {details.email && (
        <p className="small">
          <Mail size={14} aria-hidden /> <a href={`mailto:${details.email}`}>{details.email}</a>
        </p>
      )}
      {details.notes && <p className="small muted">{details.notes}</p>}
    </div>
  );
}

/** Contact Safeguarding Team: the team's details, and the referral recorded (date, to whom, reference, outcome). */
export function SafeguardingDialog({
  incident,
  open,
  onOpenChange,
}: {
  incident: IncidentView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Contact Safeguarding Team">
      {open && <ReferralForm incident={incident} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function ReferralForm({ incident, onDone }: { incident: IncidentView; onDone: () => void }) {
  const id = useId();
  const contact = useSafeguardingContact();
  const [values, setValues] = useState({
    referredOn: londonToday(),
    referredTo: '',
    localAuthorityReference: '',
    outcome: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const refer = useIncidentCommand<typeof values>('/safeguarding-referrals', {
    success: 'Safeguarding referral recorded',
    failure: 'Failed to record the referral',
  });
  const fieldId = (name: FormField) => `${id}-${name}`;
  const referredTo = values.referredTo || contact.data?.name || '';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { ...values, referredTo };
    const check = safeguardingReferralRequestSchema.safeParse(body);
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await refer.mutateAsync({ incident, body });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <SafeguardingContactCard />
      <p className="small muted dialog-summary">Record the referral for “{incident.title}”.</p>
      <div className="form-grid">
        <Field id={fieldId('referredOn')} label="Date referred" required error={errors.referredOn}>
          <DateInput
            id={fieldId('referredOn')}
            className="input"
            max={londonToday()}
            value={values.referredOn}
            onChange={(event) => setValues({ ...values, referredOn: event.target.value })}
            {...fieldAria(fieldId('referredOn'), errors.referredOn)}
          />
        </Field>
        <Field id={fieldId('referredTo')} label="Referred to" required error={errors.referredTo}>
          <input
            id={fieldId('referredTo')}
            className="input"
            maxLength={TEXT_LIMITS.contactName}
            value={referredTo}
            onChange={(event) => setValues({ ...values, referredTo: event.target.value })}
            {...fieldAria(fieldId('referredTo'), errors.referredTo)}
          />
        </Field>
        <Field
          id={fieldId('localAuthorityReference')}
          label="Local authority reference"
          error={errors.localAuthorityReference}
        >
          <input
            id={fieldId('localAuthorityReference')}
            className="input"
            maxLength={TEXT_LIMITS.reference}
            value={values.localAuthorityReference}
            onChange={(event) => setValues({ ...values, localAuthorityReference: event.target.value })}
            {...fieldAria(fieldId('localAuthorityReference'), errors.localAuthorityReference)}
          />
        </Field>
        <Field id={fieldId('outcome')} label="Outcome" error={errors.outcome} wide>
          <textarea
            id={fieldId('outcome')}
            className="input"
            rows={2}
            maxLength={TEXT_LIMITS.notes}
            value={values.outcome}
            onChange={(event) => setValues({ ...values, outcome: event.target.value })}
            {...fieldAria(fieldId('outcome'), errors.outcome)}
          />
        </Field>
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={refer.isPending ? 'Saving...' : 'Record Referral'}
        disabled={refer.isPending}
      />
    </form>
  );
}
