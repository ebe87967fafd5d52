import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { DateInput } from '../../shared/date-fields/date-input';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { FormDialog } from '../../shared/form-dialog';
import { clientOptionsQueryOptions } from '../../records/clients/get-client-options';
import { useFinanceCommand } from './finance-api';
import { poundsToPence } from './money';

type ContractField =
  | 'contractNumber'
  | 'clientId'
  | 'startDate'
  | 'endDate'
  | 'renewalDate'
  | 'valuePence'
  | 'services';
const FIELDS: readonly ContractField[] = [
  'contractNumber',
  'clientId',
  'startDate',
  'endDate',
  'renewalDate',
  'valuePence',
  'services',
];

interface ContractInput {
  contractNumber: string;
  clientId: string;
  startDate: string;
  endDate: string;
  renewalDate: string;
  valuePence: number;
  services: string[];
}

/** New Contract (admin): number, client, dates, value in pounds and the services, one a line. */
export function NewContractDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="New Contract">
      <ContractForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ContractForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const clients = useQuery(clientOptionsQueryOptions);
  const [values, setValues] = useState({
    contractNumber: '',
    clientId: '',
    startDate: '',
    endDate: '',
    renewalDate: '',
    value: '',
    services: '',
  });
  const [errors, setErrors] = useState<Partial<Record<ContractField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const create = useFinanceCommand<ContractInput>(
    () => '/api/finance/contracts',
    (input) => input,
    'Contract created',
  );
  const set = (change: Partial<typeof values>) => setValues({ ...values, ...change });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const services = values.services
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const valuePence = poundsToPence(values.value);
    const found: Partial<Record<ContractField, string>> = {};
    if (!values.contractNumber.trim()) found.contractNumber = 'Contract number is required';
    if (!values.clientId) found.clientId = 'Client is required';
    if (!values.startDate) found.startDate = 'Start date is required';
    if (!values.endDate) found.endDate = 'End date is required';
    else if (values.startDate && values.endDate < values.startDate)
      found.endDate = 'The end date is before the start date';
    if (!values.renewalDate) found.renewalDate = 'Renewal date is required';
    else if (values.endDate && values.renewalDate > values.endDate)
      found.renewalDate = 'The renewal date must be on or before the end date';
    if (valuePence === null) found.valuePence = 'Enter the value in pounds, for example 18500 or 18500.00';
    if (services.length === 0) found.services = 'At least one service is required';
    setErrors(found);
    if (Object.keys(found).length > 0 || valuePence === null) return;
    create.mutate(
      {
        contractNumber: values.contractNumber.trim(),
        clientId: values.clientId,
        startDate: values.startDate,
        endDate: values.endDate,
        renewalDate: values.renewalDate,
        valuePence,
        services,
      },
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

  const date = (field: 'startDate' | 'endDate' | 'renewalDate', label: string) => (
    <Field id={fieldId(field)} label={label} required error={errors[field]}>
      <DateInput
        id={fieldId(field)}
        className="input"
        value={values[field]}
        onChange={(event) => set({ [field]: event.target.value })}
        {...fieldAria(fieldId(field), errors[field])}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} data-testid="new-contract-form">
      <div className="form-grid">
        <Field id={fieldId('contractNumber')} label="Contract number" required error={errors.contractNumber}>
          <input
            id={fieldId('contractNumber')}
            className="input"
            maxLength={50}
            value={values.contractNumber}
            onChange={(event) => set({ contractNumber: event.target.value })}
            {...fieldAria(fieldId('contractNumber'), errors.contractNumber)}
          />
        </Field>
        <Field id={fieldId('clientId')} label="Client" required error={errors.clientId}>
          <select
            id={fieldId('clientId')}
            className="input"
            value={values.clientId}
            onChange={(event) => set({ clientId: event.target.value })}
            {...fieldAria(fieldId('clientId'), errors.clientId)}
          >
            <option value="">{clients.isError ? 'Clients could not be loaded' : 'Select client'}</option>
            {(clients.data ?? []).map((client) => (
              <option key={client.id} value={client.id}>
                {client.firstName} {client.lastName}
              </option>
            ))}
          </select>
        </Field>
        {date('startDate', 'Start date')}
        {date('endDate', 'End date')}
        {date('renewalDate', 'Renewal date')}
        <Field id={fieldId('valuePence')} label="Value (£)" required error={errors.valuePence}>
          <input
            id={fieldId('valuePence')}
            className="input"
            inputMode="decimal"
            value={values.value}
            onChange={(event) => set({ value: event.target.value })}
            {...fieldAria(fieldId('valuePence'), errors.valuePence)}
          />
        </Field>
        <Field id={fieldId('services')} label="Services (one a line)" required wide error={errors.services}>
          <textarea
            id={fieldId('services')}
            className="input"
            rows={3}
            value={values.services}
            onChange={(event) => set({ services: event.target.value })}
            {...fieldAria(fieldId('services'), errors.services)}
          />
        </Field>
      </div>
      <DialogFormFooter formError={formError} submitLabel="Create Contract" disabled={create.isPending} />
    </form>
  );
}
