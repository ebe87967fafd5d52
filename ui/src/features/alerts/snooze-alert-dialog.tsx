import {
  addDays,
  londonTimeToInstant,
  londonToday,
  snoozeAlertRequestSchema,
  TEXT_LIMITS,
  type AlertView,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { londonInputToIso, toLondonInputValue } from '../../shared/london-time';
import { useSnoozeAlert } from './snooze-alert';

const FIELDS = ['until', 'reason'] as const;
const HOUR = 3_600_000;

/** The quick choices, each an instant from now; "a date and time" opens the input. */
const CHOICES = [
  { value: '1h', label: '1 hour', until: () => new Date(Date.now() + HOUR).toISOString() },
  { value: '4h', label: '4 hours', until: () => new Date(Date.now() + 4 * HOUR).toISOString() },
  {
    value: 'tomorrow',
    label: 'Tomorrow 08:00',
    until: () => londonTimeToInstant(addDays(londonToday(), 1), '08:00'),
  },
] as const;
type Choice = (typeof CHOICES)[number]['value'] | 'custom';

/**
 * Put an open alert aside until a time, with the reason: POST /api/alerts/:id/snooze. It leaves the bell and the
 * dashboard figures until then, at most a week (the server refuses more, and a time already past, on `until`).
 */
export function SnoozeAlertDialog({
  alert,
  open,
  onOpenChange,
}: {
  alert: AlertView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Snooze Alert" size="small">
      {open && <SnoozeForm alert={alert} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function SnoozeForm({ alert, onDone }: { alert: AlertView; onDone: () => void }) {
  const id = useId();
  const [choice, setChoice] = useState<Choice>('1h');
  const [custom, setCustom] = useState(() => toLondonInputValue(new Date(Date.now() + 2 * HOUR)));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [formError, setFormError] = useState<string>();
  const snooze = useSnoozeAlert();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const until = choice === 'custom' ? londonInputToIso(custom) : CHOICES.find((c) => c.value === choice)!.until();
    const check = snoozeAlertRequestSchema.safeParse({ until, reason });
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await snooze.mutateAsync({ alert, body: check.data });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="small muted dialog-summary">{alert.title}</p>
      <fieldset className="field" aria-describedby={errors.until ? `${id}-until-error` : undefined}>
        <legend className="label">Snooze until</legend>
        {[...CHOICES, { value: 'custom' as const, label: 'A date and time' }].map((option) => (
          <label key={option.value} className="check-option">
            <input
              type="radio"
              name={`${id}-choice`}
              value={option.value}
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {choice === 'custom' ? (
        <Field id={`${id}-until`} label="Date and time (UK)" required error={errors.until}>
          <input
            id={`${id}-until`}
            className="input"
            type="datetime-local"
            aria-required
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            {...fieldAria(`${id}-until`, errors.until)}
          />
        </Field>
      ) : (
        errors.until && (
          <p id={`${id}-until-error`} className="field-error" role="alert">
            {errors.until}
          </p>
        )
      )}
      <Field id={`${id}-reason`} label="Reason" required error={errors.reason}>
        <textarea
          id={`${id}-reason`}
          className="input"
          rows={3}
          maxLength={TEXT_LIMITS.shortReason}
          aria-required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          {...fieldAria(`${id}-reason`, errors.reason)}
        />
      </Field>
      <DialogFormFooter
        formError={formError}
        submitLabel={snooze.isPending ? 'Saving...' : 'Snooze'}
        disabled={snooze.isPending}
      />
    </form>
  );
}
