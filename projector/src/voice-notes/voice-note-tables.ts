import type { ColumnType } from 'kysely';

/** One row per voice note that has not been removed (GET /api/voice-notes). The audio is in media.audio. */
export interface VoiceNotesTable {
  id: string;
  /** The author. */
  user_id: string;
  client_id: string | null;
  carer_id: string | null;
  appointment_id: string | null;
  diary_entry_id: string | null;
  title: string;
  category: string;
  priority: string;
  audio_url: string;
  audio_format: string;
  mime_type: string;
  /** Seconds. */
  duration: number;
  /** Bytes. */
  file_size: number;
  transcription: string | null;
  tags: ColumnType<string[], string, string>;
  is_private: boolean;
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, string, string>;
}

/** The slice's read-model tables (snake_case), merged into ReadModelDatabase. */
export interface VoiceNoteTables {
  voice_notes: VoiceNotesTable;
}
