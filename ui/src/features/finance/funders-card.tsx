import {
  FUNDER_KIND_LABELS,
  FUNDER_KINDS,
  rateInForce,
  type BillingDurationBasis,
  type FunderKind,
  type FunderRateView,
  type FunderView,
} from '@care/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiGet } from '../../shared/api';
import { DateInput } from '../../shared/date-fields/date-input';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { clientOptionsQueryOptions } from '../../records/clients/get-client-options';
import { useFinanceCommand } from './finance-api';
import { formatPence, poundsToPence } from './money';

export const fundersQuery = () =>
  queryOptions({ queryKey: ['/api/finance/funders'], queryFn: () => apiGet<FunderView[]>('/api/finance/funders') });
const todayIso = () => new Date().toISOString().slice(0, 10);

/** Funders and their rate in force today; administrators add funders and set rates from a date. */
export function FundersCard({ canManage }: { canManage: boolean }) {
  const funders = useQuery(fundersQuery());
  const list = funders.data ?? [];
  return (
    <section className="card" aria-labelledby="finance-funders-title">
      <h2 className="card-title" id="finance-funders-title">
        Funders and rates
      </h2>
      {funders.isPending ? (
        <ListLoading what="funders" />
      ) : funders.isError ? (
        <ListLoadError what="funders" error={funders.error} onRetry={() => void funders.refetch()} />
      ) : list.length === 0 ? (
        <p className="empty-hint">No funders yet.</p>
      ) : (
        <ul className="finance-outstanding" data-testid="finance-funders">
          {list.map((funder) => {
            const rate = rateInForce(
              funder.rates.filter((entry) => entry.clientId === null),
              todayIso(),
            );
            const agreed = clientRatesInForce(funder.rates, todayIso());
            return (
              <li key={funder.id}>
                <span>
                  <strong>{funder.name}</strong> · {FUNDER_KIND_LABELS[funder.kind]}
                  <span className="small">
                    {' '}
                    · {funder.invoiceEmail ? `invoices to ${funder.invoiceEmail}` : 'invoices sent by hand'}
                  </span>
                </span>
                <span>
                  {rate
                    ? `Weekday ${formatPence(rate.weekdayHourlyPence)}/h, weekend ${formatPence(rate.weekendHourlyPence)}/h, bank holiday ${formatPence(rate.bankHolidayHourlyPence)}/h, from ${formatDate(rate.effectiveFrom)}`
                    : 'No rate in force'}
                </span>
                {rate && <span className="small">{rateTerms(rate)}</span>}
                {agreed.map((clientRate) => (
                  <span key={clientRate.clientId} className="small" data-testid="client-rate">
                    Agreed for {clientRate.clientName}: weekday {formatPence(clientRate.weekdayHourlyPence)}/h, weekend{' '}
                    {formatPence(clientRate.weekendHourlyPence)}/h, bank holiday{' '}
                    {formatPence(clientRate.bankHolidayHourlyPence)}/h, from {formatDate(clientRate.effectiveFrom)}
                  </span>
                ))}
              </li>
            );
          })}
        </ul>
      )}
      {canManage && (
        <div className="finance-forms">
          <AddFunderForm />
          {list.length > 0 && <SetRateForm funders={list} />}
        </div>
      )}
    </section>
  );
}

function AddFunderForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<FunderKind>('local_authority');
  const [invoiceEmail, setInvoiceEmail] = useState('');
  const add = useFinanceCommand<{ name: string; kind: FunderKind; invoiceEmail: string }>(
    () => '/api/finance/funders',
    (input) => input,
    'Funder added',
  );
  return (
    <form
      className="finance-payment"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          { name, kind, invoiceEmail },
          {
            onSuccess: () => {
              setName('');
              setInvoiceEmail('');
            },
          },
        );
      }}
    >
      <div className="finance-field">
        <label htmlFor={`${id}-name`}>Funder name</label>
        <input
          className="input"
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={200}
          required
        />
      </div>
      <div className="finance-field">
        <label htmlFor={`${id}-kind`}>Funder type</label>
        <select
          className="input"
          id={`${id}-kind`}
          value={kind}
          onChange={(event) => setKind(event.target.value as FunderKind)}
        >
          {FUNDER_KINDS.map((value) => (
            <option key={value} value={value}>
              {FUNDER_KIND_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="finance-field">
        <label htmlFor={`${id}-email`}>Invoice email</label>
        <input
          className="input"
          id={`${id}-email`}
          type="email"
          value={invoiceEmail}
          onChange={(event) => setInvoiceEmail(event.target.value)}
          maxLength={254}
          placeholder="Sent by hand when empty"
        />
      </div>
      <button type="submit" className="button button-secondary button-small" disabled={add.isPending}>
        Add Funder
      </button>
    </form>
  );
}

/** Each client's own agreed rate in force on `date`, by client name. */
function clientRatesInForce(rates: readonly FunderRateView[], date: string): FunderRateView[] {
  const clients = [...new Set(rates.flatMap((rate) => (rate.clientId === null ? [] : [rate.clientId])))];
  return clients
    .flatMap(
      (clientId) =>
        rateInForce(
          rates.filter((rate) => rate.clientId === clientId),
          date,
        ) ?? [],
    )
    .sort((a, b) => (a.clientName ?? '').localeCompare(b.clientName ?? '', 'en-GB'));
}

/** The terms beside the hourly rates: what a visit costs at least, how time is rounded, and mileage. */
function rateTerms(rate: FunderRateView): string {
  const basis = rate.durationBasis === 'actual' ? 'time worked' : 'time planned';
  const rounding =
    rate.billingIncrementMinutes === 1
      ? `${basis} to the minute`
      : `${basis} up to the next ${rate.billingIncrementMinutes} minutes`;
  const mileage =
    rate.mileagePencePerMile === 0 ? 'no mileage charge' : `mileage ${formatPence(rate.mileagePencePerMile)} a mile`;
  return `Minimum ${formatPence(rate.minimumChargePence)} a visit, ${rounding}, ${mileage}`;
}

const INCREMENTS = [1, 5, 10, 15, 30, 60] as const;

function SetRateForm({ funders }: { funders: readonly FunderView[] }) {
  const id = useId();
  const [funderId, setFunderId] = useState(funders[0]?.id ?? '');
  const [clientId, setClientId] = useState('');
  const clients = useQuery(clientOptionsQueryOptions);
  const [effectiveFrom, setEffectiveFrom] = useState(todayIso());
  const [amounts, setAmounts] = useState({
    weekday: '',
    weekend: '',
    bankHoliday: '',
    minimum: '0.00',
    mileage: '0.45',
  });
  const [increment, setIncrement] = useState(15);
  const [basis, setBasis] = useState<BillingDurationBasis>('actual');
  const [error, setError] = useState<string | null>(null);
  const setRate = useFinanceCommand<{ funderId: string; body: Record<string, unknown> }>(
    (input) => `/api/finance/funders/${encodeURIComponent(input.funderId)}/rates`,
    (input) => input.body,
    'Rate set',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [weekday, weekend, bankHoliday, minimum, mileage] = [
      amounts.weekday,
      amounts.weekend,
      amounts.bankHoliday,
      amounts.minimum,
      amounts.mileage,
    ].map(poundsToPence);
    if (weekday == null || weekend == null || bankHoliday == null)
      return setError('Enter each hourly rate in pounds, for example 24.50');
    if (minimum == null || mileage == null)
      return setError('Enter the minimum charge and the mileage rate in pounds, for example 0.45');
    setError(null);
    setRate.mutate({
      funderId: funderId || funders[0]!.id,
      body: {
        effectiveFrom,
        weekdayHourlyPence: weekday,
        weekendHourlyPence: weekend,
        bankHolidayHourlyPence: bankHoliday,
        minimumChargePence: minimum,
        billingIncrementMinutes: increment,
        durationBasis: basis,
        mileagePencePerMile: mileage,
        clientId: clientId || null,
      },
    });
  };
  const field = (key: keyof typeof amounts, label: string) => (
    <div className="finance-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        className="input"
        id={`${id}-${key}`}
        inputMode="decimal"
        value={amounts[key]}
        onChange={(event) => setAmounts({ ...amounts, [key]: event.target.value })}
        required
      />
    </div>
  );
  return (
    <form className="finance-payment" onSubmit={submit} noValidate>
      <div className="finance-field">
        <label htmlFor={`${id}-funder`}>Funder</label>
        <select
          className="input"
          id={`${id}-funder`}
          value={funderId}
          onChange={(event) => setFunderId(event.target.value)}
        >
          {funders.map((funder) => (
            <option key={funder.id} value={funder.id}>
              {funder.name}
            </option>
          ))}
        </select>
      </div>
      <div className="finance-field">
        <label htmlFor={`${id}-client`}>For</label>
        <select
          className="input"
          id={`${id}-client`}
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
        >
          <option value="">Every client of the funder</option>
          {(clients.data ?? []).map((client) => (
            <option key={client.id} value={client.id}>
              {client.firstName} {client.lastName} (agreed rate)
            </option>
          ))}
        </select>
      </div>
      <div className="finance-field">
        <label htmlFor={`${id}-from`}>Rate from</label>
        <DateInput id={`${id}-from`} value={effectiveFrom} onChange={(event) => setEffectiveFrom(event.target.value)} />
      </div>
      {field('weekday', 'Weekday £/hour')}
      {field('weekend', 'Weekend £/hour')}
      {field('bankHoliday', 'Bank holiday £/hour')}
      {field('minimum', 'Minimum charge £')}
      <div className="finance-field">
        <label htmlFor={`${id}-increment`}>Round time up to</label>
        <select
          className="input"
          id={`${id}-increment`}
          value={increment}
          onChange={(event) => setIncrement(Number(event.target.value))}
        >
          {INCREMENTS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes === 1 ? 'The minute' : `${minutes} minutes`}
            </option>
          ))}
        </select>
      </div>
      <div className="finance-field">
        <label htmlFor={`${id}-basis`}>Charge for</label>
        <select
          className="input"
          id={`${id}-basis`}
          value={basis}
          onChange={(event) => setBasis(event.target.value as BillingDurationBasis)}
        >
          <option value="actual">Time worked (check-in to check-out)</option>
          <option value="planned">Time planned</option>
        </select>
      </div>
      {field('mileage', 'Mileage £/mile')}
      <button type="submit" className="button button-primary button-small" disabled={setRate.isPending}>
        Set Rate
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
