import {
  INVOICE_STATUSES,
  isDraftInvoice,
  isTimedInvoiceLine,
  type InvoiceStatus,
  type InvoiceView,
  type SendInvoiceReply,
} from '@care/events';
import { Fragment, useState } from 'react';
import { formatDate, formatDuration } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { INVOICES_PATH, invoicePdfPath, useFinanceCommand } from './finance-api';
import { BankHolidaysCard } from './bank-holidays-card';
import { ClientFundingCard } from './client-funding-card';
import { FundersCard } from './funders-card';
import { InvoiceDraftForm } from './invoice-draft-form';
import { CreateInvoices, CreditNoteForm, PaymentForm } from './invoice-forms';
import { formatPence } from './money';

const STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  paid: 'Paid',
  overdue: 'Overdue',
};
const hours = (minutes: number) => formatDuration(minutes);

/** Invoicing & Billing: Create Invoice (from a period's completed visits), the list with service lines, Edit while draft, Send, Download, payments. */
export function InvoicingTab({ canManage }: { canManage: boolean }) {
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const invoices = usePagedList<InvoiceView>(INVOICES_PATH, { status: status || undefined });
  const rows = invoices.items;

  return (
    <div className="finance-invoicing">
      {canManage && <CreateInvoices />}
      <div className="card">
        <div className="finance-list-header">
          <h2 className="card-title">Invoices</h2>
          <label className="finance-filter">
            Status
            <select
              className="input"
              value={status}
              onChange={(event) => setStatus(event.target.value as InvoiceStatus | '')}
            >
              <option value="">All statuses</option>
              {INVOICE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {invoices.isPending ? (
          <ListLoading what="invoices" />
        ) : invoices.isError ? (
          <ListLoadError what="invoices" error={invoices.error} onRetry={() => void invoices.refetch()} />
        ) : rows.length === 0 ? (
          <p className="empty-hint">
            {status === ''
              ? "No invoices yet. Create Invoice makes them from a period's completed visits."
              : `No ${STATUS_LABELS[status].toLowerCase()} invoices.`}
          </p>
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
                        <span className={`badge finance-status-${invoice.status}`}>
                          {STATUS_LABELS[invoice.status]}
                        </span>
                      </td>
                      <td className="finance-actions">
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          aria-expanded={open === invoice.id}
                          onClick={() => setOpen(open === invoice.id ? null : invoice.id)}
                        >
                          View<span className="sr-only"> {invoice.number}</span>
                        </button>
                        {canManage && isDraftInvoice(invoice) && (
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            aria-expanded={editing === invoice.id}
                            onClick={() => setEditing(editing === invoice.id ? null : invoice.id)}
                          >
                            Edit<span className="sr-only"> {invoice.number}</span>
                          </button>
                        )}
                        {canManage && <SendButton invoice={invoice} />}
                        <a className="button button-secondary button-small" href={invoicePdfPath(invoice)} download>
                          Download<span className="sr-only"> {invoice.number}</span>
                        </a>
                      </td>
                    </tr>
                    {editing === invoice.id && isDraftInvoice(invoice) && (
                      <tr className="finance-detail-row">
                        <td colSpan={8}>
                          <InvoiceDraftForm invoice={invoice} onDone={() => setEditing(null)} />
                        </td>
                      </tr>
                    )}
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
        <LoadMore
          shown={rows.length}
          total={invoices.total}
          hasMore={invoices.hasNextPage}
          loading={invoices.isFetchingNextPage}
          onLoadMore={() => void invoices.fetchNextPage()}
        />
      </div>
      {/* What invoices are made from: who pays, at what rates, on which days. */}
      <FundersCard canManage={canManage} />
      <ClientFundingCard canManage={canManage} />
      <BankHolidaysCard canManage={canManage} />
    </div>
  );
}

/**
 * Send: downloads the PDF, and mails it to the funder's invoice address (the list then shows it as processing); a
 * funder without one: the downloaded PDF is sent by hand, and the toast says so.
 */
function SendButton({ invoice }: { invoice: InvoiceView }) {
  const send = useFinanceCommand<InvoiceView, SendInvoiceReply>(
    (sent) => `/api/finance/invoices/${encodeURIComponent(sent.id)}/sent`,
    () => ({}),
    (reply) =>
      reply.sentTo
        ? { title: `Invoice ${invoice.number} sent`, description: `Emailed to ${reply.sentTo}, with its PDF.` }
        : {
            title: `Invoice ${invoice.number} sent`,
            description: `${invoice.funderName ?? 'This funder'} has no invoice email: send the downloaded PDF by hand.`,
          },
  );
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
              <td>{isTimedInvoiceLine(line) ? hours(line.minutes) : '–'}</td>
              <td>{isTimedInvoiceLine(line) ? `${formatPence(line.hourlyRatePence)}/h` : '–'}</td>
              <td>{formatPence(line.amountPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {invoice.purchaseOrder && <p>Purchase order {invoice.purchaseOrder}</p>}
      {invoice.notes && <p className="small">{invoice.notes}</p>}
      <p>
        Issued {formatDate(invoice.issuedOn)}, due {formatDate(invoice.dueOn)}. Paid {formatPence(invoice.paidPence)}
        {invoice.creditedPence > 0 ? `, credited ${formatPence(invoice.creditedPence)}` : ''}.
      </p>
      {canManage && invoice.outstandingPence > 0 && <PaymentForm invoice={invoice} />}
      {canManage && invoice.outstandingPence > 0 && <CreditNoteForm invoice={invoice} />}
    </div>
  );
}
