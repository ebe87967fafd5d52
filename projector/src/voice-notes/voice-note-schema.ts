import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** Voice notes (created inside the target schema: the live one, or a rebuild's own). */
export const voiceNotesSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('voice_notes')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('client_id', 'uuid')
      .addColumn('carer_id', 'uuid')
      .addColumn('appointment_id', 'uuid')
      .addColumn('diary_entry_id', 'uuid')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('audio_url', 'text', (c) => c.notNull())
      .addColumn('audio_format', 'text', (c) => c.notNull())
      .addColumn('mime_type', 'text', (c) => c.notNull())
      .addColumn('duration', 'integer', (c) => c.notNull())
      .addColumn('file_size', 'integer', (c) => c.notNull())
      .addColumn('transcription', 'text')
      .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('is_private', 'boolean', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // Lists are newest first, on their own or for one diary entry or client.
    await db.schema
      .createIndex('voice_notes_created')
      .ifNotExists()
      .on('voice_notes')
      .columns(['created_at desc', 'id desc'])
      .execute();
    await db.schema
      .createIndex('voice_notes_diary_entry')
      .ifNotExists()
      .on('voice_notes')
      .columns(['diary_entry_id', 'created_at desc'])
      .execute();
    await db.schema
      .createIndex('voice_notes_client')
      .ifNotExists()
      .on('voice_notes')
      .columns(['client_id', 'created_at desc'])
      .execute();
    // A visit's documentsUploaded counts the notes recorded against it.
    await db.schema
      .createIndex('voice_notes_by_visit')
      .ifNotExists()
      .on('voice_notes')
      .column('appointment_id')
      .where(sql.ref('appointment_id'), 'is not', null)
      .execute();
  },
};
