import {
  invoiceStatus,
  outstandingPence,
  type InvoiceDetailView,
  type InvoiceEvent,
  type InvoiceLine,
  type RecordedEvent,
} from '@care/events';

/** Names the invoice's PDF prints, from their own streams. */
export interface InvoiceParties {
  readonly clientName: string | null;
  readonly funderName: string | null;
}

/**
 * The invoice as its PDF shows it, folded from its own stream: the document mailed on Send is the invoice as it
 * stands at that moment, even when the read model has not yet caught up with an edit made a moment before. The
 * same figures as the read API's (outstanding, derived status). Pure.
 */
export function invoiceDocumentOf(
  events: readonly RecordedEvent<InvoiceEvent>[],
  parties: InvoiceParties,
  today: string,
): InvoiceDetailView | undefined {
  let view: InvoiceDetailView | undefined;
  for (const event of events) {
    if (event.type === 'InvoiceIssued') {
      const d = event.data;
      view = {
        id: d.invoiceId,
        number: d.number,
        clientId: d.clientId,
        clientName: parties.clientName,
        funderId: d.funderId,
        funderName: parties.funderName,
        sharePercent: d.sharePercent,
        periodStart: d.periodStart,
        periodEnd: d.periodEnd,
        issuedOn: d.issuedOn,
        dueOn: d.dueOn,
        totalPence: d.totalPence,
        paidPence: 0,
        creditedPence: 0,
        outstandingPence: d.totalPence,
        status: 'pending',
        sentAt: null,
        sentTo: null,
        purchaseOrder: null,
        notes: null,
        revision: String(event.revision),
        lines: d.lines,
        payments: [],
        creditNotes: [],
      };
      continue;
    }
    if (!view) continue;
    switch (event.type) {
      case 'InvoiceDraftEdited': {
        const { dueOn, purchaseOrder, notes, charges, totalPence } = event.data;
        const added = charges.map(
          (charge): InvoiceLine => ({
            appointmentId: null,
            date: charge.date,
            description: charge.description,
            minutes: 0,
            hourlyRatePence: 0,
            amountPence: charge.amountPence,
            kind: 'charge',
          }),
        );
        view = {
          ...view,
          dueOn,
          purchaseOrder,
          notes,
          totalPence,
          lines: [...view.lines.filter((line) => line.kind !== 'charge'), ...added],
        };
        break;
      }
      case 'InvoiceSent':
        view = { ...view, sentAt: event.metadata.occurredAt, sentTo: event.data.sentTo };
        break;
      case 'InvoicePaymentRecorded': {
        const { paymentId, amountPence, receivedOn, method, reference } = event.data;
        view = {
          ...view,
          paidPence: view.paidPence + amountPence,
          payments: [...view.payments, { id: paymentId, amountPence, receivedOn, method, reference }],
        };
        break;
      }
      case 'CreditNoteIssued': {
        const { creditNoteId, amountPence, issuedOn, reason } = event.data;
        view = {
          ...view,
          creditedPence: view.creditedPence + amountPence,
          creditNotes: [...view.creditNotes, { id: creditNoteId, amountPence, issuedOn, reason }],
        };
        break;
      }
    }
    view = { ...view, revision: String(event.revision) };
  }
  if (!view) return undefined;
  const balance = {
    totalPence: view.totalPence,
    paidPence: view.paidPence,
    creditedPence: view.creditedPence,
    sent: view.sentAt !== null,
    dueOn: view.dueOn,
  };
  return { ...view, outstandingPence: outstandingPence(balance), status: invoiceStatus(balance, today) };
}
