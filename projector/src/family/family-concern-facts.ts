import type { Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';

/** A family message as the family-concern alert rule sees it. */
export interface FamilyConcernFact {
  id: string;
  clientId: string;
  clientName: string;
  kind: 'concern' | 'compliment';
  answered: boolean;
}

const UNDEFINED_TABLE = '42P01';

function concerns(db: Kysely<ReadModelDatabase>) {
  return db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('family_concerns as c')
    .leftJoin('clients as cl', 'cl.id', 'c.client_id')
    .select(['c.id', 'c.client_id', 'c.kind', 'c.replied_at', 'cl.first_name', 'cl.last_name']);
}

async function facts(query: ReturnType<typeof concerns>): Promise<FamilyConcernFact[]> {
  try {
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      clientId: row.client_id,
      clientName: [row.first_name, row.last_name].filter(Boolean).join(' ') || 'a client',
      kind: row.kind,
      answered: row.replied_at !== null,
    }));
  } catch (error) {
    // Until the projector has created the table there is nothing to raise.
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return [];
    throw error;
  }
}

/** The concerns the office has not answered yet (the open concerns' partial index). */
export function openFamilyConcernFacts(db: Kysely<ReadModelDatabase>): Promise<FamilyConcernFact[]> {
  return facts(concerns(db).where('c.kind', '=', 'concern').where('c.replied_at', 'is', null));
}

export function familyConcernsById(
  db: Kysely<ReadModelDatabase>,
  ids: readonly string[],
): Promise<FamilyConcernFact[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return facts(concerns(db).where('c.id', 'in', ids));
}
