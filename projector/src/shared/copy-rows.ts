import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReadModelDatabase } from '../read-model/database';
import { CopyingConnection } from '../read-model/copying-dialect';

type Db = Kysely<ReadModelDatabase>;
type Row = Readonly<Record<string, unknown>>;

/**
 * Writes `rows` through COPY: into a staging table of the target's column types (created in the transaction, in
 * pg_temp), then into the target with the caller's insert (`insertFrom`, given the staging table as its source), so
 * conflict handling stays the caller's. Returns false, having written nothing, when the connection cannot COPY.
 */
export async function copyRows(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly Row[],
  insertFrom: (source: RawBuilder<unknown>) => CompiledQuery,
): Promise<boolean> {
  const stageName = `copy_${table}`;
  const stage = sql.id('pg_temp', stageName);
  // The columns' types are the target's: a select of them compiled through `db`, whose schema (live or a
  // rebuild's) places the table; it has no parameters.
  const shape = db.selectFrom(table as never).select(columns as never).compile();
  const create = CompiledQuery.raw(`create temp table ${stageName} on commit drop as ${shape.sql} with no data`);
  const insert = insertFrom(sql`${stage}`);
  const names = columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
  // A connection given to the callback must not be used through `db` meanwhile (a transaction's single connection
  // would wait on itself): every statement goes straight to it.
  return db.getExecutor().provideConnection(async (connection) => {
    if (!(connection instanceof CopyingConnection)) return false;
    await connection.executeQuery(create);
    const { rows: types } = await connection.executeQuery<{ json: boolean }>(
      CompiledQuery.raw(
        `select atttypid in ('json'::regtype, 'jsonb'::regtype) as json from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
        [`pg_temp.${stageName}`],
      ),
    );
    await connection.copyIn(`copy pg_temp.${stageName} (${names}) from stdin`, copyText(rows, columns, types.map((type) => type.json)));
    await connection.executeQuery(insert);
    await connection.executeQuery(CompiledQuery.raw(`drop table pg_temp.${stageName}`));
    return true;
  });
}

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPED: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const escape = (text: string) => (SPECIAL.test(text) ? text.replace(SPECIALS, (character) => ESCAPED[character]!) : text);

/**
 * The rows in COPY's text format: tab between columns, a line a row, \N for null, backslash escapes. A JSON column
 * gets its value as JSON text; any other column the value as PostgreSQL reads it (instants in ISO form).
 */
export function copyText(rows: readonly Row[], columns: readonly string[], json: readonly boolean[]): string {
  const lines = new Array<string>(rows.length);
  const fields = new Array<string>(columns.length);
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r]!;
    for (let c = 0; c < columns.length; c += 1) {
      const value = row[columns[c]!];
      fields[c] = value === null || value === undefined ? '\\N' : json[c] ? escape(jsonOf(value)) : plain(value);
    }
    lines[r] = fields.join('\t');
  }
  return `${lines.join('\n')}\n`;
}

function plain(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return escape(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'number':
    case 'bigint':
      return String(value);
    default:
      return value instanceof Date ? value.toISOString() : escape(jsonOf(value));
  }
}

/** JSON text of a value; a bigint (an event's revision) is written as its digits, which a bigint column reads. */
export function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    // The replacer costs a call per value, so it is used only when the value holds a bigint.
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));
  }
}
