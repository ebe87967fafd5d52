import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReadModelDatabase } from '../read-model/database';

type Db = Kysely<ReadModelDatabase>;
/** A row as its table's columns; JSON columns hold values (arrays, objects), never JSON text. */
export type BulkRow = Readonly<Record<string, unknown>>;

export interface WriteRowsOptions {
  /** The conflict target (a primary key or unique index); without it the rows are plainly inserted. */
  readonly key?: readonly string[];
  /**
   * On a conflict: 'replace' writes every other column from the new row (a folded record written whole), 'add'
   * adds the new row's other columns to the stored ones (roll-up sums), 'nothing' keeps the stored row.
   */
  readonly onConflict?: 'replace' | 'add' | 'nothing';
}

/**
 * Writes any number of rows with one statement. The rows travel as a single JSON parameter and PostgreSQL types
 * them by the table's own row type (json_populate_recordset), so the statement text is the same for 1 row or
 * 10,000: no per-value parameters to build, serialise, parse and plan, which is where a catch-up batch of
 * multi-row VALUES spent most of its time. The table is resolved in the caller's schema (live or a rebuild's).
 * Every row must have the same columns; a conflict target must not repeat within one call.
 */
export async function writeRows(
  db: Db,
  table: string,
  rows: readonly BulkRow[],
  options: WriteRowsOptions = {},
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const list = sql.join(columns.map((column) => sql.id(column)));
  // Built on kysely's insert (not a raw statement) so that withSchema places the table, and the records' type, in
  // the caller's schema.
  const insert = db
    .insertInto(table as never)
    .columns(columns as never)
    .expression(sql`select ${list} from ${recordsOf(table, rows)}`);
  const { key, onConflict = 'replace' } = options;
  if (!key) return void (await insert.execute());
  const others = columns.filter((column) => !key.includes(column));
  await insert
    .onConflict((conflict) => {
      const target = conflict.columns(key as never);
      if (others.length === 0 || onConflict === 'nothing') return target.doNothing();
      return target.doUpdateSet(
        Object.fromEntries(
          others.map((column) => [
            column,
            onConflict === 'add'
              ? sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`
              : sql.ref(`excluded.${column}`),
          ]),
        ) as never,
      );
    })
    .execute();
}

/**
 * Deletes the rows whose `key` columns equal one of `keys` (a null key matches a null column) and which also match
 * `where` (column = value): roll-up rows a batch left at zero.
 */
export async function deleteRows(
  db: Db,
  table: string,
  keys: readonly BulkRow[],
  key: readonly string[],
  where: Readonly<Record<string, unknown>> = {},
): Promise<void> {
  if (keys.length === 0) return;
  // Not "is not distinct from", which no index serves.
  const matches = key.map((column) => {
    const [stored, given] = [sql.ref(`${table}.${column}`), sql.ref(`k.${column}`)];
    return sql<boolean>`(${stored} = ${given} or (${stored} is null and ${given} is null))`;
  });
  const also = Object.entries(where).map(
    ([column, value]) => sql<boolean>`${sql.ref(`${table}.${column}`)} = ${value}`,
  );
  await db
    .deleteFrom(table as never)
    .using(recordsOf(table, keys).as('k'))
    .where(sql<boolean>`${sql.join([...matches, ...also], sql` and `)}`)
    .execute();
}

/** The rows as a set of the table's records (columns a row lacks are null). */
function recordsOf(table: string, rows: readonly BulkRow[]): RawBuilder<unknown> {
  return sql`json_populate_recordset(null::${sql.table(table)}, ${jsonOf(rows)}::json)`;
}

/** JSON text of the rows; a bigint (an event's revision) is written as its digits, which a bigint column reads. */
function jsonOf(rows: readonly BulkRow[]): string {
  try {
    return JSON.stringify(rows);
  } catch (error) {
    // The replacer costs a call per value, so it is used only when a row holds a bigint.
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  }
}

/** `= any($1::uuid[])`: one array parameter for a list of ids, whatever its length (no chunks of `in (…)`). */
export const anyUuid = (ids: readonly string[]): RawBuilder<string> => sql<string>`any(${ids}::uuid[])`;
