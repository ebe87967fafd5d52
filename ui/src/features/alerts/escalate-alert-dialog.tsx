import {
  ALERT_SEVERITIES,
  ALERT_SEVERITY_LABELS,
  ALERT_SEVERITY_RANK,
  escalateAlertRequestSchema,
  TEXT_LIMITS,
  type AlertSeverity,
  type AlertView,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { useEscalateAlert } from './escalate-alert';

const FIELDS = ['severity', 'reason'] as const;

/** Raise an alert's severity (only upwards) and say why: POST /api/alerts/:id/escalate. */
export function EscalateAlertDialog({
  alert,
  open,
  onOpenChange,
}: {
  alert: AlertView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Escalate Alert" size="small">
      {open && <EscalateForm alert={alert} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function EscalateForm({ alert, onDone }: { alert: AlertView; onDone: () => void }) {
  const id = useId();
  const higher = ALERT_SEVERITIES.filter(
    (severity) => ALERT_SEVERITY_RANK[severity] > ALERT_SEVERITY_RANK[alert.severity],
  );
  const [severity, setSeverity] = useState<AlertSeverity | ''>(higher[0] ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [formError, setFormError] = useState<string>();
  const escalate = useEscalateAlert();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = escalateAlertRequestSchema.safeParse({ severity, reason });
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await escalate.mutateAsync({ alert, body: check.data });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="small muted dialog-summary">
        {alert.title} (now {ALERT_SEVERITY_LABELS[alert.severity].toLowerCase()})
      </p>
      <Field id={`${id}-severity`} label="New severity" required error={errors.severity}>
        <select
          id={`${id}-severity`}
          className="input"
          value={severity}
          onChange={(event) => setSeverity(higher.find((value) => value === event.target.value) ?? '')}
          {...fieldAria(`${id}-severity`, errors.severity)}
        >
          {higher.map((value) => (
            <option key={value} value={value}>
              {ALERT_SEVERITY_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
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
        submitLabel={escalate.isPending ? 'Saving...' : 'Escalate'}
        disabled={escalate.isPending}
      />
    </form>
  );
}
