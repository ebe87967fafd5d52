import type pg from 'pg';

/**
 * Mutable security state, kept out of the event log on purpose (DESIGN.md decision 3) and out of
 * the read_model schema (a rebuild swaps that one away). Both APIs call this at start; the DDL is
 * idempotent and serialised by an advisory lock.
 */
const AUTH_SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS auth;
CREATE TABLE IF NOT EXISTS auth.sessions (
  sid text PRIMARY KEY,
  sess jsonb NOT NULL,
  expire timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_expire_idx ON auth.sessions (expire);
CREATE INDEX IF NOT EXISTS sessions_user_idx ON auth.sessions ((sess->>'userId'));
CREATE TABLE IF NOT EXISTS auth.credentials (
  user_id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS auth.sign_in_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz
);
CREATE TABLE IF NOT EXISTS auth.password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
`;

const AUTH_SCHEMA_LOCK = 7_242_001;

export async function ensureAuthSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [AUTH_SCHEMA_LOCK]);
    await client.query(AUTH_SCHEMA_SQL);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
