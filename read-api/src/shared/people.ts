import type { Kysely } from 'kysely';
import type { PersonRef } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The users named on a page of alerts or tasks, in one query (names are joined at read time: projections write
 * only their own tables). Ids that are not accounts (`system:rules`) or no longer exist stay unnamed (null).
 */
export async function peopleNamed(
  db: Kysely<ReadModelDatabase>,
  ids: Iterable<string | null>,
): Promise<(id: string | null) => PersonRef | null> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null && UUID.test(id)))];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .withSchema(READ_MODEL_SCHEMA)
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name'])
          .where('id', 'in', wanted)
          .execute();
  const byId = new Map(rows.map((row) => [row.id, { id: row.id, firstName: row.first_name, lastName: row.last_name }]));
  return (id) => (id === null ? null : (byId.get(id) ?? null));
}

export const fullName = (first: string | null | undefined, last: string | null | undefined): string | null =>
  [first, last].filter(Boolean).join(' ') || null;
