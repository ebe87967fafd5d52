import type pg from 'pg';

/**
 * Mutable security state, kept out of the event log on purpose (docs/decisions/0006-no-credentials-in-events.md) and
 * out of the read_model schema (a rebuild swaps that one away). Both APIs call this at start; the DDL is idempotent
 * and serialised by an advisory lock.
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
-- Failed sign-ins per account (the email tried) and per client address: counts with an expiry, swept by the
-- command API. The lockout itself is recorded as one event; the failures are not (docs/features/accounts-and-roles.md, "Sign-in protection").
DROP TABLE IF EXISTS auth.sign_in_throttle;
CREATE TABLE IF NOT EXISTS auth.sign_in_attempts (
  kind text NOT NULL CHECK (kind IN ('account', 'address')),
  value text NOT NULL,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (kind, value)
);
CREATE INDEX IF NOT EXISTS sign_in_attempts_expires_idx ON auth.sign_in_attempts (expires_at);
-- The revision of user-<id> written by the account's last access change (role, deactivation, password): a
-- session read from an older revision is void, even one a racing sign-in opened after the change.
CREATE TABLE IF NOT EXISTS auth.access_changes (
  user_id uuid PRIMARY KEY,
  revision bigint NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS auth.password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS password_resets_user_idx ON auth.password_resets (user_id);
-- Family portal invitations (docs/features/family-portal.md): a one-time link per access, kept apart from password
-- resets because a person invited for two clients holds two links at once. Only the token's hash is stored.
CREATE TABLE IF NOT EXISTS auth.family_invitations (
  token_hash text PRIMARY KEY,
  access_id uuid NOT NULL,
  user_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS family_invitations_access_idx ON auth.family_invitations (access_id);
-- Writes sent with an Idempotency-Key (docs/decisions/0025-idempotent-writes.md): one row per user and key. While
-- the first request runs it holds a lease (lease_until); once it has answered, its status and JSON body are kept so a
-- repeat is answered from here. claim_id seeds the event ids the request appends, so a re-run cannot append twice.
CREATE TABLE IF NOT EXISTS auth.idempotency_keys (
  user_id text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  claim_id uuid NOT NULL,
  lease_token uuid,
  lease_until timestamptz,
  status integer,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created_idx ON auth.idempotency_keys (created_at);
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
