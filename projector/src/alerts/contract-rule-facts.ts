import { sql, type Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';

/** A contract whose renewal date is near, as the contract-renewal rule sees it (finance_contracts projection). */
export interface ContractRenewalFact {
  id: string;
  contractNumber: string;
  clientId: string;
  clientName: string;
  renewalDate: string;
  endDate: string;
}

type Db = Kysely<ReadModelDatabase>;
const UNDEFINED_TABLE = '42P01';
async function orNothing<T>(query: Promise<T[]>): Promise<T[]> {
  try {
    return await query;
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return [];
    throw error;
  }
}

const contractFactColumns = (db: Db) =>
  db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('finance_contracts as k')
    .leftJoin('appointment_client_names as c', 'c.id', 'k.client_id')
    .select([
      sql<string>`k.id::text`.as('id'),
      'k.contract_number as contractNumber',
      sql<string>`k.client_id::text`.as('clientId'),
      sql<string>`trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))`.as('clientName'),
      sql<string>`k.renewal_date::text`.as('renewalDate'),
      sql<string>`k.end_date::text`.as('endDate'),
    ]);

/**
 * Contracts still running on `today` whose renewal date is at most `withinDays` away (or already passed without
 * a renewal): the renewal rule decides which hold. The renewal_date index keeps it small.
 */
export function contractRenewalsDue(db: Db, today: string, horizon: string): Promise<ContractRenewalFact[]> {
  return orNothing(
    contractFactColumns(db).where('k.renewal_date', '<=', horizon).where('k.end_date', '>=', today).execute(),
  );
}

/** The contracts with these ids (to say why a renewal alert cleared). */
export function contractsById(db: Db, ids: readonly string[]): Promise<ContractRenewalFact[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return orNothing(
    contractFactColumns(db)
      .where(sql<boolean>`k.id::text = any(${sql.val([...ids])})`)
      .execute(),
  );
}
