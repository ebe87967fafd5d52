import { formatPoundsLimit, outstandingPence, type InvoiceCharge, type InvoiceEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';

export type InvoiceState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly clientId: string;
      readonly issuedOn: string;
      readonly dueOn: string;
      /** The lines made from the record (visits, mileage, adjustments): a draft's edit never changes them. */
      readonly recordPence: number;
      readonly totalPence: number;
      readonly paidPence: number;
      readonly creditedPence: number;
      readonly sent: boolean;
    };

export const initialInvoiceState: InvoiceState = { exists: false };

export function evolveInvoice(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  switch (event.type) {
    case 'InvoiceIssued': {
      const recordPence = event.data.lines
        .filter((line) => line.kind !== 'charge')
        .reduce((sum, line) => sum + line.amountPence, 0);
      return {
        exists: true,
        clientId: event.data.clientId,
        issuedOn: event.data.issuedOn,
        dueOn: event.data.dueOn,
        recordPence,
        totalPence: event.data.totalPence,
        paidPence: 0,
        creditedPence: 0,
        sent: false,
      };
    }
    case 'InvoiceDraftEdited':
      return state.exists ? { ...state, dueOn: event.data.dueOn, totalPence: event.data.totalPence } : state;
    case 'InvoiceSent':
      return state.exists ? { ...state, sent: true } : state;
    case 'InvoicePaymentRecorded':
      return state.exists ? { ...state, paidPence: state.paidPence + event.data.amountPence } : state;
    case 'CreditNoteIssued':
      return state.exists ? { ...state, creditedPence: state.creditedPence + event.data.amountPence } : state;
    default:
      return assertNever(event);
  }
}

export type InvoiceCommand =
  | { readonly type: 'IssueInvoice'; readonly issued: Extract<InvoiceEvent, { type: 'InvoiceIssued' }>['data'] }
  | {
      readonly type: 'EditInvoiceDraft';
      readonly invoiceId: string;
      /** undefined: unchanged. */
      readonly dueOn: string | undefined;
      readonly purchaseOrder: string | null;
      readonly notes: string | null;
      readonly charges: readonly InvoiceCharge[];
    }
  | { readonly type: 'SendInvoice'; readonly invoiceId: string; readonly sentTo: string | null }
  | {
      readonly type: 'RecordPayment';
      readonly invoiceId: string;
      readonly paymentId: string;
      readonly amountPence: number;
      readonly receivedOn: string;
      readonly method: Extract<InvoiceEvent, { type: 'InvoicePaymentRecorded' }>['data']['method'];
      readonly reference: string | null;
    }
  | {
      readonly type: 'IssueCreditNote';
      readonly invoiceId: string;
      readonly creditNoteId: string;
      readonly amountPence: number;
      readonly issuedOn: string;
      readonly reason: string;
    };

export const INVOICE_NOT_FOUND = 'Invoice not found';
const owedText = formatPoundsLimit;

/**
 * The invoice's rules: a draft's terms may be edited until it is sent, paid or credited, its visit lines never;
 * payments and credit notes never take it below nothing owed.
 */
export function decideInvoice(command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] {
  if (command.type === 'IssueInvoice') {
    if (state.exists) throw new DomainError('conflict', 'Invoice already issued');
    const sum = command.issued.lines.reduce((total, line) => total + line.amountPence, 0);
    // The total is the lines' sum to the penny: a mismatch is a bug in generation, refused rather than stored.
    if (sum !== command.issued.totalPence) throw new DomainError('invalid', 'Invoice total does not match its lines');
    return [{ type: 'InvoiceIssued', data: command.issued }];
  }
  if (!state.exists) throw new DomainError('not_found', INVOICE_NOT_FOUND);
  const owed = outstandingPence(state);
  switch (command.type) {
    case 'EditInvoiceDraft': {
      // Once the funder has it, or money moved against it, the invoice stands as it is: corrections are credit notes.
      if (state.sent) throw new DomainError('conflict', 'This invoice was sent: correct it with a credit note');
      if (state.paidPence > 0 || state.creditedPence > 0)
        throw new DomainError('conflict', 'This invoice has payments or credit notes: correct it with a credit note');
      const dueOn = command.dueOn ?? state.dueOn;
      if (dueOn < state.issuedOn)
        throw new DomainError('invalid', 'The due date cannot be before the invoice date', 'dueOn');
      const { invoiceId, purchaseOrder, notes } = command;
      const charges = [...command.charges];
      const totalPence = state.recordPence + charges.reduce((sum, charge) => sum + charge.amountPence, 0);
      return [
        {
          type: 'InvoiceDraftEdited',
          data: { invoiceId, clientId: state.clientId, dueOn, purchaseOrder, notes, charges, totalPence },
        },
      ];
    }
    case 'SendInvoice':
      // Sending again (a reminder) is recorded too: who was sent what and when is part of chasing a debt.
      return [
        {
          type: 'InvoiceSent',
          data: { invoiceId: command.invoiceId, clientId: state.clientId, sentTo: command.sentTo },
        },
      ];
    case 'RecordPayment': {
      if (owed === 0) throw new DomainError('conflict', 'This invoice is already paid in full', 'amountPence');
      if (command.amountPence > owed) {
        throw new DomainError('invalid', `The payment is more than the ${owedText(owed)} still owed`, 'amountPence');
      }
      const { invoiceId, paymentId, amountPence, receivedOn, method, reference } = command;
      return [
        {
          type: 'InvoicePaymentRecorded',
          data: { invoiceId, paymentId, clientId: state.clientId, amountPence, receivedOn, method, reference },
        },
      ];
    }
    case 'IssueCreditNote': {
      if (command.amountPence > owed) {
        throw new DomainError(
          'invalid',
          `A credit note cannot be more than the ${owedText(owed)} still owed`,
          'amountPence',
        );
      }
      const { invoiceId, creditNoteId, amountPence, issuedOn, reason } = command;
      return [
        {
          type: 'CreditNoteIssued',
          data: { invoiceId, creditNoteId, clientId: state.clientId, amountPence, issuedOn, reason },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}
