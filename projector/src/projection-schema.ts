import type { Kysely } from 'kysely';

/**
 * A projection's tables. `create` runs inside the schema `db` is bound to (`withSchema`): the live read model's
 * for a brand-new projection, or a rebuild's own schema, whose tables are moved into the live one when caught up.
 * There are no migrations: a projection whose tables or rules change bumps its version and rebuilds itself.
 */
export interface TableSchema {
  /** The tables, with their primary keys (what applying events needs). */
  create(db: Kysely<unknown>): Promise<void>;
  /**
   * The secondary indexes, each `if not exists`. A rebuild creates them once its tables are filled, just before
   * they are swapped in: building an index once is several times cheaper than keeping it up to date row by row.
   */
  indexes?(db: Kysely<unknown>): Promise<void>;
}
