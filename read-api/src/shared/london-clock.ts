import { sql, type RawBuilder } from 'kysely';

/**
 * A timestamp column as the London wall clock, 24-hour "HH:mm", computed in the query (lists and CSV exports of
 * thousands of visits). `T` is `string` for a column that is never null.
 */
export function londonClock<T extends string | null = string | null>(column: string): RawBuilder<T> {
  return sql<T>`to_char(${sql.ref(column)} at time zone 'Europe/London', 'HH24:MI')`;
}
