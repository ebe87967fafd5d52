import {
  compareStates,
  recordOf,
  stateAsOf,
  timelineOf,
  type AuditClientFileView,
  type AuditComparisonView,
  type AuditRecordAsOfView,
  type AuditRecordRefView,
  type AuditTimelineEntryView,
  type RecordState,
} from '@care/events';
import type { Page } from '../shared/paging';
import type { AuditLog, StreamEvent } from './audit-log';
import type { AuditQueries } from './audit-queries';

/** Kinds a person reads first in a client's file; the rest follow by name. */
const FILE_ORDER = [
  'client',
  'care-plan',
  'prescription',
  'appointment',
  'diary-entry',
  'incident',
  'voice-note',
  'task',
  'alert',
];

/** What a person calls a record, from its own fields when it has them. */
function titleOf(state: RecordState | null): string | null {
  if (!state) return null;
  // A field of the record, or of one of its groups (a care plan's title is in its `content`).
  const groups = [
    state,
    ...Object.values(state).filter(
      (value): value is RecordState => typeof value === 'object' && value !== null && !Array.isArray(value),
    ),
  ];
  const text = (key: string) =>
    groups.map((group) => group[key]).find((value): value is string => typeof value === 'string');
  const name = [text('firstName'), text('lastName')].filter(Boolean).join(' ');
  return (
    name ||
    text('title') ||
    text('trainingType') ||
    text('medicationName') ||
    text('visitType') ||
    text('email') ||
    null
  );
}

export class AuditService {
  constructor(
    private readonly log: AuditLog,
    private readonly queries: AuditQueries,
  ) {}

  ref(streamId: string, state: RecordState | null): AuditRecordRefView {
    const record = recordOf(streamId);
    return { streamId, kind: record.kind, kindLabel: record.kindLabel, id: record.id, title: titleOf(state) };
  }

  private asOfView(
    streamId: string,
    events: readonly StreamEvent[],
    asOf: Date | undefined,
    totalEvents = events.length,
  ): AuditRecordAsOfView {
    const at = stateAsOf(events, asOf ?? new Date(8.64e15));
    return {
      record: this.ref(streamId, at.state),
      asOf: asOf ? asOf.toISOString() : null,
      state: at.state ? { ...at.state } : null,
      revision: at.revision,
      eventsApplied: at.eventsApplied,
      totalEvents,
    };
  }

  /** undefined when the stream does not exist. */
  async recordAsOf(streamId: string, asOf: Date | undefined): Promise<AuditRecordAsOfView | undefined> {
    const events = await this.log.stream(streamId);
    if (events.length === 0) return undefined;
    return this.asOfView(streamId, events, asOf);
  }

  async timeline(
    streamId: string,
    page: Page,
  ): Promise<{ record: AuditRecordRefView; rows: AuditTimelineEntryView[]; total: number } | undefined> {
    const events = await this.log.stream(streamId);
    if (events.length === 0) return undefined;
    // The changes of an event need the state before it: the fold runs over the whole stream, the page is cut after.
    const entries = timelineOf(events).slice(page.offset, page.offset + page.limit);
    const names = await this.queries.userNames(entries.map((entry) => entry.userId));
    const rows = entries.map(({ userId, changes, ...entry }) => ({
      ...entry,
      who: { userId, name: names.get(userId) ?? null },
      changes: changes.map(({ field, before, after }) => ({
        field,
        ...(before === undefined ? {} : { before }),
        ...(after === undefined ? {} : { after }),
      })),
    }));
    const { state } = stateAsOf(events, new Date(8.64e15));
    return { record: this.ref(streamId, state), rows, total: events.length };
  }

  async compare(streamId: string, from: Date, to: Date): Promise<AuditComparisonView | undefined> {
    const events = await this.log.stream(streamId);
    if (events.length === 0) return undefined;
    const before = stateAsOf(events, from).state;
    const after = stateAsOf(events, to).state;
    return {
      record: this.ref(streamId, after ?? before),
      from: from.toISOString(),
      to: to.toISOString(),
      changes: compareStates(before, after)
        .filter((change) => change.field !== 'lastEvent')
        .map(({ field, before: b, after: a }) => ({
          field,
          ...(b === undefined ? {} : { before: b }),
          ...(a === undefined ? {} : { after: a }),
        })),
    };
  }

  /** The client's record and every record linked to the client, each as it stood at the instant. */
  async clientFile(clientId: string, asOf: Date | undefined): Promise<AuditClientFileView | undefined> {
    const clientStream = `client-${clientId}`;
    const linked = await this.queries.clientStreams(clientId, asOf);
    const streams = await this.log.streams([...new Set([clientStream, ...linked])], asOf);
    const clientEvents = streams.get(clientStream);
    if (!clientEvents) return undefined;
    const client = this.asOfView(clientStream, clientEvents.events, asOf, clientEvents.total);
    const records = [...streams.entries()]
      .filter(([streamId]) => streamId !== clientStream)
      .map(([streamId, { events, total }]) => this.asOfView(streamId, events, asOf, total))
      .filter((view) => view.state !== null)
      .sort(
        (a, b) =>
          rank(a.record.kind) - rank(b.record.kind) ||
          a.record.kind.localeCompare(b.record.kind) ||
          a.record.streamId.localeCompare(b.record.streamId),
      );
    return { clientId, asOf: asOf ? asOf.toISOString() : null, client: client.state ? client : null, records };
  }
}

function rank(kind: string): number {
  const at = FILE_ORDER.indexOf(kind);
  return at === -1 ? FILE_ORDER.length : at;
}
