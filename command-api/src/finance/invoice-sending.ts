import { commandTime } from '@care/events/server';
import type pg from 'pg';
import {
  clientStreamId,
  formatPoundsLimit,
  funderStreamId,
  invoiceStreamId,
  londonToday,
  type EventStore,
  type InvoiceDetailView,
  type InvoiceEvent,
  type RecordedEvent,
  ukDate,
} from '@care/events';
import { evolve as evolveClient, initialClientState, type ClientState } from '../clients/client-state';
import { agencySettings } from '../settings/settings-state';
import { enqueueMail } from '../mail/outbox';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream, readEvents } from '../shared/event-stream';
import { evolveFunder, initialFunderState, type FunderEvent, type FunderState } from './funding-decide';
import { invoiceDocumentOf } from './invoice-document';
import { decideInvoice, evolveInvoice, initialInvoiceState, type InvoiceState } from './invoice-decide';

/**
 * Send: the invoice's PDF (the document Download gives, as the invoice stands now) is mailed to the funder's
 * invoice address, or the one given, through the outbox (delivered by SMTP where it is set up, written as a .eml
 * file otherwise), then InvoiceSent names where it went. The outbox row carries the invoice's data, and the rules
 * process's mail sender renders the PDF from it when it delivers the message. A funder without an address: it is
 * recorded as sent by hand (the browser downloaded the PDF). Sending again is a reminder, and is recorded too.
 */
export async function sendInvoice(
  deps: { readonly store: EventStore; readonly pool: pg.Pool },
  invoiceId: string,
  sentTo: string | null,
  context: CommandContext,
): Promise<CommandResult & { sentTo: string | null }> {
  const streamId = invoiceStreamId(invoiceId);
  const events = (await readEvents(deps.store, streamId)) as RecordedEvent<InvoiceEvent>[];
  const state = events.reduce<InvoiceState>(evolveInvoice, initialInvoiceState);
  decideInvoice({ type: 'SendInvoice', invoiceId, sentTo: null }, state); // refuses an unknown invoice first
  const issued = events.find((event) => event.type === 'InvoiceIssued');
  const funder = issued
    ? (
        await loadStream<FunderEvent, FunderState>(
          deps.store,
          funderStreamId(issued.data.funderId),
          evolveFunder,
          initialFunderState,
        )
      ).state
    : initialFunderState;
  const recipient = sentTo ?? (funder.exists ? funder.invoiceEmail : null);
  if (recipient && issued) {
    const client = (
      await loadStream(
        deps.store,
        clientStreamId(issued.data.clientId),
        evolveClient,
        initialClientState as ClientState,
      )
    ).state;
    const clientName = client.exists ? `${client.profile.firstName} ${client.profile.lastName}` : null;
    const document = invoiceDocumentOf(
      events,
      { clientName, funderName: funder.exists ? funder.name : null },
      londonToday(commandTime()),
    )!;
    const agency = await agencySettings(deps.store);
    await enqueueMail(deps.pool, {
      kind: 'invoice',
      to: recipient,
      subject: `Invoice ${document.number} from ${agency.agencyName ?? 'your care agency'}`,
      text: invoiceMailText(document, agency.agencyName),
      // The PDF is made as the mail is delivered, from the invoice and the agency's details as they are at Send.
      attachments: [
        {
          filename: `${document.number}.pdf`,
          contentType: 'application/pdf',
          document: {
            kind: 'invoice',
            invoice: document,
            agency: {
              agencyName: agency.agencyName,
              agencyAddress: agency.agencyAddress,
              agencyPhone: agency.agencyPhone,
              agencyEmail: agency.agencyEmail,
            },
            funderKind: funder.exists ? funder.kind : null,
          },
        },
      ],
    });
  }
  const decided = decideInvoice({ type: 'SendInvoice', invoiceId, sentTo: recipient }, state);
  const last = events.at(-1);
  const appended = await appendEvents(deps.store, streamId, decided, last ? last.revision : 'no_stream', context);
  return { id: invoiceId, revision: appended.nextExpectedRevision, position: appended.position, sentTo: recipient };
}

function invoiceMailText(invoice: InvoiceDetailView, agencyName: string | null): string {
  const lines = [
    `Dear ${invoice.funderName ?? 'Sir or Madam'},`,
    '',
    `Please find attached invoice ${invoice.number}${invoice.clientName ? ` for ${invoice.clientName}'s care` : ''} from ${ukDate(invoice.periodStart)} to ${ukDate(invoice.periodEnd)}.`,
    `Amount due: ${formatPoundsLimit(invoice.outstandingPence)} by ${ukDate(invoice.dueOn)}.`,
  ];
  if (invoice.purchaseOrder) lines.push(`Purchase order: ${invoice.purchaseOrder}.`);
  if (invoice.notes) lines.push('', invoice.notes);
  lines.push('', 'With thanks,', agencyName ?? 'Your care agency');
  return lines.join('\n');
}
