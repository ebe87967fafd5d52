import type { EventStore } from '@care/events';
import { DomainError } from './domain-error';

export interface RecordReference {
  /** The stream of the referenced record, e.g. carerStreamId(id). */
  readonly streamId: string;
  /** The event type that takes the record out of use (e.g. 'CarerRemoved'); none for records never removed. */
  readonly removedType?: string;
  /** The request field that names it, and the message shown under that field. */
  readonly field: string;
  readonly message: string;
}

/**
 * A command that names another record (a diary entry's client, a training record's carer) checks that the record
 * exists on the write side: its stream has events and none removed it. Read models are never consulted (the command
 * API does not decide from them: docs/decisions/0001-event-sourcing-with-cqrs.md). A missing record is a 400 on that
 * field.
 */
export async function assertRecordsExist(store: EventStore, references: readonly RecordReference[]): Promise<void> {
  const fields: Record<string, string> = {};
  await Promise.all(
    references.map(async (reference) => {
      const events = await store.readStream(reference.streamId);
      if (
        events.length === 0 ||
        (reference.removedType !== undefined && events.some((event) => event.type === reference.removedType))
      ) {
        fields[reference.field] ??= reference.message;
      }
    }),
  );
  const [first] = Object.entries(fields);
  if (first) throw new DomainError('invalid', first[1], first[0]);
}
