import type { Kysely } from 'kysely';
import type { CarePlanMedicationView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/**
 * A plan shows the client's current prescriptions from the medications read model, never a copy of its
 * own: the active ones, by name.
 */
export async function medicationsOfClients(
  db: Kysely<ReadModelDatabase>,
  clientIds: readonly string[],
): Promise<Map<string, CarePlanMedicationView[]>> {
  const byClient = new Map<string, CarePlanMedicationView[]>();
  if (clientIds.length === 0) return byClient;
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('prescriptions')
    .select(['client_id', 'name', 'details'])
    .where('client_id', 'in', [...clientIds])
    .where('status', '=', 'active')
    .orderBy('name')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byClient.get(row.client_id) ?? [];
    list.push({
      name: row.name,
      dosage: row.details.dosage,
      frequency: row.details.frequency,
      instructions: row.details.instructions ?? null,
    });
    byClient.set(row.client_id, list);
  }
  return byClient;
}
