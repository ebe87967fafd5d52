import {
  INCIDENT_DUTIES,
  INCIDENT_DUTY_LABELS,
  INCIDENT_DUTY_REASONS,
  INCIDENT_DUTY_REASON_LABELS,
  INCIDENT_DUTY_STEP_LABELS,
  INCIDENT_DUTY_STEPS,
  londonToday,
  TEXT_LIMITS,
  type IncidentDetailView,
  type IncidentDuty,
  type IncidentDutyReason,
  type IncidentDutyStep,
} from '@care/events';
import { DateInput } from '../../shared/date-fields/date-input';
import { useId, useState, type FormEvent } from 'react';
import { refusalReason } from '../../shared/form-errors';
import { formatDate } from '../../shared/format';
import { useIncidentCommand } from './incident-command';

/**
 * Statutory duties: what applies (CQC notification for death, serious injury, abuse or police involvement; RIDDOR
 * for injuries to staff; duty of candour for harm to a client), due when, and each step as it is done.
 */
export function DutiesSection({ incident, canManage }: { incident: IncidentDetailView; canManage: boolean }) {
  const missing = INCIDENT_DUTIES.filter((duty) => !incident.duties.some((recorded) => recorded.duty === duty));
  return (
    <section aria-labelledby={`duties-${incident.id}`} className="incident-section">
      <h3 id={`duties-${incident.id}`} className="incident-section-title">
        Statutory duties
      </h3>
      {incident.duties.length === 0 && <p className="muted small">No statutory duty recorded.</p>}
      <ul className="incident-duties">
        {incident.duties.map((duty) => (
          <li
            key={duty.duty}
            className={`incident-duty${duty.overdue ? ' row-warning' : ''}`}
            data-testid="incident-duty"
          >
            <span className="strong">{INCIDENT_DUTY_LABELS[duty.duty]}</span> (
            {INCIDENT_DUTY_REASON_LABELS[duty.reason]}), due {formatDate(duty.dueDate)}{' '}
            {duty.met ? (
              <span className="badge badge-success">Met</span>
            ) : duty.overdue ? (
              <span className="badge badge-overdue">Overdue</span>
            ) : (
              <span className="badge">Open</span>
            )}
            {duty.steps.length > 0 && (
              <span className="small muted">
                {' '}
                ·{' '}
                {duty.steps
                  .map(
                    (step) =>
                      `${INCIDENT_DUTY_STEP_LABELS[step.step]} ${formatDate(step.doneOn)}${step.reference ? ` (${step.reference})` : ''}`,
                  )
                  .join('; ')}
              </span>
            )}
            {canManage && !duty.met && incident.status !== 'closed' && (
              <StepForm incident={incident} duty={duty.duty} done={duty.steps.map((step) => step.step)} />
            )}
          </li>
        ))}
      </ul>
      {canManage && missing.length > 0 && incident.status !== 'closed' && (
        <DutyForm incident={incident} duties={missing} />
      )}
    </section>
  );
}

function DutyForm({ incident, duties }: { incident: IncidentDetailView; duties: readonly IncidentDuty[] }) {
  const id = useId();
  const [duty, setDuty] = useState<IncidentDuty>(duties[0]!);
  const [reason, setReason] = useState<IncidentDutyReason>(INCIDENT_DUTY_REASONS[duties[0]!][0]);
  const [dueDate, setDueDate] = useState('');
  const [error, setError] = useState<string>();
  const record = useIncidentCommand<{ duty: IncidentDuty; reason: IncidentDutyReason; dueDate: string | null }>(
    '/duties',
    { success: 'Duty recorded', failure: 'Failed to record the duty' },
  );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Not disabled while sending: a disabled button drops the focus out of the dialog, and Escape would then close only the toast.
    if (record.isPending) return;
    setError(undefined);
    try {
      await record.mutateAsync({ incident, body: { duty, reason, dueDate: dueDate || null } });
    } catch (failure) {
      setError(refusalReason(failure, 'Failed to record the duty'));
    }
  };
  return (
    <form
      className="incident-inline-form"
      onSubmit={(event) => void submit(event)}
      aria-label="Record a statutory duty"
    >
      <label className="inline-field">
        <span className="label">Duty</span>
        <select
          className="input"
          value={duty}
          onChange={(event) => {
            const next = event.target.value as IncidentDuty;
            setDuty(next);
            setReason(INCIDENT_DUTY_REASONS[next][0]);
          }}
        >
          {duties.map((value) => (
            <option key={value} value={value}>
              {INCIDENT_DUTY_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-field">
        <span className="label">Why it applies</span>
        <select
          className="input"
          value={reason}
          onChange={(event) => setReason(event.target.value as IncidentDutyReason)}
        >
          {INCIDENT_DUTY_REASONS[duty].map((value) => (
            <option key={value} value={value}>
              {INCIDENT_DUTY_REASON_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-field" htmlFor={`${id}-due`}>
        <span className="label">Due (blank: by the rules)</span>
        <DateInput
          id={`${id}-due`}
          className="input"
          value={dueDate}
          onChange={(event) => setDueDate(event.target.value)}
        />
      </label>
      <button type="submit" className="button button-secondary" aria-disabled={record.isPending || undefined}>
        Record Duty
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function StepForm({
  incident,
  duty,
  done,
}: {
  incident: IncidentDetailView;
  duty: IncidentDuty;
  done: readonly IncidentDutyStep[];
}) {
  const steps = (INCIDENT_DUTY_STEPS[duty] as readonly IncidentDutyStep[]).filter((step) => !done.includes(step));
  const [step, setStep] = useState<IncidentDutyStep>(steps[0]!);
  const [doneOn, setDoneOn] = useState(londonToday());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const record = useIncidentCommand<{ duty: IncidentDuty; step: IncidentDutyStep; doneOn: string; reference: string }>(
    '/duties/steps',
    { success: 'Step recorded', failure: 'Failed to record the step' },
  );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Not disabled while sending: a disabled button drops the focus out of the dialog, and Escape would then close only the toast.
    if (record.isPending) return;
    setError(undefined);
    try {
      await record.mutateAsync({ incident, body: { duty, step, doneOn, reference } });
    } catch (failure) {
      setError(refusalReason(failure, 'Failed to record the step'));
    }
  };
  return (
    <form
      className="incident-inline-form"
      onSubmit={(event) => void submit(event)}
      aria-label={`Record a step of the ${INCIDENT_DUTY_LABELS[duty]}`}
    >
      <label className="inline-field">
        <span className="label">Step</span>
        <select className="input" value={step} onChange={(event) => setStep(event.target.value as IncidentDutyStep)}>
          {steps.map((value) => (
            <option key={value} value={value}>
              {INCIDENT_DUTY_STEP_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-field">
        <span className="label">On</span>
        <DateInput
          className="input"
          max={londonToday()}
          value={doneOn}
          onChange={(event) => setDoneOn(event.target.value)}
        />
      </label>
      <label className="inline-field">
        <span className="label">Reference</span>
        <input
          className="input"
          maxLength={TEXT_LIMITS.reference}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
      </label>
      <button type="submit" className="button button-secondary" aria-disabled={record.isPending || undefined}>
        Record Step
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
