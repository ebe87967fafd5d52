import {
  closeIncidentRequestSchema,
  INCIDENT_STATUS_LABELS,
  reopenIncidentRequestSchema,
  resolveIncidentRequestSchema,
  TEXT_LIMITS,
  type IncidentView,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { useIncidentCommand } from './incident-command';

/** The steps the status path allows from each status (decide refuses the others, and says why). */
type Step = 'investigate' | 'resolve' | 'close' | 'reopen';
const STEP_LABELS: Record<Step, string> = {
  investigate: 'Start investigation',
  resolve: 'Mark resolved',
  close: 'Close',
  reopen: 'Reopen (back to investigating)',
};
export function nextSteps(incident: Pick<IncidentView, 'status'>): Step[] {
  switch (incident.status) {
    case 'reported':
      return ['investigate'];
    case 'investigating':
      return ['resolve'];
    case 'resolved':
      return ['close', 'reopen'];
    case 'closed':
      return ['reopen'];
  }
}

/** Whether closing needs a waiver: a required follow-up not recorded as done. */
const followUpOpen = (incident: IncidentView) => incident.followUpRequired && incident.followUpDoneNotes === null;

/** Update Status: the next step of reported → investigating → resolved → closed, or reopening, with what each needs. */
export function UpdateStatusDialog({
  incident,
  open,
  onOpenChange,
}: {
  incident: IncidentView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Update Status" size="small">
      {open && <StatusForm incident={incident} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function StatusForm({ incident, onDone }: { incident: IncidentView; onDone: () => void }) {
  const id = useId();
  const steps = nextSteps(incident);
  const [step, setStep] = useState<Step>(steps[0]!);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const texts = { success: 'Status updated', failure: 'Failed to update status' };
  const investigate = useIncidentCommand<undefined>('/investigate', texts);
  const resolve = useIncidentCommand<{ resolutionSummary: string }>('/resolve', texts);
  const close = useIncidentCommand<{ followUpWaivedReason: string | null }>('/close', texts);
  const reopen = useIncidentCommand<{ reason: string }>('/reopen', texts);
  const busy = investigate.isPending || resolve.isPending || close.isPending || reopen.isPending;
  const textField =
    step === 'resolve'
      ? { label: 'Resolution summary', required: true, max: TEXT_LIMITS.notes }
      : step === 'reopen'
        ? { label: 'Reason', required: true, max: TEXT_LIMITS.shortReason }
        : step === 'close' && followUpOpen(incident)
          ? { label: 'Why the follow-up is waived', required: true, max: TEXT_LIMITS.shortReason }
          : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checks = {
      investigate: null,
      resolve: resolveIncidentRequestSchema.safeParse({ resolutionSummary: text }),
      reopen: reopenIncidentRequestSchema.safeParse({ reason: text }),
      close: textField
        ? reopenIncidentRequestSchema.safeParse({ reason: text })
        : closeIncidentRequestSchema.safeParse({}),
    } as const;
    const check = checks[step];
    if (check && !check.success) {
      setError(step === 'close' ? 'Say why the follow-up is waived' : check.error.issues[0]?.message);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    setError(undefined);
    setFormError(undefined);
    try {
      if (step === 'investigate') await investigate.mutateAsync({ incident });
      if (step === 'resolve') await resolve.mutateAsync({ incident, body: { resolutionSummary: text } });
      if (step === 'close')
        await close.mutateAsync({ incident, body: { followUpWaivedReason: textField ? text : null } });
      if (step === 'reopen') await reopen.mutateAsync({ incident, body: { reason: text } });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, ['resolutionSummary', 'reason', 'followUpWaivedReason'] as const);
      setError(Object.values(found.fieldErrors)[0]);
      setFormError(found.formError);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="small muted dialog-summary">
        {incident.title}: now {INCIDENT_STATUS_LABELS[incident.status].toLowerCase()}
      </p>
      <fieldset className="field status-steps">
        <legend className="label">Next step</legend>
        {steps.map((candidate) => (
          <label key={candidate} className="check-option">
            <input
              type="radio"
              name={`${id}-step`}
              value={candidate}
              checked={step === candidate}
              onChange={() => setStep(candidate)}
            />
            {STEP_LABELS[candidate]}
          </label>
        ))}
      </fieldset>
      {step === 'close' && followUpOpen(incident) && (
        <p className="small">
          The follow-up ({incident.followUpNotes ?? 'required'}) is not recorded as done: closing waives it.
        </p>
      )}
      {textField && (
        <Field id={`${id}-text`} label={textField.label} required={textField.required} error={error}>
          <textarea
            id={`${id}-text`}
            className="input"
            rows={3}
            maxLength={textField.max}
            aria-required
            value={text}
            onChange={(event) => setText(event.target.value)}
            {...fieldAria(`${id}-text`, error)}
          />
        </Field>
      )}
      <DialogFormFooter formError={formError} submitLabel={busy ? 'Saving...' : STEP_LABELS[step]} disabled={busy} />
    </form>
  );
}
