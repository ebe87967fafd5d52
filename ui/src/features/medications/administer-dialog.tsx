import { ROLE_LABELS, type DueDoseView } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { fieldAria, Field } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { formatDateTime } from '../../shared/format';
import { MEDICATIONS_PATH, useMedicationCommand, useWitnessOptions } from './medication-api';
import { OutcomeSelect, useOutcome } from './outcome-select';
import { useCommandForm } from '../../shared/use-command-form';

const FIELDS = [
  'code',
  'reason',
  'doseGiven',
  'notes',
  'prnReason',
  'witnessUserId',
  'appointmentId',
  'administeredAt',
  'dueAt',
] as const;
type FieldName = (typeof FIELDS)[number];

export interface DoseTarget {
  readonly prescriptionId: string;
  readonly medicationName: string;
  readonly clientName: string | null;
  /** null: a PRN dose. */
  readonly dueAt: string | null;
  readonly appointmentId?: string | undefined;
  /** A second person witnesses each dose given (e.g. a controlled drug). */
  readonly witnessRequired: boolean;
}

export const doseTargetOf = (dose: DueDoseView, appointmentId?: string): DoseTarget => ({
  prescriptionId: dose.prescriptionId,
  medicationName: dose.medicationName,
  clientName: dose.clientName,
  dueAt: dose.dueAt,
  appointmentId,
  witnessRequired: dose.witnessRequired,
});

/** Administer / Administer Now: one outcome from the MAR code list, with a reason where it was not taken. */
export function AdministerDialog({ dose, onClose }: { dose: DoseTarget | null; onClose: () => void }) {
  return (
    <FormDialog
      open={dose !== null}
      onOpenChange={(open) => !open && onClose()}
      title={dose ? `Record ${dose.medicationName}` : ''}
      size="normal"
    >
      {dose && <AdministerForm dose={dose} onDone={onClose} />}
    </FormDialog>
  );
}

