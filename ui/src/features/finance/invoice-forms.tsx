import { useId, useState, type FormEvent } from 'react';
import type { InvoiceView } from '@care/events';
import { DateInput } from '../../shared/date-fields/date-input';
import { useFinanceCommand } from './finance-api';
import { poundsToPence } from './money';

export function PaymentForm({ invoice }: { invoice: InvoiceView }) {
  const [amount, setAmount] = useState('');
  const id = useId();
  const [receivedOn, setReceivedOn] = useState(new Date().toISOString().slice(0, 10));
  const [error, setError] = useState<string | null>(null);
  const pay = useFinanceCommand<{ amountPence: number; receivedOn: string }>(
    () => `/api/finance/invoices/${encodeURIComponent(invoice.id)}/payments`,
    (input) => input,
    'Payment recorded',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = poundsToPence(amount);
    if (pence === null || pence === 0) return setError('Enter an amount in pounds, for example 120.50');
    setError(null);
    pay.mutate({ amountPence: pence, receivedOn }, { onSuccess: () => setAmount('') });
  };
  return (
    <form className="finance-payment" onSubmit={submit} noValidate>
      <label>
        Payment amount (£)
        <input
          className="input"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? `pay-error-${invoice.id}` : undefined}
        />
      </label>
      <div className="finance-field">
        <label htmlFor={`${id}-received`}>Received on</label>
        <DateInput id={`${id}-received`} value={receivedOn} onChange={(event) => setReceivedOn(event.target.value)} />
      </div>
      <button type="submit" className="button button-primary button-small" disabled={pay.isPending}>
        Record Payment
      </button>
      {error && (
        <p className="field-error" id={`pay-error-${invoice.id}`} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** Create Invoice: every client's completed visits in the period, one invoice per funder. */
export function CreateInvoices() {
  const id = useId();
  const lastMonth = lastMonthRange();
  const [periodStart, setPeriodStart] = useState(lastMonth.start);
  const [periodEnd, setPeriodEnd] = useState(lastMonth.end);
  const generate = useFinanceCommand<{ periodStart: string; periodEnd: string }, GenerateReply>(
    () => '/api/finance/invoices/generate',
    (input) => input,
    generatedToast,
  );
  return (
    <form
      className="card finance-generate"
      onSubmit={(event) => {
        event.preventDefault();
        generate.mutate({ periodStart, periodEnd });
      }}
    >
      <h2 className="card-title">Create Invoice</h2>
      <p className="page-subtitle">
        From the completed visits of the period, at each funder's rate in force on the visit's day.
      </p>
      <div className="finance-generate-fields">
        <div className="finance-field">
          <label htmlFor={`${id}-start`}>Period start</label>
          <DateInput
            id={`${id}-start`}
            value={periodStart}
            onChange={(event) => setPeriodStart(event.target.value)}
            required
          />
        </div>
        <div className="finance-field">
          <label htmlFor={`${id}-end`}>Period end</label>
          <DateInput
            id={`${id}-end`}
            value={periodEnd}
            onChange={(event) => setPeriodEnd(event.target.value)}
            required
          />
        </div>
        <button type="submit" className="button button-primary" disabled={generate.isPending}>
          Create Invoice
        </button>
      </div>
    </form>
  );
}

function lastMonthRange(): { start: string; end: string } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

interface GenerateReply {
  invoices: { number: string }[];
  problems: { message: string }[];
}

/** Says what was made, and what could not be invoiced (no funding, no rate in force) rather than hiding it. */
function generatedToast(reply: GenerateReply): { title: string; description?: string } {
  const made = reply.invoices.length;
  const title = made === 0 ? 'No new invoices' : `${made} ${made === 1 ? 'invoice' : 'invoices'} created`;
  const problems = [...new Set(reply.problems.map((problem) => problem.message))];
  if (problems.length > 0) return { title, description: `Not invoiced: ${problems.join('; ')}` };
  return made === 0 ? { title, description: 'Every completed visit of the period is already invoiced.' } : { title };
}

/** A correction is a credit note that references the invoice (an issued invoice is never edited). */
export function CreditNoteForm({ invoice }: { invoice: InvoiceView }) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const credit = useFinanceCommand<{ amountPence: number; reason: string }>(
    () => `/api/finance/invoices/${encodeURIComponent(invoice.id)}/credit-notes`,
    (input) => input,
    'Credit note issued',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = poundsToPence(amount);
    if (pence === null || pence === 0) return setError('Enter an amount in pounds, for example 12.00');
    if (reason.trim() === '') return setError('Reason is required');
    setError(null);
    credit.mutate(
      { amountPence: pence, reason },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
        },
      },
    );
  };
  return (
    <form className="finance-payment" onSubmit={submit} noValidate>
      <div className="finance-field">
        <label htmlFor={`${id}-amount`}>Credit note amount (£)</label>
        <input
          className="input"
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <div className="finance-field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <input
          className="input"
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <button type="submit" className="button button-secondary button-small" disabled={credit.isPending}>
        Issue Credit Note
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
