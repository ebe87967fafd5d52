import {
  FAMILY_RELATIONSHIP_LABELS,
  FAMILY_RELATIONSHIPS,
  inviteFamilyMemberRequestSchema,
  TEXT_LIMITS,
  type FamilyRelationship,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { apiSend } from '../../shared/api';
import { DateTimeInput } from '../../shared/date-fields/date-input';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { SelectOptions } from '../../shared/select-options';
import { toast } from '../../shared/toast';
import { BackableFooter } from './backable-footer';

const FIELDS = [
  'email',
  'name',
  'relationship',
  'consentRecordedBy',
  'consentRecordedAt',
  'attorneyReference',
  'shareMedications',
] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * The date field's value ("2026-11-01T10:00", the browser's wall time) as an instant with its offset, for the server;
 * text that is not a date yet is sent as it is, so the schema's own message says so.
 */
function instantOf(local: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? new Date(local).toISOString() : local;
}

/**
 * Invite a person to the client's family portal. The consent fields show for a relative, the power of attorney's
 * reference for an attorney; the same request schema as the server's checks them before anything is sent.
 */
export function InviteFamilyForm({
  clientId,
  name: clientName,
  onDone,
  onCancel,
}: {
  clientId: string;
  name: string;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const base = useId();
  const ids = Object.fromEntries(FIELDS.map((field) => [field, `${base}-${field}`])) as Record<FieldName, string>;
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [relationship, setRelationship] = useState<FamilyRelationship>('relative');
  const [consentRecordedBy, setConsentRecordedBy] = useState('');
  const [consentRecordedAt, setConsentRecordedAt] = useState('');
  const [attorneyReference, setAttorneyReference] = useState('');
  const [shareMedications, setShareMedications] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      email,
      name,
      relationship,
      ...(relationship === 'relative' ? { consentRecordedBy, consentRecordedAt: instantOf(consentRecordedAt) } : {}),
      ...(relationship === 'attorney' ? { attorneyReference } : {}),
      shareMedications,
    };
    const check = inviteFamilyMemberRequestSchema.safeParse(body);
    if (!check.success) {
      const found = issuesByField(check.error, FIELDS);
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setErrors({});
    setFormError(undefined);
    setBusy(true);
    try {
      await apiSend('POST', `/api/clients/${encodeURIComponent(clientId)}/family`, body);
      toast({ title: `Invitation sent to ${email}` });
      await onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    } finally {
      setBusy(false);
    }
  };

  const clear = (field: FieldName) => setErrors((current) => ({ ...current, [field]: undefined }));

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="small muted dialog-summary">
        They get an email with a link, valid for 7 days, to choose a password and follow {clientName}'s care.
      </p>
      <div className="form-grid">
        <Field id={ids.email} label="Email" required error={errors.email}>
          <input
            id={ids.email}
            type="email"
            className="input"
            autoComplete="off"
            maxLength={TEXT_LIMITS.email}
            value={email}
            {...fieldAria(ids.email, errors.email)}
            onChange={(event) => {
              setEmail(event.target.value);
              clear('email');
            }}
          />
        </Field>
        <Field id={ids.name} label="Name" required error={errors.name}>
          <input
            id={ids.name}
            className="input"
            maxLength={TEXT_LIMITS.contactName}
            value={name}
            {...fieldAria(ids.name, errors.name)}
            onChange={(event) => {
              setName(event.target.value);
              clear('name');
            }}
          />
        </Field>
        <Field id={ids.relationship} label="Relationship" required error={errors.relationship}>
          <select
            id={ids.relationship}
            className="input"
            value={relationship}
            {...fieldAria(ids.relationship, errors.relationship)}
            onChange={(event) => {
              setRelationship(event.target.value as FamilyRelationship);
              clear('relationship');
            }}
          >
            <SelectOptions values={FAMILY_RELATIONSHIPS} label={(value) => FAMILY_RELATIONSHIP_LABELS[value]} />
          </select>
        </Field>
        {relationship === 'relative' && (
          <>
            <Field
              id={ids.consentRecordedBy}
              label="Consent recorded by"
              required
              error={errors.consentRecordedBy}
              hint="Who in the office recorded the client's consent"
            >
              <input
                id={ids.consentRecordedBy}
                className="input"
                maxLength={TEXT_LIMITS.personName}
                value={consentRecordedBy}
                {...fieldAria(ids.consentRecordedBy, errors.consentRecordedBy, true)}
                onChange={(event) => {
                  setConsentRecordedBy(event.target.value);
                  clear('consentRecordedBy');
                }}
              />
            </Field>
            <Field id={ids.consentRecordedAt} label="Consent given on" required error={errors.consentRecordedAt}>
              <DateTimeInput
                id={ids.consentRecordedAt}
                className="input"
                value={consentRecordedAt}
                {...fieldAria(ids.consentRecordedAt, errors.consentRecordedAt)}
                onChange={(event) => {
                  setConsentRecordedAt(event.target.value);
                  clear('consentRecordedAt');
                }}
              />
            </Field>
          </>
        )}
        {relationship === 'attorney' && (
          <Field
            id={ids.attorneyReference}
            label="Lasting power of attorney reference"
            required
            error={errors.attorneyReference}
          >
            <input
              id={ids.attorneyReference}
              className="input"
              maxLength={TEXT_LIMITS.reference}
              value={attorneyReference}
              {...fieldAria(ids.attorneyReference, errors.attorneyReference)}
              onChange={(event) => {
                setAttorneyReference(event.target.value);
                clear('attorneyReference');
              }}
            />
          </Field>
        )}
      </div>
      <div className="field field-checkbox">
        <input
          id={ids.shareMedications}
          type="checkbox"
          checked={shareMedications}
          onChange={(event) => setShareMedications(event.target.checked)}
        />
        <label htmlFor={ids.shareMedications} className="label">
          Share the medication summary (the client has agreed)
        </label>
      </div>
      <BackableFooter
        formError={formError}
        submitLabel={busy ? 'Sending...' : 'Send invitation'}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
