import type pg from 'pg';

/** How many times the creation is tried when another creator won a race on the catalog (23505, unique_violation). */
const ATTEMPTS = 3;

/**
 * Runs a schema's CREATE … IF NOT EXISTS statements in one transaction under an advisory lock. Processes start
 * at once and PostgreSQL's IF NOT EXISTS is not safe against a concurrent creator (the loser fails on pg_type's
 * or pg_namespace's unique index), so each schema's creation is serialised by its own lock key. A creator that
 * still loses such a race (one that does not take the lock, or the catalog seen just before the winner's commit)
 * tries again: the second time, IF NOT EXISTS finds what the winner made.
 */
export async function createSchemaSerially(
  pool: pg.Pool,
  lockKey: number,
  statements: readonly string[],
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await createOnce(pool, lockKey, statements);
      return;
    } catch (error) {
      const lostRace = (error as { code?: unknown }).code === '23505';
      if (!lostRace || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function createOnce(pool: pg.Pool, lockKey: number, statements: readonly string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
