import {
  escalateIncidentRequestSchema,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  TEXT_LIMITS,
  type IncidentSeverity,
  type IncidentView,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { useIncidentHandlers } from './get-people';
import { useIncidentCommand } from './incident-command';

const FIELDS = ['severity', 'escalatedTo', 'reason'] as const;
type FormField = (typeof FIELDS)[number];

/** Escalate: raise the severity, hand the incident to a named person, or both, with why (an alert follows). */
export function EscalateIncidentDialog({
  incident,
  open,
  onOpenChange,
}: {
  incident: IncidentView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Escalate Incident" size="small">
      {open && <EscalateForm incident={incident} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function EscalateForm({ incident, onDone }: { incident: IncidentView; onDone: () => void }) {
  const id = useId();
  const rank = (severity: IncidentSeverity) => INCIDENT_SEVERITIES.indexOf(severity);
  const higher = INCIDENT_SEVERITIES.filter((severity) => rank(severity) > rank(incident.severity));
  const [severity, setSeverity] = useState<IncidentSeverity | ''>(higher[0] ?? '');
  const [escalatedTo, setEscalatedTo] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const handlers = useIncidentHandlers(true);
  const escalate = useIncidentCommand<unknown>('/escalate', {
    success: 'Incident escalated',
    failure: 'Failed to escalate incident',
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { severity: severity || null, escalatedTo: escalatedTo || null, reason };
    const check = escalateIncidentRequestSchema.safeParse(body);
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await escalate.mutateAsync({ incident, body });
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
        {incident.title} (now {INCIDENT_SEVERITY_LABELS[incident.severity].toLowerCase()})
      </p>
      <Field id={`${id}-severity`} label="Raise severity to" error={errors.severity}>
        <select
          id={`${id}-severity`}
          className="input"
          value={severity}
          onChange={(event) => setSeverity(higher.find((value) => value === event.target.value) ?? '')}
          {...fieldAria(`${id}-severity`, errors.severity)}
        >
          <option value="">Keep {INCIDENT_SEVERITY_LABELS[incident.severity]}</option>
          {higher.map((value) => (
            <option key={value} value={value}>
              {INCIDENT_SEVERITY_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-escalatedTo`} label="Hand to" error={errors.escalatedTo}>
        <select
          id={`${id}-escalatedTo`}
          className="input"
          value={escalatedTo}
          onChange={(event) => setEscalatedTo(event.target.value)}
          {...fieldAria(`${id}-escalatedTo`, errors.escalatedTo)}
        >
          <option value="">Nobody else</option>
          {(handlers.data ?? []).map((person) => (
            <option key={person.id} value={person.id}>
              {person.label}
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
