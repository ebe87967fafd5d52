import type { InvoiceStatus } from './finance-enums';

export interface InvoiceBalance {
  readonly totalPence: number;
  readonly paidPence: number;
  readonly creditedPence: number;
  readonly sent: boolean;
  readonly dueOn: string;
}

/** What is still owed: total less payments and credit notes (never below zero: decide refuses overpayment). */
export function outstandingPence(invoice: Omit<InvoiceBalance, 'sent' | 'dueOn'>): number {
  return Math.max(0, invoice.totalPence - invoice.paidPence - invoice.creditedPence);
}

/**
 * pending (issued, not yet sent) → processing (sent, or part paid) → paid (nothing owed). Overdue is derived,
 * never recorded: something is still owed and the due date (London) is before today.
 */
export function invoiceStatus(invoice: InvoiceBalance, today: string): InvoiceStatus {
  if (outstandingPence(invoice) === 0) return 'paid';
  if (invoice.dueOn < today) return 'overdue';
  return invoice.sent || invoice.paidPence > 0 ? 'processing' : 'pending';
}

/** Edit while draft: until the invoice is sent, and while nothing was paid or credited against it. */
export function isDraftInvoice(invoice: {
  readonly sentAt: string | null;
  readonly paidPence: number;
  readonly creditedPence: number;
}): boolean {
  return invoice.sentAt === null && invoice.paidPence === 0 && invoice.creditedPence === 0;
}
