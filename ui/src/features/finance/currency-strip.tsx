import {
  FOREIGN_CURRENCIES,
  decimalToMicros,
  microsToDecimal,
  type ExchangeRatesReply,
  type ForeignCurrency,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DateInput } from '../../shared/date-fields/date-input';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { FormDialog } from '../../shared/form-dialog';
import { formatDate } from '../../shared/format';
import { useFinanceCommand } from './finance-api';

const dateTime = (instant: string) =>
  new Date(instant).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

/** The currency strip: GBP (primary) and the rates an administrator set, with when and by whom; never "live". */
export function CurrencyStrip({ rates, failed }: { rates: ExchangeRatesReply | undefined; failed: boolean }) {
  const current = rates?.current ?? null;
  return (
    <div className="card finance-currency-strip" data-testid="currency-strip">
      <ul aria-label="Currencies">
        <li>
          <strong>GBP</strong> <span className="finance-currency-note">Primary</span>
        </li>
        {FOREIGN_CURRENCIES.map((currency) => (
          <li key={currency} data-testid={`rate-${currency}`}>
            <strong>{currency}</strong> {current ? microsToDecimal(current.rates[currency]) : '–'}
          </li>
        ))}
      </ul>
      <p className="finance-currency-note" data-testid="rates-note">
        {failed
          ? 'Exchange rates could not be loaded.'
          : rates === undefined
            ? 'Loading exchange rates…'
            : current
              ? `Rates for 1 GBP set by ${current.setByName ?? 'an administrator'} on ${dateTime(current.setAt)}, in force from ${formatDate(current.effectiveOn)}. Set by hand, not live rates.`
              : 'No exchange rates set yet: an administrator sets them with Currency Exchange.'}
      </p>
    </div>
  );
}

/** The latest settings, newest first: who changed the rates and when stays visible after a new setting. */
function RatesHistory({ history }: { history: ExchangeRatesReply['history'] }) {
  return (
    <div className="finance-rates-history">
      <h3>Rates set</h3>
      <ul data-testid="rates-history">
        {history.map((entry) => (
          <li key={entry.setAt}>
            From {formatDate(entry.effectiveOn)}:{' '}
            {FOREIGN_CURRENCIES.map((currency) => `${currency} ${microsToDecimal(entry.rates[currency])}`).join(', ')}.
            Set by {entry.setByName ?? 'an administrator'} on {dateTime(entry.setAt)}.
          </li>
        ))}
      </ul>
    </div>
  );
}

type RateFields = 'effectiveOn' | ForeignCurrency;
const FIELDS: readonly RateFields[] = ['effectiveOn', ...FOREIGN_CURRENCIES];

/** Currency Exchange: an admin types today's rates (units per 1 GBP). */
export function CurrencyExchangeDialog({
  open,
  onOpenChange,
  rates,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rates: ExchangeRatesReply | undefined;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Currency Exchange" size="small">
      <RatesForm onDone={() => onOpenChange(false)} current={rates?.current ?? null} />
      {rates && rates.history.length > 0 && <RatesHistory history={rates.history.slice(0, 5)} />}
    </FormDialog>
  );
}

function RatesForm({ onDone, current }: { onDone: () => void; current: ExchangeRatesReply['current'] }) {
  const id = useId();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const [values, setValues] = useState<Record<RateFields, string>>({
    effectiveOn: today,
    USD: current ? microsToDecimal(current.rates.USD) : '',
    EUR: current ? microsToDecimal(current.rates.EUR) : '',
    CAD: current ? microsToDecimal(current.rates.CAD) : '',
    AUD: current ? microsToDecimal(current.rates.AUD) : '',
  });
  const [errors, setErrors] = useState<Partial<Record<RateFields, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const save = useFinanceCommand<Record<RateFields, string>>(
    () => '/api/finance/exchange-rates',
    (input) => ({
      effectiveOn: input.effectiveOn,
      rates: { USD: input.USD, EUR: input.EUR, CAD: input.CAD, AUD: input.AUD },
    }),
    'Exchange rates saved',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<RateFields, string>> = {};
    if (!values.effectiveOn) found.effectiveOn = 'Date is required';
    for (const currency of FOREIGN_CURRENCIES) {
      const micros = decimalToMicros(values[currency]);
      if (micros === null || micros === 0)
        found[currency] = `${currency} rate must be a number above 0 with at most 6 decimals`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        const placed = serverFormErrors(error, FIELDS);
        setErrors(placed.fieldErrors);
        setFormError(placed.formError);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="currency-exchange-form">
      <p className="page-subtitle">
        Units of each currency for 1 GBP. The finance screen shows them with your name and the time you set them.
      </p>
      <div className="form-grid">
        <Field id={`${id}-date`} label="In force from" required error={errors.effectiveOn}>
          <DateInput
            id={`${id}-date`}
            value={values.effectiveOn}
            onChange={(event) => setValues({ ...values, effectiveOn: event.target.value })}
            {...fieldAria(`${id}-date`, errors.effectiveOn)}
          />
        </Field>
        {FOREIGN_CURRENCIES.map((currency) => (
          <Field
            key={currency}
            id={`${id}-${currency}`}
            label={`${currency} per GBP`}
            required
            error={errors[currency]}
          >
            <input
              id={`${id}-${currency}`}
              className="input"
              inputMode="decimal"
              value={values[currency]}
              onChange={(event) => setValues({ ...values, [currency]: event.target.value })}
              {...fieldAria(`${id}-${currency}`, errors[currency])}
            />
          </Field>
        ))}
      </div>
      <DialogFormFooter formError={formError} submitLabel="Save Rates" disabled={save.isPending} />
    </form>
  );
}
