import type { EventMetadata } from './metadata';
import type { Position } from './position';
import type { StoreIdentity } from './store-identity';

/** What a writer hands the store. */
export interface NewEvent {
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: EventMetadata;
  /**
   * When the log records it, for the demo loader's simulated past only (see `atSimulatedTime`); otherwise the
   * store's own clock at the append. The PostgreSQL store honours it; EventStoreDB sets its own and is never seeded.
   */
  readonly recordedAt?: string;
}

/** What the store hands back: still untyped data, parsed by `parseRecordedEvent`. */
export interface RawRecordedEvent {
  readonly eventId: string;
  readonly streamId: string;
  /** 0-based revision of the event within its stream. */
  readonly revision: bigint;
  readonly position: Position;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: unknown;
}

/** 'no_stream': the stream must not exist; 'any': no check; a bigint: the stream's last revision. */
export type ExpectedRevision = 'no_stream' | 'any' | bigint;

export interface AppendResult {
  /** Revision of the last appended event: the expected revision for the next append. */
  readonly nextExpectedRevision: bigint;
  /** Global position of the last appended event. */
  readonly position: Position;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Exclusive: delivery starts with the first event after this position (`EventStore.readAll` says which). */
  readonly after: Position;
  /**
   * Called with batches in global order; the next batch waits for the promise. A batch that fails (the promise
   * rejects) is handed over again, from its first event, when the subscription resumes: none is lost or skipped.
   */
  readonly onBatch: (events: readonly RawRecordedEvent[]) => Promise<void>;
  /**
   * Told of each batch that failed. The PostgreSQL store also reports each failed read of the log here; EventStoreDB
   * logs a lost server itself (one warning per outage) rather than calling this on every retry.
   */
  readonly onError?: (error: unknown) => void;
  /**
   * No batch holds more events than this. Events that have already arrived are delivered together, up to this
   * many; a lone event is delivered at once rather than waiting for company.
   */
  readonly maxBatchSize?: number;
}

export interface EventStore {
  /**
   * Appends atomically, or throws and appends nothing: WrongExpectedRevisionError for a stale expected revision,
   * AppendTooLargeError when the events are larger than MAX_APPEND_BYTES, and a plain Error for a stream or event
   * type starting with `$` (names EventStoreDB keeps for itself, which no reader is handed).
   */
  append(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** The stream's events in order; an empty array when the stream does not exist. */
  readStream(streamId: string): Promise<RawRecordedEvent[]>;
  /**
   * Up to `maxCount` events strictly after `after`, in global order. `after` is START_POSITION or the position of
   * an event this store handed out. After a position beyond the last event the answer is [] (and a subscription
   * waits for events after it). A position between two events is not one the store hands out: PostgreSQL reads
   * the events after it, EventStoreDB refuses it (the server's invalid-position error).
   * Events whose stream or type starts with `$` (EventStoreDB's own) are never handed over, here or to a subscriber.
   */
  readAll(after: Position, maxCount: number): Promise<RawRecordedEvent[]>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** How many events lie after `after` and when the oldest of them was recorded (projection lag); optional. */
  measureLag?(after: Position): Promise<LogLag>;
  /** Which store this is (store-identity.ts): the read-model database is tied to it. */
  identity(): Promise<StoreIdentity>;
  /** Destroys a person's records and appends the certificate in one transaction; PostgreSQL only (decision 0037). */
  destroyRecords?(plan: DestructionPlan): Promise<DestructionResult>;
  close(): Promise<void>;
}

export interface LogLag {
  /** How many events lie after the position; a lower bound when `eventsIsLowerBound` is true. */
  readonly events: number;
  /**
   * True when the store stopped counting at its cap (EventStoreDB counts by reading, up to LAG_COUNT_CAP events):
   * there are at least `events` events to go, maybe more. PostgreSQL counts them all and leaves it out.
   */
  readonly eventsIsLowerBound?: boolean;
  /** When the oldest event after the position was recorded; undefined when there is none. */
  readonly oldestRecordedAt: Date | undefined;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * The most an append may carry, as EventStoreDB measures it (its MaxAppendSize, 1 MiB unless the server is
 * configured otherwise): per event the bytes of its JSON data and metadata plus twice the length of its type.
 * Both stores refuse an append over it before writing anything, so a record the embedded store takes can never be
 * refused in production.
 */
export const MAX_APPEND_BYTES = 1024 * 1024;

export class AppendTooLargeError extends Error {
  constructor(
    readonly streamId: string,
    /** The append's size as measured by `appendSize`, in bytes. */
    readonly size: number,
    readonly limit: number,
  ) {
    super(`Stream ${streamId}: the append is ${size} bytes, over the ${limit} byte limit`);
    this.name = 'AppendTooLargeError';
  }
}

/**
 * What a store that can destroy a person's records is given (docs/decisions/0037-destruction-keeps-the-log-provable.md).
 * Only the PostgreSQL store can: EventStoreDB has no way to rewrite an event.
 */
export interface DestructionPlan {
  readonly subjectId: string;
  /** Other ids that stand for the subject (a carer's sign-in account): an event whose data names one goes too. */
  readonly alsoNamedBy?: readonly string[];
  /** The subject's own streams: every event in them is rewritten, whatever its data. */
  readonly subjectStreams: readonly string[];
  /** Streams never rewritten (the destruction's own, which must stay as the certificate's evidence), by prefix. */
  readonly keepStreamPrefixes: readonly string[];
  /**
   * Stream families whose names spell personal data (an email reservation), by prefix. Such a stream whose every
   * event is destroyed is given a random name, so nothing left in the log spells the person, and the name is free
   * to be reserved again.
   */
  readonly renameStreamPrefixes?: readonly string[];
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
