import { sql, type Kysely } from 'kysely';
import type { Projection } from '../src/projection';

/**
 * An md5 of every row of each projection's tables in `schema`, rows in a stable order: two schemas hold the same read
 * model exactly when their checksums are equal (a rebuild against the live tables,
 * docs/decisions/0013-projections-look-after-themselves.md).
 */
export async function readModelChecksums<DB>(
  db: Kysely<DB>,
  schema: string,
  projections: readonly Projection[],
): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const projection of projections) {
    for (const table of projection.tables) {
      const { rows } = await sql<{ sum: string | null; count: string }>`
        select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum, count(*) as count
        from ${sql.table(`${schema}.${table}`)} as t`.execute(db);
      sums[table] = `${rows[0]?.count ?? 0}:${rows[0]?.sum ?? ''}`;
    }
  }
  return sums;
}
