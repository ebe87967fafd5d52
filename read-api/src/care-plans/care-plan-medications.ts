import { sql, type Kysely } from 'kysely';
import type { CarePlanMedicationView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/**
 * A plan shows the client's current prescriptions from the medications read model (issue 17), never a copy of
 * its own. That read model is built beside this one: until its `prescriptions` table exists every plan says
 * "No medications recorded". Raw SQL, because its table is not in this branch's kysely types; the lead wires the
 * typed query once both are merged.
 */
export async function medicationsOfClients(db: Kysely<ReadModelDatabase>, clientIds: readonly string[]): Promise<Map<string, CarePlanMedicationView[]>> {
  const byClient = new Map<string, CarePlanMedicationView[]>();
  if (clientIds.length === 0) return byClient;
  const table = await sql<{ found: string | null }>`select to_regclass(${`${READ_MODEL_SCHEMA}.prescriptions`})::text as found`.execute(db);
  if (!table.rows[0]?.found) return byClient;
  const rows = await sql<{ client_id: string; name: string; dosage: string | null; frequency: string | null; instructions: string | null }>`
    select client_id, name, details->>'dosage' as dosage, details->>'frequency' as frequency, details->>'instructions' as instructions
    from ${sql.table(`${READ_MODEL_SCHEMA}.prescriptions`)}
    where client_id = any(${[...clientIds]}::uuid[]) and status = 'active'
    order by name, id`.execute(db);
  for (const row of rows.rows) {
    const list = byClient.get(row.client_id) ?? [];
    list.push({ name: row.name, dosage: row.dosage ?? '', frequency: row.frequency ?? '', instructions: row.instructions });
    byClient.set(row.client_id, list);
  }
  return byClient;
}