function AdministerForm({ dose, onDone }: { dose: DoseTarget; onDone: () => void }) {
  const witnesses = useWitnessOptions(dose.witnessRequired);
  const record = useMedicationCommand<unknown>({
    success: 'Dose recorded',
    failure: 'Failed to record the dose',
    inForm: true,
  });
  const form = useCommandForm<
    { code: string; reason: string; prnReason: string; doseGiven: string; notes: string; witnessUserId: string },
    unknown,
    FieldName
  >({
    initial: { code: 'T', reason: '', prnReason: '', doseGiven: '', notes: '', witnessUserId: '' },
    fields: FIELDS,
    check: ({ code, reason, prnReason, doseGiven, notes, witnessUserId }) => {
      if (needsReason && reason.trim() === '')
        return { ok: false, errors: { reason: `Give a reason for "${outcome.label}"` } };
      if (needsWitness && witnessUserId === '')
        return {
          ok: false,
          errors: { witnessUserId: 'Witness is required: a second person must see each dose given' },
        };
      return {
        ok: true,
        request: {
          dueAt: dose.dueAt ?? undefined,
          code,
          reason,
          prnReason,
          doseGiven,
          notes,
          appointmentId: dose.appointmentId,
          witnessUserId: needsWitness ? witnessUserId : undefined,
        },
      };
    },
    send: (body) =>
      record.mutateAsync({
        path: `${MEDICATIONS_PATH}/${dose.prescriptionId}/administrations`,
        body,
        // Each submit is one record: its key makes a resend from the phone, or a double tap, record once.
        offline: {
          id: crypto.randomUUID(),
          label: `${dose.medicationName}: ${outcome.label}${dose.clientName ? ` for ${dose.clientName}` : ''}`,
          kind: 'dose',
          visitId: dose.appointmentId,
          prescriptionId: dose.prescriptionId,
          dueAt: dose.dueAt,
        },
      }),
    onDone,
  });
  const { values, fieldErrors: errors, formError, idOf } = form;
  const outcome = useOutcome(values.code);
  const needsReason = outcome.needsReason;
  const needsWitness = dose.witnessRequired && outcome.status === 'given';

  return (
    <form noValidate onSubmit={form.submit}>
      <p className="dose-summary">
        {dose.clientName} · {dose.dueAt ? `due ${formatDateTime(dose.dueAt)}` : 'when required (PRN)'}
      </p>
      <div className="form-grid">
        <Field id={idOf('code')} label="Outcome" required error={errors.code} wide>
          <OutcomeSelect
            id={idOf('code')}
            value={values.code}
            keyEntries={outcome.key}
            onChange={(code) => form.setField('code', code)}
          />
        </Field>
        {needsReason && (
          <Field id={idOf('reason')} label="Reason" required error={errors.reason} wide>
            <input
              id={idOf('reason')}
              className="input"
              value={values.reason}
              onChange={(event) => form.setField('reason', event.target.value)}
              {...fieldAria(idOf('reason'), errors.reason)}
            />
          </Field>
        )}
        {dose.dueAt === null && (
          <Field id={idOf('prnReason')} label="Why it is given" required error={errors.prnReason} wide>
            <input
              id={idOf('prnReason')}
              className="input"
              value={values.prnReason}
              onChange={(event) => form.setField('prnReason', event.target.value)}
              {...fieldAria(idOf('prnReason'), errors.prnReason)}
            />
          </Field>
        )}
        <Field id={idOf('doseGiven')} label="Dose given" error={errors.doseGiven} hint="Only where it may vary">
          <input
            id={idOf('doseGiven')}
            className="input"
            value={values.doseGiven}
            onChange={(event) => form.setField('doseGiven', event.target.value)}
            {...fieldAria(idOf('doseGiven'), errors.doseGiven, true)}
          />
        </Field>
        <Field id={idOf('notes')} label="Notes" error={errors.notes}>
          <input
            id={idOf('notes')}
            className="input"
            value={values.notes}
            onChange={(event) => form.setField('notes', event.target.value)}
          />
        </Field>
        {needsWitness ? (
          <Field
            id={idOf('witnessUserId')}
            label="Witness"
            required
            error={errors.witnessUserId}
            hint="The colleague who saw the dose given"
            wide
          >
            <select
              id={idOf('witnessUserId')}
              className="input"
              value={values.witnessUserId}
              onChange={(event) => form.setField('witnessUserId', event.target.value)}
              {...fieldAria(idOf('witnessUserId'), errors.witnessUserId, true)}
            >
              <option value="">{witnesses.isPending ? 'Loading...' : 'Select witness'}</option>
              {(witnesses.data ?? []).map((witness) => (
                <option key={witness.id} value={witness.id}>
                  {witness.name} ({ROLE_LABELS[witness.role]})
                </option>
              ))}
            </select>
          </Field>
        ) : (
          errors.witnessUserId && <p className="field-error field-wide">{errors.witnessUserId}</p>
        )}
      </div>
      <DialogFormFooter
        formError={formError ?? errors.dueAt ?? errors.appointmentId}
        submitLabel={form.pending ? 'Saving...' : 'Record'}
        disabled={form.pending}
      />
    </form>
  );
}

/** Mark as Missed (medications.prescribe): the dose's outcome is Missed, with the reason. */
export function MarkMissedDialog({ dose, onClose }: { dose: DoseTarget | null; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const missed = useMedicationCommand<unknown>({
    success: 'Dose marked as missed',
    failure: 'Failed to mark the dose as missed',
    inForm: true,
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dose) return;
    if (reason.trim() === '') {
      setError('Reason is required');
      return;
    }
    try {
      await missed.mutateAsync({
        path: `${MEDICATIONS_PATH}/${dose.prescriptionId}/missed`,
        body: { dueAt: dose.dueAt, reason },
      });
      setReason('');
      onClose();
    } catch (failure) {
      const found = serverFormErrors(failure, ['reason'] as const);
      setError(found.fieldErrors.reason ?? found.formError);
    }
  };
  return (
    <FormDialog open={dose !== null} onOpenChange={(open) => !open && onClose()} title="Mark as Missed" size="small">
      {dose && (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <p className="dose-summary">
            {dose.medicationName} for {dose.clientName}, due {dose.dueAt ? formatDateTime(dose.dueAt) : ''}
          </p>
          <Field id={`${id}-reason`} label="Reason" required error={error}>
            <input
              id={`${id}-reason`}
              className="input"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...fieldAria(`${id}-reason`, error)}
            />
          </Field>
          <DialogFormFooter
            formError={undefined}
            submitLabel={missed.isPending ? 'Saving...' : 'Mark as Missed'}
            disabled={missed.isPending}
          />
        </form>
      )}
    </FormDialog>
  );
}
