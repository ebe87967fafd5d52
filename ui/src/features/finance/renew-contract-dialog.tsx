import type { ContractView } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DateInput } from '../../shared/date-fields/date-input';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { FormDialog } from '../../shared/form-dialog';
import { useFinanceCommand } from './finance-api';
import { poundsToPence } from './money';

type RenewField = 'endDate' | 'renewalDate' | 'valuePence';
const FIELDS: readonly RenewField[] = ['endDate', 'renewalDate', 'valuePence'];

/** Renew (admin): the contract runs to a later end date, with its next renewal date and value; the renewal alert clears. */
export function RenewContractDialog({ contract, onClose }: { contract: ContractView | null; onClose: () => void }) {
  return (
    <FormDialog
      open={contract !== null}
      onOpenChange={(open) => !open && onClose()}
      title={contract ? `Renew ${contract.contractNumber}` : 'Renew'}
      size="small"
    >
      {contract && <RenewForm contract={contract} onDone={onClose} />}
    </FormDialog>
  );
}

function RenewForm({ contract, onDone }: { contract: ContractView; onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState({ endDate: '', renewalDate: '', value: String(contract.valuePence / 100) });
  const [errors, setErrors] = useState<Partial<Record<RenewField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const renew = useFinanceCommand<{ endDate: string; renewalDate: string; valuePence: number }>(
    () => `/api/finance/contracts/${encodeURIComponent(contract.id)}/renew`,
    (input) => input,
    `Contract ${contract.contractNumber} renewed`,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valuePence = poundsToPence(values.value);
    const found: Partial<Record<RenewField, string>> = {};
    if (!values.endDate) found.endDate = 'End date is required';
    else if (values.endDate <= contract.endDate) found.endDate = 'A renewal must end after the current end date';
    if (!values.renewalDate) found.renewalDate = 'Renewal date is required';
    else if (values.endDate && values.renewalDate > values.endDate)
      found.renewalDate = 'The renewal date must be on or before the end date';
    if (valuePence === null) found.valuePence = 'Enter the value in pounds, for example 18500 or 18500.00';
    setErrors(found);
    if (Object.keys(found).length > 0 || valuePence === null) return;
    renew.mutate(
      { endDate: values.endDate, renewalDate: values.renewalDate, valuePence },
      {
        onSuccess: onDone,
        onError: (error) => {
          const placed = serverFormErrors(error, FIELDS);
          setErrors(placed.fieldErrors);
          setFormError(placed.formError);
        },
      },
    );
  };
  const field = (name: RenewField) => `${id}-${name}`;
  return (
    <form noValidate onSubmit={submit}>
      <div className="form-grid">
        <Field id={field('endDate')} label="New end date" required error={errors.endDate}>
          <DateInput
            id={field('endDate')}
            className="input"
            value={values.endDate}
            onChange={(event) => setValues({ ...values, endDate: event.target.value })}
            {...fieldAria(field('endDate'), errors.endDate)}
          />
        </Field>
        <Field id={field('renewalDate')} label="Next renewal date" required error={errors.renewalDate}>
          <DateInput
            id={field('renewalDate')}
            className="input"
            value={values.renewalDate}
            onChange={(event) => setValues({ ...values, renewalDate: event.target.value })}
            {...fieldAria(field('renewalDate'), errors.renewalDate)}
          />
        </Field>
        <Field id={field('valuePence')} label="Value (£)" required error={errors.valuePence}>
          <input
            id={field('valuePence')}
            className="input"
            inputMode="decimal"
            value={values.value}
            onChange={(event) => setValues({ ...values, value: event.target.value })}
            {...fieldAria(field('valuePence'), errors.valuePence)}
          />
        </Field>
      </div>
      <DialogFormFooter formError={formError} submitLabel="Renew Contract" disabled={renew.isPending} />
    </form>
  );
}
