import { londonToday, type PayrollPolicyView } from '@care/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiSend, errorReason } from '../../shared/api';
import { DateInput } from '../../shared/date-fields/date-input';
import { formatDate } from '../../shared/format';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { useFinanceCommand } from './finance-api';
import { formatPence, poundsToPence } from './money';
import { payrollPolicyQuery } from './payroll-api';

const whole = (text: string, max: number): number | null =>
  /^\d{1,3}$/.test(text.trim()) && Number(text) <= max ? Number(text) : null;

/** Payroll settings (admin): the policy applied to periods processed from now on, and the National Living Wage rates. */
export function PayrollSettings() {
  const policy = useQuery(payrollPolicyQuery());
  if (!policy.data) return null;
  return (
    <details className="card payroll-settings">
      <summary className="card-title">Payroll settings</summary>
      <p className="small" data-testid="payroll-policy-set">
        {policy.data.setBy && policy.data.setAt
          ? `Policy set by ${policy.data.setBy} on ${formatDate(londonToday(new Date(policy.data.setAt)))}; every earlier version is on the Audit screen.`
          : 'No policy has been set: the defaults below apply.'}
      </p>
      <PolicyForm policy={policy.data} />
      <LivingWage policy={policy.data} />
    </details>
  );
}

function PolicyForm({ policy }: { policy: PayrollPolicyView }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [travelPaid, setTravelPaid] = useState(policy.travelPaid);
  const [fields, setFields] = useState({
    mileage: String(policy.mileagePencePerMile),
    tax: String(policy.taxPercent),
    ni: String(policy.nationalInsurancePercent),
    pension: String(policy.pensionPercent),
    hours: String(policy.contractedHoursPerWeek),
  });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: unknown) => apiSend('PUT', '/api/finance/payroll/policy', body),
    onSuccess: () =>
      toast({ title: 'Payroll policy saved', description: 'It applies to periods processed from now on.' }),
    onError: (failure) => {
      if (!handleUnauthorized(failure)) setError(errorReason(failure));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/finance/payroll/policy'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = {
      mileagePencePerMile: whole(fields.mileage, 500),
      taxPercent: whole(fields.tax, 100),
      nationalInsurancePercent: whole(fields.ni, 100),
      pensionPercent: whole(fields.pension, 100),
      contractedHoursPerWeek: whole(fields.hours, 80),
    };
    if (Object.values(values).some((value) => value === null))
      return setError('Enter whole numbers: pence a mile up to 500, percentages up to 100, hours up to 80.');
    setError(null);
    save.mutate({ travelPaid, ...values });
  };
  const field = (key: keyof typeof fields, label: string) => (
    <div className="finance-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="input"
        inputMode="numeric"
        value={fields[key]}
        onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
      />
    </div>
  );
  return (
    <form className="payroll-settings-form" onSubmit={submit} noValidate>
      <label className="payroll-checkbox">
        <input type="checkbox" checked={travelPaid} onChange={(event) => setTravelPaid(event.target.checked)} /> Pay
        travel time between visits
      </label>
      {field('hours', 'Contracted hours a week')}
      {field('mileage', 'Mileage (pence a mile)')}
      {field('tax', 'Tax estimate (%)')}
      {field('ni', 'National Insurance estimate (%)')}
      {field('pension', 'Pension estimate (%)')}
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        Save Policy
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function LivingWage({ policy }: { policy: PayrollPolicyView }) {
  const id = useId();
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [rate, setRate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useFinanceCommand<{ effectiveFrom: string; hourlyPence: number }>(
    () => '/api/finance/payroll/living-wage',
    (input) => input,
    'National Living Wage rate added',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = poundsToPence(rate);
    if (effectiveFrom === '' || pence === null || pence === 0)
      return setError('Enter the date it applies from and the hourly rate, for example 12.71');
    setError(null);
    add.mutate({ effectiveFrom, hourlyPence: pence }, { onSuccess: () => setRate('') });
  };
  return (
    <div className="payroll-living-wage">
      <h3 className="payroll-subtitle">National Living Wage (21 and over)</h3>
      <ul data-testid="living-wage-rates">
        {policy.livingWage.map((entry) => (
          <li key={entry.effectiveFrom}>
            {formatPence(entry.hourlyPence)} an hour from {formatDate(entry.effectiveFrom)}
          </li>
        ))}
      </ul>
      <form className="payroll-settings-form" onSubmit={submit} noValidate>
        <div className="finance-field">
          <label htmlFor={`${id}-from`}>Rate applies from</label>
          <DateInput
            id={`${id}-from`}
            value={effectiveFrom}
            onChange={(event) => setEffectiveFrom(event.target.value)}
          />
        </div>
        <div className="finance-field">
          <label htmlFor={`${id}-rate`}>Hourly rate (£)</label>
          <input
            id={`${id}-rate`}
            className="input"
            inputMode="decimal"
            value={rate}
            onChange={(event) => setRate(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-secondary" disabled={add.isPending}>
          Add Rate
        </button>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
