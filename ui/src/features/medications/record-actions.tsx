import {
  amendAdministrationRequestSchema,
  can,
  PRN_EFFECTS,
  prnEffectRequestSchema,
  type MedicationRecordView,
  type PrnEffect,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { fieldAria, Field } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { formatDateTime } from '../../shared/format';
import { MEDICATIONS_PATH, useMedicationCommand } from './medication-api';
import { OutcomeSelect, useOutcome } from './outcome-select';

export const EFFECT_LABELS: Record<PrnEffect, string> = {
  helped: 'Helped',
  partly: 'Partly helped',
  did_not_help: 'Did not help',
};
const AMEND_FIELDS = ['code', 'outcomeReason', 'notes', 'reason'] as const;
type AmendField = (typeof AMEND_FIELDS)[number];

const recordPath = (record: MedicationRecordView, action: string) =>
  `${MEDICATIONS_PATH}/${record.prescriptionId}/records/${record.id}/${action}`;
const whatOf = (record: MedicationRecordView) =>
  `${record.medicationName} for ${record.clientName ?? 'the client'}, ${formatDateTime(record.actualTime)}`;

/**
 * A record's corrections: Amend (medications.prescribe; the original stays in the history, with the reason) and, for a
 * PRN dose, whether it helped (medications.administer), as NICE NG67 asks of "when required" medicines.
 */
export function RecordActions({ record }: { record: MedicationRecordView }) {
  const role = useCurrentUser().role;
  const [open, setOpen] = useState<'amend' | 'effect' | null>(null);
  const canAmend = can(role, 'medications.prescribe');
  const canRecordEffect =
    can(role, 'medications.administer') &&
    record.scheduledTime === null &&
    record.status === 'given' &&
    record.prnEffect === null;
  if (!canAmend && !canRecordEffect) return null;
  return (
    <span className="record-actions">
      {canAmend && (
        <button type="button" className="link-button small" onClick={() => setOpen('amend')}>
          Amend<span className="sr-only"> the record of {whatOf(record)}</span>
        </button>
      )}
      {canRecordEffect && (
        <button type="button" className="link-button small" onClick={() => setOpen('effect')}>
          Record effect<span className="sr-only"> of {whatOf(record)}</span>
        </button>
      )}
      <FormDialog
        open={open === 'amend'}
        onOpenChange={(next) => !next && setOpen(null)}
        title="Amend record"
        size="normal"
      >
        {open === 'amend' && <AmendForm record={record} onDone={() => setOpen(null)} />}
      </FormDialog>
      <FormDialog
        open={open === 'effect'}
        onOpenChange={(next) => !next && setOpen(null)}
        title="Record effect"
        size="small"
      >
        {open === 'effect' && <EffectForm record={record} onDone={() => setOpen(null)} />}
      </FormDialog>
    </span>
  );
}

function AmendForm({ record, onDone }: { record: MedicationRecordView; onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState({
    code: record.code,
    outcomeReason: record.reason ?? '',
    notes: record.notes ?? '',
    reason: '',
  });
  const [errors, setErrors] = useState<Partial<Record<AmendField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const outcome = useOutcome(values.code);
  const amend = useMedicationCommand<unknown>({
    success: 'Record amended',
    failure: 'Failed to amend the record',
    inForm: true,
  });
  const set = (next: Partial<typeof values>) => {
    setValues((old) => ({ ...old, ...next }));
    setErrors((old) => Object.fromEntries(Object.entries(old).filter(([name]) => !(name in next))));
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = {
      reason: values.reason,
      ...(values.code !== record.code && { code: values.code }),
      ...(values.outcomeReason !== (record.reason ?? '') && { outcomeReason: values.outcomeReason }),
      ...(values.notes !== (record.notes ?? '') && { notes: values.notes }),
    };
    if (Object.keys(request).length === 1) {
      setFormError('Nothing has changed yet.');
      return;
    }
    const check = amendAdministrationRequestSchema.safeParse(request);
    if (!check.success) {
      setErrors(issuesByField(check.error, AMEND_FIELDS));
      return;
    }
    try {
      await amend.mutateAsync({ path: recordPath(record, 'amend'), body: check.data });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, AMEND_FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="dose-summary">{whatOf(record)}. The original record stays in the history.</p>
      <div className="form-grid">
        <Field id={`${id}-code`} label="Outcome" required error={errors.code} wide>
          <OutcomeSelect
            id={`${id}-code`}
            value={values.code}
            keyEntries={outcome.key}
            onChange={(code) => set({ code })}
          />
        </Field>
        {outcome.needsReason && (
          <Field id={`${id}-outcomeReason`} label="Reason for the outcome" error={errors.outcomeReason} wide>
            <input
              id={`${id}-outcomeReason`}
              className="input"
              value={values.outcomeReason}
              onChange={(event) => set({ outcomeReason: event.target.value })}
              {...fieldAria(`${id}-outcomeReason`, errors.outcomeReason)}
            />
          </Field>
        )}
        <Field id={`${id}-notes`} label="Notes" error={errors.notes} wide>
          <input
            id={`${id}-notes`}
            className="input"
            value={values.notes}
            onChange={(event) => set({ notes: event.target.value })}
            {...fieldAria(`${id}-notes`, errors.notes)}
          />
        </Field>
        <Field id={`${id}-reason`} label="Reason for the amendment" required error={errors.reason} wide>
          <input
            id={`${id}-reason`}
            className="input"
            value={values.reason}
            onChange={(event) => set({ reason: event.target.value })}
            {...fieldAria(`${id}-reason`, errors.reason)}
          />
        </Field>
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={amend.isPending ? 'Saving...' : 'Amend'}
        disabled={amend.isPending}
      />
    </form>
  );
}

function EffectForm({ record, onDone }: { record: MedicationRecordView; onDone: () => void }) {
  const id = useId();
  const [effect, setEffect] = useState<PrnEffect | ''>('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const save = useMedicationCommand<unknown>({
    success: 'Effect recorded',
    failure: 'Failed to record the effect',
    inForm: true,
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = prnEffectRequestSchema.safeParse({ effect, notes });
    if (!check.success) {
      setError(effect === '' ? 'Effect is required' : check.error.issues[0]?.message);
      return;
    }
    try {
      await save.mutateAsync({ path: recordPath(record, 'prn-effect'), body: check.data });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, ['effect', 'notes'] as const);
      setError(found.fieldErrors.effect ?? found.fieldErrors.notes);
      setFormError(found.formError);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="dose-summary">{whatOf(record)}</p>
      <Field id={`${id}-effect`} label="Did it help?" required error={error}>
        <select
          id={`${id}-effect`}
          className="input"
          value={effect}
          onChange={(event) => setEffect(event.target.value as PrnEffect | '')}
          {...fieldAria(`${id}-effect`, error)}
        >
          <option value="">Select effect</option>
          {PRN_EFFECTS.map((value) => (
            <option key={value} value={value}>
              {EFFECT_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-notes`} label="Notes">
        <input id={`${id}-notes`} className="input" value={notes} onChange={(event) => setNotes(event.target.value)} />
      </Field>
      <DialogFormFooter
        formError={formError}
        submitLabel={save.isPending ? 'Saving...' : 'Save'}
        disabled={save.isPending}
      />
    </form>
  );
}
