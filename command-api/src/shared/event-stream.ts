import { v7 as uuidv7 } from 'uuid';
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

export interface LoadedStream<TState> {
  readonly state: TState;
  /** 'no_stream' when the stream has no events yet: the expected revision for the next append. */
  readonly revision: bigint | 'no_stream';
  readonly lastEvent: RecordedEvent | undefined;
}

/** Reads a stream and folds it into state with the aggregate's `evolve`. */
export async function loadStream<TEvent extends DomainEvent, TState>(
  store: EventStore,
  streamId: string,
  evolve: (state: TState, event: TEvent) => TState,
  initial: TState,
): Promise<LoadedStream<TState>> {
  const events = (await store.readStream(streamId)).map(parseRecordedEvent);
  const state = events.reduce((current, event) => evolve(current, event as unknown as TEvent), initial);
  const lastEvent = events.at(-1);
  return { state, revision: lastEvent ? lastEvent.revision : 'no_stream', lastEvent };
}

/** Stamps domain events with ids, schema versions and the request's metadata, then appends them. */
export function appendEvents(
  store: EventStore,
  streamId: string,
  events: readonly DomainEvent[],
  expected: ExpectedRevision,
  context: CommandContext,
): Promise<AppendResult> {
  const occurredAt = new Date().toISOString();
  const stamped: NewEvent[] = events.map((event) => ({
    eventId: uuidv7(),
    type: event.type,
    schemaVersion: definitionOf(event.type).schemaVersion,
    data: event.data,
    metadata: { userId: context.userId, occurredAt, correlationId: context.requestId, causationId: context.requestId },
  }));
  return store.append(streamId, stamped, expected);
}
