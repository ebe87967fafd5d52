import { sql, type Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';

/**
 * Swapping rebuilt projections in drops their live tables and moves the rebuilt ones in, in one transaction. Taken
 * table by table, those exclusive locks can deadlock with a read that joins two of the tables (clients with their
 * keyworker's carer row): the read holds the first and waits for the second, which the swap already holds while it
 * waits for the first. Every read queued behind them waits too. So the swap first takes all the locks it needs in
 * one statement, without waiting (NOWAIT): while a read holds any of them the attempt ends at once, holding nothing,
 * the read finishes, and the swap tries again a moment later. After LOCK_ATTEMPTS_WITHOUT_WAITING tries (reads never
 * pausing on a very busy system) it waits for the locks as before, leaving a deadlock, should one form, to
 * PostgreSQL's detector.
 */
export const LOCK_ATTEMPTS_WITHOUT_WAITING = 50;
export const LOCK_RETRY_MS = 40;

/** Locks those of `tables` that exist in the read-model schema; without `wait`, fails at once (55P03) if any is held. */
export async function lockLiveTables(
  trx: Kysely<ReadModelDatabase>,
  tables: readonly string[],
  wait: boolean,
): Promise<void> {
  if (tables.length === 0) return;
  const { rows } = await sql<{ name: string }>`
    select tablename::text as name from pg_tables
     where schemaname = ${READ_MODEL_SCHEMA} and tablename::text = any(${[...tables]}::text[])
     order by tablename`.execute(trx);
  if (rows.length === 0) return;
  const list = sql.join(rows.map((row) => sql.id(READ_MODEL_SCHEMA, row.name)));
  await sql`lock table ${list} in access exclusive mode ${wait ? sql`` : sql`nowait`}`.execute(trx);
}

/** PostgreSQL's "lock_not_available": a NOWAIT lock was held by someone else. */
export function isLockNotAvailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55P03';
}
