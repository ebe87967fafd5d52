import type { AppendResult, ExpectedRevision, NewEvent } from './event-store';

/**
 * What a store that can destroy a person's records is given (docs/decisions/0037-destruction-keeps-the-log-provable.md).
 * Only the PostgreSQL store can: EventStoreDB has no way to rewrite an event.
 */
export interface DestructionPlan {
  readonly subjectId: string;
  /** The subject's own streams: every event in them is rewritten, whatever its data. */
  readonly subjectStreams: readonly string[];
  /** Streams never rewritten (the destruction's own, which must stay as the certificate's evidence), by prefix. */
  readonly keepStreamPrefixes: readonly string[];
  readonly certificateStream: string;
  readonly expectedRevision: ExpectedRevision;
  /** The id of the certificate event, recorded against each rewritten row. */
  readonly certificateEventId: string;
  /** The events to append once the number of rewritten events is known (the certificate states it). */
  readonly events: (eventsRewritten: number) => readonly NewEvent[];
  /** Rows outside the log that name the subject (their audio, their sign-in), deleted in the same transaction, before the rewrite. */
  readonly alsoDelete?: readonly { readonly text: string; readonly values: readonly unknown[] }[];
}

export interface DestructionResult extends AppendResult {
  readonly eventsRewritten: number;
}
