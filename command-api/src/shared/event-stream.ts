import { simulatedTime } from '@care/events/server';
import {
  definitionOf,
  parseRecordedEvent,
  type AppendResult,
  type DomainEvent,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@care/events';
import type { CommandContext } from './actor';
import { eventIdsAppended, nextEventIds } from './idempotency';

export interface LoadedStream<TState> {
  readonly state: TState;
  /** 'no_stream' when the stream has no events yet: the expected revision for the next append. */
  readonly revision: bigint | 'no_stream';
  readonly lastEvent: RecordedEvent | undefined;
}

/** A stream's events, parsed (for a fold that needs them all, such as a document of the record). */
export async function readEvents(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  return (await store.readStream(streamId)).map(parseRecordedEvent);
}

/** Reads a stream and folds it into state with the aggregate's `evolve`. */
export async function loadStream<TEvent extends DomainEvent, TState>(
  store: EventStore,
  streamId: string,
  evolve: (state: TState, event: TEvent) => TState,
  initial: TState,
): Promise<LoadedStream<TState>> {
  const events = await readEvents(store, streamId);
  const state = events.reduce((current, event) => evolve(current, event as unknown as TEvent), initial);
  const lastEvent = events.at(-1);
  return { state, revision: lastEvent ? lastEvent.revision : 'no_stream', lastEvent };
}

/**
 * An event that fails its own schema is a bug in a `decide`, never the user's input (the request schemas hold
 * the same bounds): it is refused here, before the store, because once appended it could stall the projector.
 */
export class InvalidEventError extends Error {
  constructor(type: string, reason: string) {
    super(`Refused to append ${type}: ${reason}`);
    this.name = 'InvalidEventError';
  }
}

function checkedData(event: DomainEvent): unknown {
  const parsed = definitionOf(event.type).schema.safeParse(event.data);
  // Paths and messages only: the values may be care notes, which never go into a log.
  if (!parsed.success)
    throw new InvalidEventError(
      event.type,
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  return parsed.data;
}

/** Checks domain events against their schemas, stamps them with ids, schema versions and the request's metadata, then appends them. */
export async function appendEvents(
  store: EventStore,
  streamId: string,
  events: readonly DomainEvent[],
  expected: ExpectedRevision,
  context: CommandContext,
): Promise<AppendResult> {
  // Under the demo loader's simulated clock the events happen, and are recorded, at its time, marked as demo data.
  const simulated = simulatedTime();
  const occurredAt = (simulated ?? new Date()).toISOString();
  // Fresh ids, or under an Idempotency-Key ids a repeat of the request would give again (shared/idempotency.ts).
  const eventIds = nextEventIds(events.length);
  const stamped: NewEvent[] = events.map((event, index) => ({
    eventId: eventIds[index]!,
    type: event.type,
    schemaVersion: definitionOf(event.type).schemaVersion,
    data: checkedData(event),
    metadata: {
      userId: context.userId,
      occurredAt,
      correlationId: context.requestId,
      causationId: context.requestId,
      ...(simulated && { demo: true as const }),
      ...(context.capture && { capturedAt: context.capture.capturedAt }),
      ...(context.capture?.deviceId !== undefined && { deviceId: context.capture.deviceId }),
    },
    ...(simulated && { recordedAt: occurredAt }),
  }));
  const result = await store.append(streamId, stamped, expected);
  eventIdsAppended(events.length);
  return result;
}
