import { commandTime } from '@care/events/server';
import { v7 as uuidv7 } from 'uuid';
import {
  addDays,
  BANK_HOLIDAYS_STREAM_ID,
  clientBillingStreamId,
  clientFundingStreamId,
  clientStreamId,
  funderStreamId,
  invoiceStreamId,
  londonToday,
  rateInForce,
  WrongExpectedRevisionError,
  type AddFunderCommandInput,
  type BankHolidayEvent,
  type EditInvoiceDraftCommandInput,
  type EventStore,
  type Position,
  type FinanceSliceEvent,
  type IssueCreditNoteCommandInput,
  type RecordPaymentCommandInput,
  type SetClientFundingCommandInput,
  type SetFunderRateCommandInput,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { assertRecordsExist } from '../shared/record-lookup';
import { evolveLedger, initialLedger, type BillingLedger, type LedgerEvent } from './billing-ledger';
import {
  decideClientFunding,
  evolveFunder,
  evolveFunding,
  initialFunderState,
  initialFundingState,
  type FunderEvent,
  type FunderRate,
  type FunderState,
  type FundingEvent,
  type FundingState,
} from './funding-decide';
import {
  decideInvoice,
  evolveInvoice,
  initialInvoiceState,
  type InvoiceCommand,
  type InvoiceState,
} from './invoice-decide';
import { generateInvoiceDrafts, type GenerationProblem } from './invoice-generation';
import { InvoiceNumberer } from './invoice-numbering';
import {
  bankHolidaysOf,
  decideAddBankHoliday,
  decideRemoveBankHoliday,
  evolveBankHolidays,
  initialBankHolidayState,
  type BankHolidayState,
} from './bank-holiday-decide';
import type { VisitSource } from './visit-source';

type InvoiceEvent = Extract<
  FinanceSliceEvent,
  { type: 'InvoiceIssued' | 'InvoiceSent' | 'InvoicePaymentRecorded' | 'CreditNoteIssued' }
>;

export const FUNDER_NOT_FOUND = 'Funder not found';

export interface GenerationResult {
  readonly invoices: readonly { id: string; number: string; clientId: string; funderId: string; totalPence: number }[];
  readonly problems: readonly (GenerationProblem & { clientId: string })[];
  /** The last event appended (read your writes); undefined when nothing was. */
  readonly position: Position | undefined;
}

/** Runs the finance commands: load the stream(s), decide, append with the expected revision. */
export class FinanceService {
  constructor(
    private readonly store: EventStore,
    private readonly visits: VisitSource,
  ) {}

  async addFunder(input: AddFunderCommandInput, context: CommandContext): Promise<CommandResult> {
    const funderId = uuidv7();
    const events: FunderEvent[] = [
      {
        type: 'FunderAdded',
        data: {
          funderId,
          name: input.name,
          kind: input.kind,
          invoiceEmail: input.invoiceEmail ?? null,
          paymentTermsDays: input.paymentTermsDays,
        },
      },
    ];
    const appended = await appendEvents(this.store, funderStreamId(funderId), events, 'no_stream', context);
    return { id: funderId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async setRate(funderId: string, input: SetFunderRateCommandInput, context: CommandContext): Promise<CommandResult> {
    const streamId = funderStreamId(funderId);
    const loaded = await loadStream<FunderEvent, FunderState>(this.store, streamId, evolveFunder, initialFunderState);
    if (!loaded.state.exists) throw new DomainError('not_found', FUNDER_NOT_FOUND);
    if (input.clientId !== null) {
      await assertRecordsExist(this.store, [
        {
          streamId: clientStreamId(input.clientId),
          removedType: 'ClientRemoved',
          field: 'clientId',
          message: 'Client not found',
        },
      ]);
    }
    const events: FunderEvent[] = [{ type: 'FunderRateSet', data: { funderId, ...input } }];
    const appended = await appendEvents(this.store, streamId, events, loaded.revision, context);
    return { id: funderId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async setClientFunding(
    clientId: string,
    input: SetClientFundingCommandInput,
    context: CommandContext,
  ): Promise<CommandResult> {
    await assertRecordsExist(this.store, [
      {
        streamId: clientStreamId(clientId),
        removedType: 'ClientRemoved',
        field: 'clientId',
        message: 'Client not found',
      },
      ...input.shares.map((share) => ({
        streamId: funderStreamId(share.funderId),
        field: 'shares',
        message: FUNDER_NOT_FOUND,
      })),
    ]);
    const events = decideClientFunding(clientId, input.effectiveFrom, input.shares);
    const streamId = clientFundingStreamId(clientId);
    const loaded = await loadStream<FundingEvent, FundingState>(
      this.store,
      streamId,
      evolveFunding,
      initialFundingState,
    );
    const appended = await appendEvents(this.store, streamId, events, loaded.revision, context);
    return { id: clientId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /**
   * Invoices for every client (or one) with completed visits in the period: one per funder of the client's
   * funding in force at the period's end. Per client the billing ledger is appended first with its expected
   * revision, so a run racing another for the same client is refused (409) instead of charging visits twice.
   */
  async generateInvoices(
    input: { periodStart: string; periodEnd: string; clientId: string | null; issuedOn?: string | undefined },
    context: CommandContext,
  ): Promise<GenerationResult> {
    if (input.periodEnd < input.periodStart)
      throw new DomainError('invalid', 'The period ends before it starts', 'periodEnd');
    const issuedOn = input.issuedOn ?? londonToday(commandTime());
    const visits = await this.visits.completedVisits(input.periodStart, input.periodEnd, input.clientId);
    const byClient = new Map<string, typeof visits>();
    for (const visit of visits) byClient.set(visit.clientId, [...(byClient.get(visit.clientId) ?? []), visit]);
    const funders = new Map<string, FunderState>();
    const funderOf = async (funderId: string): Promise<FunderState> => {
      const known = funders.get(funderId);
      if (known) return known;
      const loaded = await loadStream<FunderEvent, FunderState>(
        this.store,
        funderStreamId(funderId),
        evolveFunder,
        initialFunderState,
      );
      funders.set(funderId, loaded.state);
      return loaded.state;
    };
    const invoices: GenerationResult['invoices'][number][] = [];
    const problems: GenerationResult['problems'][number][] = [];
    const numbers = new InvoiceNumberer(this.store, context);
    const bankHolidays = bankHolidaysOf((await this.loadBankHolidays()).state).map((day) => day.date);
    let position: Position | undefined;
    for (const [clientId, clientVisits] of byClient) {
      const funding = await loadStream<FundingEvent, FundingState>(
        this.store,
        clientFundingStreamId(clientId),
        evolveFunding,
        initialFundingState,
      );
      const inForce = rateInForce(funding.state.records, input.periodEnd);
      if (inForce === null) {
        problems.push({ clientId, funderId: '', date: input.periodEnd, message: 'No funding set for this client' });
        continue;
      }
      const ratesByFunder = new Map<string, readonly FunderRate[]>();
      for (const share of inForce.shares) {
        const funder = await funderOf(share.funderId);
        ratesByFunder.set(share.funderId, funder.exists ? funder.rates : []);
      }
      const ledgerStream = clientBillingStreamId(clientId);
      const ledger = await loadStream<LedgerEvent, BillingLedger>(
        this.store,
        ledgerStream,
        evolveLedger,
        initialLedger,
      );
      const generated = generateInvoiceDrafts({
        clientId,
        visits: clientVisits,
        shares: inForce.shares,
        ratesByFunder,
        alreadyInvoiced: ledger.state,
        bankHolidays,
      });
      problems.push(...generated.problems.map((problem) => ({ ...problem, clientId })));
      if (generated.drafts.length === 0) continue;
      const planned = generated.drafts.map((draft) => ({ draft, invoiceId: uuidv7() }));
      const ledgerEvents: LedgerEvent[] = planned.map(({ draft, invoiceId }) => ({
        type: 'ClientVisitsInvoiced',
        data: {
          clientId,
          invoiceId,
          funderId: draft.funderId,
          charges: draft.lines.flatMap((line) =>
            line.appointmentId === null ? [] : [{ appointmentId: line.appointmentId, amountPence: line.amountPence }],
          ),
        },
      }));
      // Claims the visits; a concurrent run for this client fails here with 409 before taking any number.
      await appendEvents(this.store, ledgerStream, ledgerEvents, ledger.revision, context);
      for (const { draft, invoiceId } of planned) {
        const funder = await funderOf(draft.funderId);
        const number = await numbers.take(Number(issuedOn.slice(0, 4)), invoiceId);
        const events = decideInvoice(
          {
            type: 'IssueInvoice',
            issued: {
              invoiceId,
              number,
              clientId,
              funderId: draft.funderId,
              sharePercent: draft.sharePercent,
              periodStart: input.periodStart,
              periodEnd: input.periodEnd,
              issuedOn,
              dueOn: addDays(issuedOn, funder.exists ? funder.paymentTermsDays : 30),
              lines: draft.lines,
              totalPence: draft.totalPence,
            },
          },
          initialInvoiceState,
        );
        position = (await appendEvents(this.store, invoiceStreamId(invoiceId), events, 'no_stream', context)).position;
        invoices.push({ id: invoiceId, number, clientId, funderId: draft.funderId, totalPence: draft.totalPence });
      }
    }
    return { invoices, problems, position };
  }

  /** Bank holidays as the agency keeps them: the built-in England and Wales days, with the admins' changes. */
  async addBankHoliday(date: string, name: string, context: CommandContext): Promise<CommandResult> {
    const loaded = await this.loadBankHolidays();
    const appended = await appendEvents(
      this.store,
      BANK_HOLIDAYS_STREAM_ID,
      decideAddBankHoliday(loaded.state, date, name),
      loaded.revision,
      context,
    );
    return { id: date, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async removeBankHoliday(date: string, reason: string, context: CommandContext): Promise<CommandResult> {
    const loaded = await this.loadBankHolidays();
    const appended = await appendEvents(
      this.store,
      BANK_HOLIDAYS_STREAM_ID,
      decideRemoveBankHoliday(loaded.state, date, reason),
      loaded.revision,
      context,
    );
    return { id: date, revision: appended.nextExpectedRevision, position: appended.position };
  }

  private loadBankHolidays() {
    return loadStream<BankHolidayEvent, BankHolidayState>(
      this.store,
      BANK_HOLIDAYS_STREAM_ID,
      evolveBankHolidays,
      initialBankHolidayState,
    );
  }

  async recordPayment(
    invoiceId: string,
    input: RecordPaymentCommandInput,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.onInvoice(
      invoiceId,
      { type: 'RecordPayment', invoiceId, paymentId: uuidv7(), ...input, reference: input.reference ?? null },
      context,
    );
  }

  async issueCreditNote(
    invoiceId: string,
    input: IssueCreditNoteCommandInput,
    context: CommandContext,
  ): Promise<CommandResult> {
    return this.onInvoice(
      invoiceId,
      { type: 'IssueCreditNote', invoiceId, creditNoteId: uuidv7(), issuedOn: londonToday(commandTime()), ...input },
      context,
    );
  }

  /** A draft's due date, purchase order, note and hand-added charges; If-Match refuses an edit over someone else's. */
  async editDraft(
    invoiceId: string,
    input: EditInvoiceDraftCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const command = {
      type: 'EditInvoiceDraft' as const,
      invoiceId,
      dueOn: input.dueOn,
      purchaseOrder: input.purchaseOrder ?? null,
      notes: input.notes ?? null,
      charges: input.charges,
    };
    return this.onInvoice(invoiceId, command, context, ifMatch);
  }

  private async onInvoice(
    invoiceId: string,
    command: InvoiceCommand,
    context: CommandContext,
    ifMatch?: bigint,
  ): Promise<CommandResult> {
    const streamId = invoiceStreamId(invoiceId);
    const loaded = await loadStream<InvoiceEvent, InvoiceState>(
      this.store,
      streamId,
      evolveInvoice,
      initialInvoiceState,
    );
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    const events = decideInvoice(command, loaded.state);
    const appended = await appendEvents(this.store, streamId, events, loaded.revision, context);
    return { id: invoiceId, revision: appended.nextExpectedRevision, position: appended.position };
  }
}
