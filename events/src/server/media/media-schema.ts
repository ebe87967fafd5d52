import type pg from 'pg';

/**
 * Recorded audio (voice notes). The bytes are too big for the event log, so they live in this table,
 * addressed by id; the voice-note event holds the id, size and SHA-256, so a tampered or lost blob is
 * detectable. Rows are only ever inserted (and deleted when the event that would own them was refused).
 * Outside the read_model schema: a rebuild must not touch them. Both APIs call this at start.
 */
const MEDIA_SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS media;
CREATE TABLE IF NOT EXISTS media.audio (
  audio_id uuid PRIMARY KEY,
  content bytea NOT NULL,
  mime_type text NOT NULL,
  byte_size integer NOT NULL,
  sha256 text NOT NULL,
  uploaded_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Scheduled reports as generated: kept for download, addressed by the run id of ScheduledReportGenerated.
CREATE TABLE IF NOT EXISTS media.report_files (
  run_id uuid PRIMARY KEY,
  content bytea NOT NULL,
  content_type text NOT NULL,
  file_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;

const MEDIA_SCHEMA_LOCK = 7_242_002;

export async function ensureMediaSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MEDIA_SCHEMA_LOCK]);
    await client.query(MEDIA_SCHEMA_SQL);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
