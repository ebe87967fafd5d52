import type { EventMetadata } from './metadata';
import type { Position } from './position';

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
  /** Exclusive: delivery starts with the first event after this position. */
  readonly after: Position;
  /** Called with batches in global order; the next batch waits for the promise. */
  readonly onBatch: (events: readonly RawRecordedEvent[]) => Promise<void>;
  readonly onError?: (error: unknown) => void;
  readonly maxBatchSize?: number;
}

export interface EventStore {
  /** Appends atomically, or throws WrongExpectedRevisionError and appends nothing. */
  append(streamId: string, events: readonly NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** The stream's events in order; an empty array when the stream does not exist. */
  readStream(streamId: string): Promise<RawRecordedEvent[]>;
  /** Up to `maxCount` events strictly after `after`, in global order. */
  readAll(after: Position, maxCount: number): Promise<RawRecordedEvent[]>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** How many events lie after `after` and when the oldest of them was recorded (projection lag); optional. */
  measureLag?(after: Position): Promise<LogLag>;
  close(): Promise<void>;
}

export interface LogLag {
  readonly events: number;
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
