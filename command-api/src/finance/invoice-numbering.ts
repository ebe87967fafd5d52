import { invoiceNumberStreamId, WrongExpectedRevisionError, type EventStore, type FinanceSliceEvent } from '@care/events';
import type { CommandContext } from '../shared/actor';
import { appendEvents, loadStream } from '../shared/event-stream';
import { decideNextInvoiceNumber, evolveInvoiceNumbers, initialInvoiceNumberState, type InvoiceNumberState } from './invoice-numbers';

type NumberEvent = Extract<FinanceSliceEvent, { type: 'InvoiceNumberAssigned' }>;
/** Enough for dozens of simultaneous runs; past it the request fails loudly rather than loop. */
const MAX_ATTEMPTS = 50;

/**
 * Takes the next INV-<year>-<n> for `invoiceId`: reads the year's number stream, appends the next number with the
 * stream's expected revision, and on a lost race reads again and takes the following one. Gapless: a number is
 * only ever the previous one plus one, and each is taken exactly once.
 */
export async function takeInvoiceNumber(store: EventStore, year: number, invoiceId: string, context: CommandContext): Promise<string> {
  const streamId = invoiceNumberStreamId(year);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const loaded = await loadStream<NumberEvent, InvoiceNumberState>(store, streamId, evolveInvoiceNumbers, initialInvoiceNumberState);
    const { event, number } = decideNextInvoiceNumber(loaded.state, year, invoiceId);
    try {
      await appendEvents(store, streamId, [event], loaded.revision, context);
      return number;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  throw new Error(`Could not take an invoice number for ${year} after ${MAX_ATTEMPTS} attempts`);
}
