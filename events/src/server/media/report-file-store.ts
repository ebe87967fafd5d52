import type pg from 'pg';

/** A scheduled report's file as kept in `media.report_files` (see media-schema.ts). */
export interface StoredReportFile {
  readonly contentType: string;
  readonly fileName: string;
  readonly content: Buffer;
}

/** Keeps a generated file; a second runner generating the same period leaves the first file in place. */
export async function saveReportFile(pool: pg.Pool, runId: string, file: StoredReportFile): Promise<void> {
  await pool.query(
    'INSERT INTO media.report_files (run_id, content, content_type, file_name) VALUES ($1, $2, $3, $4) ON CONFLICT (run_id) DO NOTHING',
    [runId, file.content, file.contentType, file.fileName],
  );
}

export async function loadReportFile(pool: pg.Pool, runId: string): Promise<StoredReportFile | undefined> {
  const result = await pool.query<{ content: Buffer; content_type: string; file_name: string }>(
    'SELECT content, content_type, file_name FROM media.report_files WHERE run_id = $1',
    [runId],
  );
  const row = result.rows[0];
  return row ? { content: row.content, contentType: row.content_type, fileName: row.file_name } : undefined;
}
