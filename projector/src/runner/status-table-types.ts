import type { ColumnType } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;
type NullableInt8 = ColumnType<string | null, string | bigint | null, string | bigint | null>;
type Instant = ColumnType<Date | null, string | null, string | null>;

export type ProjectionState = 'live' | 'rebuilding' | 'stalled';

/**
 * One row per projection (docs/decisions/0013-projections-look-after-themselves.md): the version of the tables it
 * serves and its own checkpoint, committed with the writes it covers; a rebuild's progress; a stall's failing event;
 * its measured lag.
 */
export interface ProjectionStatusTable {
  name: string;
  /** The version of the live tables; 0 while a brand-new projection builds its first ones. */
  version: number;
  commit_position: Int8;
  prepare_position: Int8;
  state: ProjectionState;
  /** While rebuilding: the version being built in the projection's rebuild schema, and how far it has got. */
  rebuild_version: number | null;
  rebuild_commit: NullableInt8;
  rebuild_prepare: NullableInt8;
  rebuild_events: Int8;
  rebuild_started_at: Instant;
  /** The database server's start time when the rebuild began: a rebuild resumes only on the same server run. */
  rebuild_server_started_at: Instant;
  /** Reactions stay gated at or below this position during a rebuild: the previous version already had them. */
  gate_commit: NullableInt8;
  gate_prepare: NullableInt8;
  stalled_event_id: string | null;
  stalled_event_type: string | null;
  stalled_commit: NullableInt8;
  stalled_prepare: NullableInt8;
  stalled_error: string | null;
  stalled_at: Instant;
  /** Measured by the projector every few seconds: events and seconds behind the head of the log. */
  lag_events: NullableInt8;
  lag_seconds: number | null;
  measured_at: Instant;
  updated_at: ColumnType<Date, string | undefined, string>;
}

/** Events an administrator chose to skip for one projection, with why; the skip itself is an event too. */
export interface ProjectionDeadLettersTable {
  projection: string;
  event_id: string;
  event_type: string;
  commit_position: Int8;
  prepare_position: Int8;
  error: string;
  reason: string;
  skipped_by: string;
  skipped_at: ColumnType<Date, string, string>;
}
