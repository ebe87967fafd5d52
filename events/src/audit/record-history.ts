import { eventLabel } from './record-kinds';

/**
 * One generic fold for every record (docs/decisions/0017-generic-history-and-as-of.md): no feature writes audit code.
 * The rules follow the way every event in the registry is shaped:
 * - a field of the event's data is the record's field from then on (lists and nested objects as a whole);
 * - `changes` (the partial edits: *DetailsChanged, *Amended, *Updated) sets only the fields it names, inside the
 *   group that holds them where the record was created with its fields grouped (a care plan's `content`);
 * - `lastEvent` is what last happened to the record ("Carer deactivated"), which is how events that carry no
 *   field (deactivated, removed, started) show in the state.
 * The state as of an instant is this fold over the events that occurred up to it, and the timeline is the
 * difference the fold makes at each event, so both are right for every event type there is or will be.
 */
export interface HistoryEvent {
  readonly eventId: string;
  readonly type: string;
  readonly revision: number;
  readonly position: string;
  readonly data: unknown;
  readonly userId: string;
  /** ISO instant from the event's metadata: when it happened. */
  readonly occurredAt: string;
  readonly correlationId: string;
  readonly causationId: string;
  /** Recorded on a device while offline: the device's clock then (occurredAt is when the server received it). */
  readonly capturedAt?: string | undefined;
}

export type RecordState = Readonly<Record<string, unknown>>;

export interface FieldChange {
  /** Dotted path of a leaf (`profile.lastName`); a list is one leaf. */
  readonly field: string;
  /** undefined where the field did not exist (JSON: absent). */
  readonly before: unknown;
  readonly after: unknown;
}

export interface TimelineEntry {
  readonly eventId: string;
  readonly revision: number;
  readonly position: string;
  readonly type: string;
  readonly what: string;
  readonly userId: string;
  readonly occurredAt: string;
  readonly correlationId: string;
  /** Recorded on a device while offline: the device's clock then; null for a record sent when it was made. */
  readonly capturedAt: string | null;
  readonly changes: readonly FieldChange[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function applyEvent(state: RecordState, event: Pick<HistoryEvent, 'type' | 'data'>): RecordState {
  const next: Record<string, unknown> = { ...state };
  if (isPlainObject(event.data)) {
    for (const [key, value] of Object.entries(event.data)) {
      if (key === 'changes' && isPlainObject(value)) {
        for (const [field, changed] of Object.entries(value))
          if (changed !== undefined) setChanged(next, field, changed);
      } else if (value !== undefined) {
        next[key] = value;
      }
    }
  }
  next.lastEvent = eventLabel(event.type);
  return next;
}

/**
 * A partial edit names a field by its own name. Where the record holds that field inside a group (a care plan's
 * `content.goals`, set whole when the plan was created), the edit changes it there: otherwise the record would show
 * the old goals in the group and the new ones beside it, and the record as of an instant would not be what the
 * screens showed then.
 */
function homeOf(state: RecordState, field: string): string {
  if (field in state) return field;
  return Object.entries(state).find(([, value]) => isPlainObject(value) && field in value)?.[0] ?? field;
}

function setChanged(next: Record<string, unknown>, field: string, changed: unknown): void {
  const home = homeOf(next, field);
  next[home] = home === field ? changed : { ...(next[home] as Record<string, unknown>), [field]: changed };
}

export function foldRecord(events: readonly Pick<HistoryEvent, 'type' | 'data'>[]): RecordState {
  return events.reduce<RecordState>(applyEvent, {});
}

/** The events that had occurred by `instant` (inclusive), in stream order. */
export function eventsUpTo<T extends Pick<HistoryEvent, 'occurredAt'>>(events: readonly T[], instant: Date): T[] {
  const limit = instant.getTime();
  return events.filter((event) => Date.parse(event.occurredAt) <= limit);
}

export interface AsOf {
  readonly state: RecordState | null;
  /** Revision of the last event folded in; null when the record did not exist yet. */
  readonly revision: number | null;
  readonly eventsApplied: number;
}

export function stateAsOf(events: readonly HistoryEvent[], instant: Date): AsOf {
  const upTo = eventsUpTo(events, instant);
  if (upTo.length === 0) return { state: null, revision: null, eventsApplied: 0 };
  return { state: foldRecord(upTo), revision: upTo.at(-1)!.revision, eventsApplied: upTo.length };
}

/** Leaves of a state by dotted path; lists and empty objects are leaves. */
function leaves(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) {
    into.set(prefix, value);
  }
}

/** A record's fields as a person reads them: groups opened into dotted leaves (`content.goals`), in order. */
export function stateFields(state: RecordState): [field: string, value: unknown][] {
  const into = new Map<string, unknown>();
  leaves(state, '', into);
  return [...into.entries()];
}

/** Field by field, what differs between two states (either may be null: the record did not exist). */
export function compareStates(before: RecordState | null, after: RecordState | null): FieldChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  leaves(before ?? {}, '', a);
  leaves(after ?? {}, '', b);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields
    .filter((field) => JSON.stringify(a.get(field)) !== JSON.stringify(b.get(field)))
    .map((field) => ({ field, before: a.get(field), after: b.get(field) }));
}

/** Every event with what it changed, oldest first. */
export function timelineOf(events: readonly HistoryEvent[]): TimelineEntry[] {
  let state: RecordState = {};
  return events.map((event) => {
    const next = applyEvent(state, event);
    // Only the fields this event sets can differ: comparing those alone keeps a long history linear in its events.
    const touched = touchedFields(state, event.data);
    const changes = compareStates(pick(state, touched), pick(next, touched));
    state = next;
    return {
      eventId: event.eventId,
      revision: event.revision,
      position: event.position,
      type: event.type,
      what: eventLabel(event.type),
      userId: event.userId,
      occurredAt: event.occurredAt,
      correlationId: event.correlationId,
      capturedAt: event.capturedAt ?? null,
      changes,
    };
  });
}

function touchedFields(state: RecordState, data: unknown): string[] {
  if (!isPlainObject(data)) return [];
  return Object.entries(data).flatMap(([key, value]) =>
    key === 'changes' && isPlainObject(value) ? Object.keys(value).map((field) => homeOf(state, field)) : [key],
  );
}

function pick(state: RecordState, fields: readonly string[]): RecordState {
  return Object.fromEntries(fields.filter((field) => field in state).map((field) => [field, state[field]]));
}
