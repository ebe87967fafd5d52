import {
  addMarCodeRequestSchema,
  ADMINISTRATION_STATUSES,
  can,
  TEXT_LIMITS,
  withdrawMarCodeRequestSchema,
  type AdministrationStatus,
  type MarKeyEntryView,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { fieldAria, Field } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { SelectOptions } from '../../shared/select-options';
import { TextCommandDialog } from '../../shared/text-command-dialog';
import { MEDICATIONS_PATH, useMarKey, useMedicationCommand } from './medication-api';

/** What each outcome counts as, in the words of the adherence figures. */
export const COUNTS_AS: Record<AdministrationStatus, string> = {
  given: 'Given',
  refused: 'Refused',
  missed: 'Missed',
  not_required: 'Not required',
};
const FIELDS = ['code', 'label', 'status', 'needsReason'] as const;

/**
 * The MAR chart's key: every code a dose's outcome may carry. An administrator (medications.codes) adds the agency's
 * own codes and withdraws them from new records; a withdrawn code stays on the key for the records that carry it.
 */
export function MarKeyCard() {
  const key = useMarKey();
  const keepsKey = can(useCurrentUser().role, 'medications.codes');
  const [adding, setAdding] = useState(false);
  const [withdrawing, setWithdrawing] = useState<MarKeyEntryView | null>(null);
  const withdraw = useMedicationCommand<{ reason: string }>({
    success: 'Code withdrawn',
    failure: 'Failed to withdraw the code',
    inForm: true,
  });
  return (
    <div className="card" data-testid="mar-key">
      <div className="mar-key-head">
        <h2 className="section-title">MAR chart key</h2>
        {keepsKey && (
          <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
            Add Code
          </button>
        )}
      </div>
      <div className="table-wrap">
        <table className="data-table">
          <caption className="sr-only">The codes a dose's outcome is recorded with</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Meaning</th>
              <th scope="col">Counts as</th>
              <th scope="col">Reason</th>
              {keepsKey && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {key.map((entry) => (
              <tr key={entry.code} data-testid="mar-key-row">
                <td data-label="Code">
                  <strong>{entry.code}</strong>
                </td>
                <td data-label="Meaning">
                  {entry.label}
                  {!entry.builtIn && <span className="badge badge-muted">Added</span>}
                  {entry.withdrawn && <span className="badge badge-muted">Withdrawn</span>}
                </td>
                <td data-label="Counts as">{COUNTS_AS[entry.status]}</td>
                <td data-label="Reason">{entry.needsReason ? 'Needed' : 'Not needed'}</td>
                {keepsKey && (
                  <td data-label="Actions">
                    {!entry.builtIn && !entry.withdrawn && (
                      <button type="button" className="link-button small" onClick={() => setWithdrawing(entry)}>
                        Withdraw<span className="sr-only"> code {entry.code}</span>
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormDialog open={adding} onOpenChange={setAdding} title="Add code" size="normal">
        {adding && <AddCodeForm onDone={() => setAdding(false)} />}
      </FormDialog>
      <TextCommandDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title={withdrawing ? `Withdraw ${withdrawing.code}` : ''}
        summary={
          withdrawing
            ? `${withdrawing.code}: ${withdrawing.label}. Records that carry it keep it; new records cannot use it.`
            : ''
        }
        field="reason"
        label="Reason"
        required
        maxLength={TEXT_LIMITS.shortReason}
        schema={withdrawMarCodeRequestSchema}
        submitLabel="Withdraw"
        onSubmit={(body) =>
          withdraw.mutateAsync({ path: `${MEDICATIONS_PATH}/mar-codes/${withdrawing?.code ?? ''}/withdrawal`, body })
        }
      />
    </div>
  );
}

function AddCodeForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState({
    code: '',
    label: '',
    status: 'not_required' as AdministrationStatus,
    needsReason: true,
  });
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [formError, setFormError] = useState<string>();
  const add = useMedicationCommand<unknown>({ success: 'Code added', failure: 'Failed to add the code', inForm: true });
  const set = (next: Partial<typeof values>) => setValues((old) => ({ ...old, ...next }));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = addMarCodeRequestSchema.safeParse(values);
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      return;
    }
    try {
      await add.mutateAsync({ path: `${MEDICATIONS_PATH}/mar-codes`, body: check.data });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <div className="form-grid">
        <Field
          id={`${id}-code`}
          label="Code"
          required
          error={errors.code}
          hint="1 to 4 capital letters or digits, e.g. H"
        >
          <input
            id={`${id}-code`}
            className="input"
            maxLength={4}
            value={values.code}
            onChange={(event) => set({ code: event.target.value })}
            {...fieldAria(`${id}-code`, errors.code, true)}
          />
        </Field>
        <Field id={`${id}-label`} label="Meaning" required error={errors.label}>
          <input
            id={`${id}-label`}
            className="input"
            maxLength={TEXT_LIMITS.title}
            value={values.label}
            onChange={(event) => set({ label: event.target.value })}
            {...fieldAria(`${id}-label`, errors.label)}
          />
        </Field>
        <Field
          id={`${id}-status`}
          label="Counts as"
          required
          error={errors.status}
          hint="How adherence and the alerts count a dose with this code"
          wide
        >
          <select
            id={`${id}-status`}
            className="input"
            value={values.status}
            onChange={(event) => set({ status: event.target.value as AdministrationStatus })}
            {...fieldAria(`${id}-status`, errors.status, true)}
          >
            <SelectOptions values={ADMINISTRATION_STATUSES} label={(status) => COUNTS_AS[status]} />
          </select>
        </Field>
        <div className="field field-checkbox field-wide">
          <input
            id={`${id}-needsReason`}
            type="checkbox"
            checked={values.needsReason}
            onChange={(event) => set({ needsReason: event.target.checked })}
          />
          <label htmlFor={`${id}-needsReason`} className="label">
            A reason must be given
          </label>
        </div>
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={add.isPending ? 'Adding...' : 'Add code'}
        disabled={add.isPending}
      />
    </form>
  );
}
