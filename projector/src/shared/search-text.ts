import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * A list's search matches one text: its columns joined by spaces (what each screen searched before the lists
 * paged). The read API filters on `searchTextOf(columns, alias)` with ILIKE and the projection indexes
 * `searchTextOf(columns)` with trigrams: both are built here, so they are the same expression and the index
 * serves the query.
 */
export function searchTextOf(columns: readonly string[], alias?: string): RawBuilder<string> {
  const parts = columns.map(
    (column) => sql`coalesce(${sql.ref(alias === undefined ? column : `${alias}.${column}`)}, '')`,
  );
  return sql<string>`(${sql.join(parts, sql` || ' ' || `)})`;
}

/** What the carers search matches: name, employee ID and region. */
export const CARER_SEARCH_COLUMNS = ['first_name', 'last_name', 'employee_id', 'region'] as const;
/** What the clients search matches: the name in either order and the client ID. */
export const CLIENT_SEARCH_COLUMNS = ['first_name', 'last_name', 'last_name', 'first_name', 'client_id'] as const;
/** What the header's search matches in accounts (administrators): the name in either order and the email. */
export const USER_SEARCH_COLUMNS = ['first_name', 'last_name', 'last_name', 'first_name', 'email'] as const;
/** What the diary search matches: title, content, client and carer names. */
export const DIARY_SEARCH_COLUMNS = [
  'title',
  'content',
  'client_first_name',
  'client_last_name',
  'carer_first_name',
  'carer_last_name',
] as const;

/**
 * A trigram index makes `ILIKE '%words%'` an index lookup. pg_trgm ships with PostgreSQL (the embedded server has
 * it) and is a trusted extension; where it is missing or may not be created, the index is left out and the
 * search scans instead (same answers, slower).
 */
export async function createTrigramIndex(
  db: Kysely<unknown>,
  table: string,
  name: string,
  columns: readonly string[],
): Promise<void> {
  const available = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
      and (exists (select 1 from pg_extension where extname = 'pg_trgm') or has_database_privilege(current_database(), 'CREATE')) as ok`.execute(
    db,
  );
  if (!available.rows[0]?.ok) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  const installed = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const schema = installed.rows[0]?.schema;
  if (schema === undefined) return;
  await db.schema
    .createIndex(name)
    .ifNotExists()
    .on(table)
    .using('gin')
    .expression(sql`${searchTextOf(columns)} ${sql.id(schema, 'gin_trgm_ops')}`)
    .execute();
}
