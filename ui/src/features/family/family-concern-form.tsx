import { useQueryClient } from '@tanstack/react-query';
import {
  FAMILY_CONCERN_KIND_LABELS,
  FAMILY_CONCERN_KINDS,
  FAMILY_CONCERN_TEXT_MAX,
  raiseFamilyConcernRequestSchema,
  type FamilyConcernKind,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { apiSend } from '../../shared/api';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { toast } from '../../shared/toast';

const FIELDS = ['kind', 'text', 'appointmentId'] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * A family member's concern or compliment to the office, about one visit or the care in general (POST
 * /api/family/clients/:id/concerns). The request schema the server uses checks it before it is sent.
 */
export function FamilyConcernForm({
  clientId,
  appointmentId,
  onDone,
}: {
  clientId: string;
  appointmentId?: string | undefined;
  onDone: () => void;
}) {
  const base = useId();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<FamilyConcernKind>('concern');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const textId = `${base}-text`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { kind, text, ...(appointmentId ? { appointmentId } : {}) };
    const check = raiseFamilyConcernRequestSchema.safeParse(body);
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      document.getElementById(textId)?.focus();
      return;
    }
    setErrors({});
    setFormError(undefined);
    setBusy(true);
    try {
      await apiSend('POST', `/api/family/clients/${encodeURIComponent(clientId)}/concerns`, body);
      toast({ title: kind === 'concern' ? 'Your concern was sent to the office' : 'Your compliment was sent' });
      await queryClient.invalidateQueries({ queryKey: [`/api/family/clients/${clientId}/concerns`] });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError ?? found.fieldErrors.appointmentId);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate className="family-concern-form" onSubmit={(event) => void submit(event)}>
      <fieldset className="family-concern-kinds">
        <legend className="label">What would you like to send?</legend>
        {FAMILY_CONCERN_KINDS.map((option) => (
          <label key={option} className="checkbox-label">
            <input
              type="radio"
              name={`${base}-kind`}
              value={option}
              checked={kind === option}
              onChange={() => setKind(option)}
            />
            {FAMILY_CONCERN_KIND_LABELS[option]}
          </label>
        ))}
      </fieldset>
      <Field id={textId} label="Your message" required error={errors.text} wide>
        <textarea
          id={textId}
          className="input"
          rows={4}
          maxLength={FAMILY_CONCERN_TEXT_MAX}
          value={text}
          {...fieldAria(textId, errors.text)}
          onChange={(event) => {
            setText(event.target.value);
            setErrors((current) => ({ ...current, text: undefined }));
          }}
        />
      </Field>
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send to the office'}
        </button>
      </div>
    </form>
  );
}

/** "Raise a concern or compliment": opens the form in place, about one visit when given. */
export function RaiseFamilyConcern({ clientId, appointmentId }: { clientId: string; appointmentId?: string }) {
  const [open, setOpen] = useState(false);
  if (open)
    return <FamilyConcernForm clientId={clientId} appointmentId={appointmentId} onDone={() => setOpen(false)} />;
  return (
    <button type="button" className="button button-secondary button-small" onClick={() => setOpen(true)}>
      Raise a concern or compliment
    </button>
  );
}
