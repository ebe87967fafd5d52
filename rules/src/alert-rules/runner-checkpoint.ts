import type pg from 'pg';
import { START_POSITION, type Position } from '@care/events';

/** Where a rule runner has looked up to in the log, and when it last evaluated its rules (admin System Status). */
const SCHEMA_LOCK = 727015;

export async function ensureRunnerTables(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Two runners may start together: one creates, the other waits and finds it made.
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await client.query('CREATE SCHEMA IF NOT EXISTS rules');
    await client.query(`CREATE TABLE IF NOT EXISTS rules.runner_checkpoints (
      name text PRIMARY KEY,
      commit_position bigint NOT NULL,
      prepare_position bigint NOT NULL,
      last_run_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export async function loadCheckpoint(pool: pg.Pool, name: string): Promise<Position> {
  const { rows } = await pool.query<{ commit_position: string; prepare_position: string }>(
    'SELECT commit_position, prepare_position FROM rules.runner_checkpoints WHERE name = $1',
    [name],
  );
  const row = rows[0];
  return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START_POSITION;
}

/** Moves the checkpoint forward only (two runners of one name each save what they covered). */
/** `ranAt` null: events no rule watches were passed, nothing was evaluated. */
export async function saveCheckpoint(
  pool: pg.Pool,
  name: string,
  position: Position,
  ranAt: Date | null,
): Promise<void> {
  await pool.query(
    `INSERT INTO rules.runner_checkpoints AS c (name, commit_position, prepare_position, last_run_at, updated_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (name) DO UPDATE SET
       commit_position = CASE WHEN (EXCLUDED.commit_position, EXCLUDED.prepare_position) > (c.commit_position, c.prepare_position)
                              THEN EXCLUDED.commit_position ELSE c.commit_position END,
       prepare_position = CASE WHEN (EXCLUDED.commit_position, EXCLUDED.prepare_position) > (c.commit_position, c.prepare_position)
                               THEN EXCLUDED.prepare_position ELSE c.prepare_position END,
       last_run_at = GREATEST(c.last_run_at, EXCLUDED.last_run_at),
       updated_at = now()`,
    [name, position.commit.toString(), position.prepare.toString(), ranAt],
  );
}

/** True once every named projection's checkpoint is at or past `target` (a missing row is not there yet). */
export async function projectionsReached(pool: pg.Pool, names: readonly string[], target: Position): Promise<boolean> {
  if (names.length === 0) return true;
  const { rows } = await pool.query<{ reached: boolean }>(
    `SELECT count(*) FILTER (WHERE (commit_position, prepare_position) >= ($2::bigint, $3::bigint)) = $4 AS reached
       FROM read_model.projection_status WHERE name = ANY($1)`,
    [names, target.commit.toString(), target.prepare.toString(), names.length],
  );
  return rows[0]?.reached ?? false;
}
