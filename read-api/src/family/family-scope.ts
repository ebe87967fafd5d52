import type { Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/** One active access of a family account: which client, who they are to the client, what the client shares. */
export interface FamilyAccess {
  readonly clientId: string;
  readonly relationship: string;
  readonly shareMedications: boolean;
}

/**
 * The clients a family account may read now: those of its accesses whose status is 'active' (the family-access
 * projection). Read on every request, never cached, so a withdrawn access stops answering at once.
 */
export async function familyClientIds(db: Kysely<ReadModelDatabase>, userId: string): Promise<string[]> {
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('family_access')
    .select('client_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .execute();
  return [...new Set(rows.map((row) => row.client_id))];
}

/** The caller's active access to one client, or undefined (no access, withdrawn, or no such client). */
export async function familyAccessTo(
  db: Kysely<ReadModelDatabase>,
  userId: string,
  clientId: string,
): Promise<FamilyAccess | undefined> {
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('family_access')
    .select(['client_id', 'relationship', 'share_medications', 'accepted_at'])
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .where('status', '=', 'active')
    // Two active accesses to one client (a relative who is also the attorney): the latest accepted decides.
    .orderBy('accepted_at', 'desc')
    .execute();
  const row = rows[0];
  return row && { clientId: row.client_id, relationship: row.relationship, shareMedications: row.share_medications };
}
