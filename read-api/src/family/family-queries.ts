import type { Kysely } from 'kysely';
import type { FamilyCarePlanView, FamilyClientView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/** GET /api/family/clients: the clients the caller has active access to, by name. */
export async function familyClients(db: Kysely<ReadModelDatabase>, userId: string): Promise<FamilyClientView[]> {
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('family_access as f')
    .innerJoin('clients as c', 'c.id', 'f.client_id')
    .select(['c.id', 'c.first_name', 'c.last_name', 'f.relationship', 'f.share_medications'])
    .where('f.user_id', '=', userId)
    .where('f.status', '=', 'active')
    .orderBy('c.last_name')
    .orderBy('c.first_name')
    .orderBy('c.id')
    .orderBy('f.access_id')
    .execute();
  // One line per client, even with two accesses to them (a relative who is also the attorney).
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)))
    .map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      relationship: row.relationship,
      medicationsShared: row.share_medications,
    }));
}

/**
 * The client's current care plan as the family sees it: its title, description, objectives and goals. Never the
 * risk assessment, conditions, allergies, contacts or tasks. The plan in use (active, or under review), most
 * recently changed first; null when the client has none.
 */
export async function familyCarePlan(
  db: Kysely<ReadModelDatabase>,
  clientId: string,
): Promise<(FamilyCarePlanView['plan'] & { id: string }) | null> {
  const row = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('care_plans')
    .select(['id', 'content', 'version', 'review_date', 'updated_at'])
    .where('client_id', '=', clientId)
    .where('status', 'in', ['active', 'under_review'])
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    title: row.content.title,
    summary: row.content.description,
    objectives: row.content.objectives,
    goals: row.content.goals,
    version: row.version,
    reviewDate: row.review_date,
    updatedAt: row.updated_at.toISOString(),
  };
}
