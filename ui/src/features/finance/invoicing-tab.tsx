import { INVOICE_STATUSES, type InvoiceStatus, type InvoiceView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { DateInput } from '../../shared/date-fields/date-input';
import { formatDate } from '../../shared/format';
import { invoicePdfPath, invoicesQuery, useFinanceCommand } from './finance-api';
import { FundersCard } from './funders-card';
import { formatPence, poundsToPence } from './money';

const STATUS_LABELS: Record<InvoiceStatus, string> = { pending: 'Pending', processing: 'Processing', paid: 'Paid', overdue: 'Overdue' };
const hours = (minutes: number) => (minutes / 60).toFixed(2);

/** Invoicing & Billing: Create Invoice (from a period's completed visits), the list with service lines, Send, Download, payments. */
export function InvoicingTab({ canManage }: { canManage: boolean }) {
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [limit, setLimit] = useState(50);
  const [open, setOpen] = useState<string | null>(null);
  const invoices = useQuery(invoicesQuery(status, limit));
  const rows = invoices.data?.items ?? [];
  const total = invoices.data?.total ?? 0;

  return (
    <div className="finance-invoicing">
      {canManage && <CreateInvoices />}
      <FundersCard canManage={canManage} />
      <div className="card">
        <div className="finance-list-header">
          <h2 className="card-title">Invoices</h2>
          <label className="finance-filter">
            Status
            <select className="input" value={status} onChange={(event) => setStatus(event.target.value as InvoiceStatus | '')}>
              <option value="">All</option>
              {INVOICE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {invoices.isPending ? (
          <p>Loading invoices…</p>
        ) : rows.length === 0 ? (
          <p className="empty-hint">No invoices yet. Create Invoice makes them from a period's completed visits.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table" data-testid="invoice-table">
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Client</th>
                  <th scope="col">Funder</th>
                  <th scope="col">Period</th>
                  <th scope="col">Total</th>
                  <th scope="col">Outstanding</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((invoice) => (
                  <Fragment key={invoice.id}>
                    <tr data-testid={`invoice-${invoice.number}`}>
                      <td>{invoice.number}</td>
                      <td>{invoice.clientName ?? '–'}</td>
                      <td>
                        {invoice.funderName ?? '–'}
                        {invoice.sharePercent < 100 ? ` (${invoice.sharePercent}%)` : ''}
                      </td>
                      <td>
                        {formatDate(invoice.periodStart)} – {formatDate(invoice.periodEnd)}
                      </td>
                      <td>{formatPence(invoice.totalPence)}</td>
                      <td>{formatPence(invoice.outstandingPence)}</td>
                      <td>
                        <span className={`badge finance-status-${invoice.status}`}>{STATUS_LABELS[invoice.status]}</span>
                      </td>
                      <td className="finance-actions">
                        <button type="button" className="button button-secondary button-small" aria-expanded={open === invoice.id} onClick={() => setOpen(open === invoice.id ? null : invoice.id)}>
                          View<span className="sr-only"> {invoice.number}</span>
                        </button>
                        {canManage && <SendButton invoice={invoice} />}
                        <a className="button button-secondary button-small" href={invoicePdfPath(invoice)} download>
                          Download<span className="sr-only"> {invoice.number}</span>
                        </a>
                      </td>
                    </tr>
                    {open === invoice.id && (
                      <tr className="finance-detail-row">
                        <td colSpan={8}>
                          <InvoiceDetail invoice={invoice} canManage={canManage} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {rows.length < total && (
          <button type="button" className="button button-secondary" onClick={() => setLimit(limit + 50)}>
            Show more ({rows.length} of {total})
          </button>
        )}
      </div>
    </div>
  );
}

/** Send: downloads the PDF and records that it was sent (the list then shows it as processing). */
function SendButton({ invoice }: { invoice: InvoiceView }) {
  const send = useFinanceCommand<InvoiceView>((sent) => `/api/finance/invoices/${encodeURIComponent(sent.id)}/sent`, () => ({}), `Invoice ${invoice.number} sent`);
  return (
    <button
      type="button"
      className="button button-primary button-small"
      disabled={send.isPending}
      onClick={() => {
        const link = document.createElement('a');
        link.href = invoicePdfPath(invoice);
        link.download = `${invoice.number}.pdf`;
        link.click();
        send.mutate(invoice);
      }}
    >
      Send<span className="sr-only"> {invoice.number}</span>
    </button>
  );
}

function InvoiceDetail({ invoice, canManage }: { invoice: InvoiceView; canManage: boolean }) {
  return (
    <div className="finance-detail">
      <table className="data-table finance-lines">
        <caption className="sr-only">Service lines of {invoice.number}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Service</th>
            <th scope="col">Hours</th>
            <th scope="col">Rate</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            <tr key={`${line.appointmentId ?? 'line'}-${index}`}>
              <td>{formatDate(line.date)}</td>
              <td>{line.description}</td>
              <td>{hours(line.minutes)}</td>
              <td>{formatPence(line.hourlyRatePence)}/h</td>
              <td>{formatPence(line.amountPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Issued {formatDate(invoice.issuedOn)}, due {formatDate(invoice.dueOn)}. Paid {formatPence(invoice.paidPence)}
        {invoice.creditedPence > 0 ? `, credited ${formatPence(invoice.creditedPence)}` : ''}.
      </p>
      {canManage && invoice.outstandingPence > 0 && <PaymentForm invoice={invoice} />}
      {canManage && invoice.outstandingPence > 0 && <CreditNoteForm invoice={invoice} />}
    </div>
  );
}

function PaymentForm({ invoice }: { invoice: InvoiceView }) {
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
        <input className="input" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} aria-invalid={error !== null} aria-describedby={error ? `pay-error-${invoice.id}` : undefined} />
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
function CreateInvoices() {
  const id = useId();
  const lastMonth = lastMonthRange();
  const [periodStart, setPeriodStart] = useState(lastMonth.start);
  const [periodEnd, setPeriodEnd] = useState(lastMonth.end);
  const generate = useFinanceCommand<{ periodStart: string; periodEnd: string }, GenerateReply>(() => '/api/finance/invoices/generate', (input) => input, generatedToast);
  return (
    <form
      className="card finance-generate"
      onSubmit={(event) => {
        event.preventDefault();
        generate.mutate({ periodStart, periodEnd });
      }}
    >
      <h2 className="card-title">Create Invoice</h2>
      <p className="page-subtitle">From the completed visits of the period, at each funder's rate in force on the visit's day.</p>
      <div className="finance-generate-fields">
        <div className="finance-field">
          <label htmlFor={`${id}-start`}>Period start</label>
          <DateInput id={`${id}-start`} value={periodStart} onChange={(event) => setPeriodStart(event.target.value)} required />
        </div>
        <div className="finance-field">
          <label htmlFor={`${id}-end`}>Period end</label>
          <DateInput id={`${id}-end`} value={periodEnd} onChange={(event) => setPeriodEnd(event.target.value)} required />
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
function CreditNoteForm({ invoice }: { invoice: InvoiceView }) {
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
    credit.mutate({ amountPence: pence, reason }, { onSuccess: () => { setAmount(''); setReason(''); } });
  };
  return (
    <form className="finance-payment" onSubmit={submit} noValidate>
      <div className="finance-field">
        <label htmlFor={`${id}-amount`}>Credit note amount (£)</label>
        <input className="input" id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </div>
      <div className="finance-field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <input className="input" id={`${id}-reason`} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
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
