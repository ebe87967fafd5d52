import type pg from 'pg';

/**
 * Runs a schema's CREATE … IF NOT EXISTS statements in one transaction under an advisory lock. Processes start
 * at once and PostgreSQL's IF NOT EXISTS is not safe against a concurrent creator (the loser fails on pg_type's
 * unique index), so each schema's creation is serialised by its own lock key.
 */
export async function createSchemaSerially(
  pool: pg.Pool,
  lockKey: number,
  statements: readonly string[],
): Promise<void> {
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
