import type pg from 'pg';

/** A recording as kept in `media.audio` (see media-schema.ts). */
export interface NewAudio {
  readonly audioId: string;
  readonly content: Buffer;
  readonly mimeType: string;
  readonly sha256: string;
  readonly uploadedBy: string;
}

export interface AudioInfo {
  readonly mimeType: string;
  readonly byteSize: number;
  readonly sha256: string;
}

/** Keeps the bytes before the event that will own them is appended (the command API). */
export async function saveAudio(pool: pg.Pool, audio: NewAudio): Promise<void> {
  await pool.query(
    'INSERT INTO media.audio (audio_id, content, mime_type, byte_size, sha256, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6)',
    [audio.audioId, audio.content, audio.mimeType, audio.content.length, audio.sha256, audio.uploadedBy],
  );
}

/** Only for a blob whose event was refused: a recorded note's audio is never deleted. */
export async function discardAudio(pool: pg.Pool, audioId: string): Promise<void> {
  await pool.query('DELETE FROM media.audio WHERE audio_id = $1', [audioId]);
}

export async function audioInfo(pool: pg.Pool, audioId: string): Promise<AudioInfo | undefined> {
  const result = await pool.query<{ mime_type: string; byte_size: number; sha256: string }>(
    'SELECT mime_type, byte_size, sha256 FROM media.audio WHERE audio_id = $1',
    [audioId],
  );
  const row = result.rows[0];
  return row ? { mimeType: row.mime_type, byteSize: row.byte_size, sha256: row.sha256 } : undefined;
}

/** `length` bytes from `start` (0-based): a Range request reads only the part it asked for. */
export async function readAudioBytes(
  pool: pg.Pool,
  audioId: string,
  start: number,
  length: number,
): Promise<Buffer | undefined> {
  const result = await pool.query<{ part: Buffer }>(
    'SELECT substring(content FROM $2::int FOR $3::int) AS part FROM media.audio WHERE audio_id = $1',
    [audioId, start + 1, length],
  );
  return result.rows[0]?.part;
}
