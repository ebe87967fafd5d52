import {
  FUNDER_KIND_LABELS,
  formatPoundsLimit,
  isTimedInvoiceLine as isTimed,
  type AgencySettings,
  type InvoiceDetailView,
  ukDate,
} from '@care/events';
import type { PdfSpec } from './pdf';

const money = (pence: number): string => (pence < 0 ? `-${formatPoundsLimit(-pence)}` : formatPoundsLimit(pence));
const hours = (minutes: number): string => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;

/** The invoice as a PDF (Send and Download): the agency's details from the admin's settings, the lines, the balance. */
export function invoicePdfSpec(
  invoice: InvoiceDetailView,
  agency: Pick<AgencySettings, 'agencyName' | 'agencyAddress' | 'agencyPhone' | 'agencyEmail'>,
  funderKind: keyof typeof FUNDER_KIND_LABELS | null,
): PdfSpec {
  const from: [string, string][] = [['From', agency.agencyName ?? 'The agency (name not set in Settings)']];
  if (agency.agencyAddress) from.push(['Address', agency.agencyAddress]);
  if (agency.agencyPhone) from.push(['Phone', agency.agencyPhone]);
  if (agency.agencyEmail) from.push(['Email', agency.agencyEmail]);
  return {
    title: `Invoice ${invoice.number}`,
    subtitle: `Issued ${ukDate(invoice.issuedOn)} · due ${ukDate(invoice.dueOn)}`,
    blocks: [
      { kind: 'fields', rows: from },
      {
        kind: 'fields',
        rows: [
          ['Bill to', `${invoice.funderName ?? 'Funder'}${funderKind ? ` (${FUNDER_KIND_LABELS[funderKind]})` : ''}`],
          ['Client', invoice.clientName ?? invoice.clientId],
          ['Period', `${ukDate(invoice.periodStart)} to ${ukDate(invoice.periodEnd)}`],
          ...(invoice.purchaseOrder ? ([['Purchase order', invoice.purchaseOrder]] as [string, string][]) : []),
          ...(invoice.sharePercent < 100
            ? ([['Share', `${invoice.sharePercent}% of each visit (split funding)`]] as [string, string][])
            : []),
        ],
      },
      { kind: 'heading', text: 'Services' },
      {
        kind: 'table',
        columns: [
          { header: 'Date', width: 1.2 },
          { header: 'Description', width: 4 },
          { header: 'Time', width: 1.2 },
          { header: 'Rate', width: 1.2 },
          { header: 'Amount', width: 1.3 },
        ],
        rows: invoice.lines.map((line) => [
          ukDate(line.date),
          line.description,
          isTimed(line) ? hours(line.minutes) : '–',
          isTimed(line) ? `${money(line.hourlyRatePence)}/h` : '–',
          money(line.amountPence),
        ]),
      },
      {
        kind: 'fields',
        rows: [
          ['Total', money(invoice.totalPence)],
          ...(invoice.paidPence > 0 ? ([['Paid', money(invoice.paidPence)]] as [string, string][]) : []),
          ...(invoice.creditedPence > 0
            ? ([['Credit notes', money(invoice.creditedPence)]] as [string, string][])
            : []),
          ['Amount due', money(invoice.outstandingPence)],
        ],
      },
      ...(invoice.notes ? [{ kind: 'paragraph' as const, text: invoice.notes }] : []),
      ...invoice.creditNotes.map((note) => ({
        kind: 'paragraph' as const,
        text: `Credit note ${ukDate(note.issuedOn)}: ${money(note.amountPence)}. ${note.reason}`,
      })),
    ],
  };
}
