import {
  invoiceNumberStreamId,
  WrongExpectedRevisionError,
  type EventStore,
  type FinanceSliceEvent,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import { appendEvents, loadStream } from '../shared/event-stream';
import {
  decideNextInvoiceNumber,
  evolveInvoiceNumbers,
  initialInvoiceNumberState,
  type InvoiceNumberState,
} from './invoice-numbers';

type NumberEvent = Extract<FinanceSliceEvent, { type: 'InvoiceNumberAssigned' }>;
/** Enough for dozens of simultaneous runs; past it the request fails loudly rather than loop. */
const MAX_ATTEMPTS = 50;

/**
 * Takes the next INV-<year>-<n> for an invoice: appends the next number to the year's number stream with the
 * stream's expected revision, and on a lost race reads again and takes the following one. Gapless: a number is only
 * ever the previous one plus one, and each is taken exactly once. One numberer serves a whole generation run: it
 * keeps the stream's state between numbers and reads it again only after losing a race, so a run's k-th number
 * does not re-read the k-1 before it (and a year's numbers cost linear, not quadratic, reads).
 */
export class InvoiceNumberer {
  private readonly known = new Map<number, { state: InvoiceNumberState; revision: bigint | 'no_stream' }>();

  constructor(
    private readonly store: EventStore,
    private readonly context: CommandContext,
  ) {}

  async take(year: number, invoiceId: string): Promise<string> {
    const streamId = invoiceNumberStreamId(year);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const current = this.known.get(year) ?? (await this.load(year));
      const { event, number } = decideNextInvoiceNumber(current.state, year, invoiceId);
      try {
        const appended = await appendEvents(this.store, streamId, [event], current.revision, this.context);
        this.known.set(year, {
          state: evolveInvoiceNumbers(current.state, event),
          revision: appended.nextExpectedRevision,
        });
        return number;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        this.known.delete(year);
      }
    }
    throw new Error(`Could not take an invoice number for ${year} after ${MAX_ATTEMPTS} attempts`);
  }

  private async load(year: number) {
    const loaded = await loadStream<NumberEvent, InvoiceNumberState>(
      this.store,
      invoiceNumberStreamId(year),
      evolveInvoiceNumbers,
      initialInvoiceNumberState,
    );
    return { state: loaded.state, revision: loaded.revision };
  }
}
