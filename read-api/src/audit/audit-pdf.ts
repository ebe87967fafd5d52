import {
  londonWallClockOf,
  stateFields,
  type AuditClientFileView,
  type AuditRecordAsOfView,
  type AuditRecordRefView,
  type AuditTimelineEntryView,
  ukDate,
} from '@care/events';
import type { PdfBlock, PdfSpec } from '@care/documents';

/** "23/11/2026 14:05" on the London wall clock, as every date a person reads (CONTRACTS "Times"). */
export function londonDateTime(instant: string | Date): string {
  const wall = londonWallClockOf(typeof instant === 'string' ? new Date(instant) : instant);
  const [date, time] = wall.split('T');
  return `${ukDate(date!)} ${time}`;
}

/** A field's value as text: lists and objects as JSON, absent as an em dash. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

const refLine = (record: AuditRecordRefView) =>
  `${record.kindLabel}${record.title ? `: ${record.title}` : ''} (${record.streamId})`;

export function timelinePdf(
  record: AuditRecordRefView,
  entries: readonly AuditTimelineEntryView[],
  printedAt: Date,
): PdfSpec {
  return {
    title: `History of ${record.kindLabel.toLowerCase()}${record.title ? ` ${record.title}` : ''}`,
    subtitle: `${refLine(record)}. ${entries.length} events, from the event log. Printed ${londonDateTime(printedAt)} (London).`,
    layout: 'landscape',
    blocks: [
      {
        kind: 'table',
        columns: [
          { header: 'When (London)', width: 2 },
          { header: 'What', width: 3 },
          { header: 'Who', width: 2 },
          { header: 'Request', width: 3 },
          { header: 'Changes', width: 8 },
        ],
        rows: entries.map((entry) => [
          londonDateTime(entry.occurredAt),
          entry.what,
          entry.who.name ?? entry.who.userId,
          entry.correlationId,
          entry.changes
            .map((change) => `${change.field}: ${valueText(change.before)} → ${valueText(change.after)}`)
            .join('\n') || '—',
        ]),
        fontSize: 8,
      },
    ],
  };
}

function stateBlocks(view: AuditRecordAsOfView): PdfBlock[] {
  if (!view.state) return [{ kind: 'paragraph', text: 'The record did not exist at that instant.' }];
  return [
    {
      kind: 'fields',
      rows: stateFields(view.state).map(([field, value]) => [field, valueText(value)] as const),
    },
  ];
}

const asOfText = (asOf: string | null) =>
  asOf ? `as it stood at ${londonDateTime(asOf)} (London)` : 'as it stands now';

export function recordAsOfPdf(view: AuditRecordAsOfView, printedAt: Date): PdfSpec {
  return {
    title: `${view.record.kindLabel}${view.record.title ? `: ${view.record.title}` : ''}`,
    subtitle: `${view.record.streamId}, ${asOfText(view.asOf)}: ${view.eventsApplied} of ${view.totalEvents} events. Printed ${londonDateTime(printedAt)}.`,
    blocks: stateBlocks(view),
  };
}

export function clientFilePdf(file: AuditClientFileView, printedAt: Date): PdfSpec {
  const blocks: PdfBlock[] = [
    { kind: 'heading', text: 'Client' },
    ...(file.client
      ? stateBlocks(file.client)
      : [{ kind: 'paragraph' as const, text: 'The client was not registered yet.' }]),
  ];
  for (const record of file.records) {
    blocks.push({ kind: 'heading', text: refLine(record.record) }, ...stateBlocks(record));
  }
  if (file.records.length === 0) blocks.push({ kind: 'paragraph', text: 'No other records named the client by then.' });
  return {
    title: `Client file${file.client?.record.title ? `: ${file.client.record.title}` : ''}`,
    subtitle: `${asOfText(file.asOf)}, from the event log. ${file.records.length} records besides the client. Printed ${londonDateTime(printedAt)}.`,
    blocks,
  };
}
