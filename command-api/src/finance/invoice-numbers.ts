import { formatInvoiceNumber, type FinanceSliceEvent } from '@care/events';

type NumberEvent = Extract<FinanceSliceEvent, { type: 'InvoiceNumberAssigned' }>;

/**
 * Gapless invoice numbers, INV-<year>-<n>. Chosen: one event stream per year (`invoice-numbers-<year>`), each
 * number appended with the stream's expected revision. Of two runs taking the next number at once exactly one
 * append succeeds; the other gets WrongExpectedRevision, reloads and takes the following number. The number is
 * taken before the invoice is issued, in the same command, and the store has no PostgreSQL-only counter to keep
 * in step with the event log (the log stays the single source of truth, and the audit sees who took which number).
 */
export interface InvoiceNumberState {
  readonly last: number;
}
export const initialInvoiceNumberState: InvoiceNumberState = { last: 0 };

export function evolveInvoiceNumbers(state: InvoiceNumberState, event: NumberEvent): InvoiceNumberState {
  return { last: Math.max(state.last, event.data.sequence) };
}

export function decideNextInvoiceNumber(
  state: InvoiceNumberState,
  year: number,
  invoiceId: string,
): { event: NumberEvent; number: string } {
  const sequence = state.last + 1;
  return {
    event: { type: 'InvoiceNumberAssigned', data: { year, sequence, invoiceId } },
    number: formatInvoiceNumber(year, sequence),
  };
}
