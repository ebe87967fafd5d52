import { formatPoundsLimit, londonToday, ukDate } from '@care/events';
import { invoicesById, overdueInvoices, type OverdueInvoiceFact } from '@care/projector/rule-facts';
import type { AlertRule } from './rule';

/** An unpaid invoice past its due date: one alert per invoice, cleared when it is paid or credited. */
export const invoiceOverdue: AlertRule<OverdueInvoiceFact> = {
  name: 'invoice-overdue',
  severity: 'medium',
  summary: 'An invoice still has money owed after its due date. Cleared when payments and credit notes settle it.',
  reads: ['finance'],
  watches: ['InvoiceIssued', 'InvoiceDraftEdited', 'InvoicePaymentRecorded', 'CreditNoteIssued'],
  facts: (db, now) => overdueInvoices(db, londonToday(now)),
  holds: (facts) =>
    facts.map((fact) => ({
      subject: fact.id,
      title: 'Invoice overdue',
      description: `Invoice ${fact.number}${fact.funderName ? ` to ${fact.funderName}` : ''}${fact.clientName ? ` for ${fact.clientName}'s care` : ''} was due on ${ukDate(fact.dueOn)} and ${formatPoundsLimit(fact.outstandingPence)} is still unpaid.`,
      relatedKind: 'invoice',
      relatedId: fact.id,
      carerId: null,
      clientId: fact.clientId,
      appointmentId: null,
      actionRequired: 'Chase the payment with the funder, or record the payment or a credit note',
      dueDate: `${fact.dueOn}T23:59:59.000Z`,
    })),
  async whyCleared(db, subjects) {
    const invoices = await invoicesById(db, subjects);
    return subjects.map((subject) => {
      const invoice = invoices.find((fact) => fact.id === subject);
      return {
        subject,
        note:
          invoice && invoice.outstandingPence <= 0
            ? `Invoice ${invoice.number} is settled`
            : 'The invoice no longer shows as overdue',
      };
    });
  },
};
