import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { ReadModelDatabase } from './read-model/database';
import type { TableSchema } from './projection-schema';

/**
 * One read model (docs/decisions/0013-projections-look-after-themselves.md): the tables it owns, which events it
 * reads, and how it applies a batch of them inside a transaction. It keeps its own checkpoint. It reads and writes
 * only its own tables, so it can be rebuilt alone into fresh tables while the others serve.
 */
export interface Projection {
  readonly name: string;
  /**
   * Bump it whenever the tables or the way events are applied change: on the next start the projection rebuilds
   * itself from position zero into fresh tables and is swapped in when caught up. No migrations, no manual rebuild.
   */
  readonly version: number;
  /** Every table it owns (moved together when a rebuild is swapped in). */
  readonly tables: readonly string[];
  /** Tables an earlier version owned and this one no longer has: dropped when the rebuild is swapped in. */
  readonly retiredTables?: readonly string[];
  readonly schema: TableSchema;
  handles(type: string): boolean;
  apply(db: Kysely<ReadModelDatabase>, events: readonly RecordedEvent[]): Promise<void>;
}
