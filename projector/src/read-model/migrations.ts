import { sql, type Kysely, type Migration } from 'kysely';
import { appointmentsMigration } from '../appointments/appointment-migration';
import { clientsMigration } from '../clients/client-migration';
import { diaryMigration } from '../diary/diary-migration';
import { feedbackMigration } from '../feedback/feedback-migration';
import { shiftsMigration } from '../shifts/shift-migration';
import { trainingMigration } from '../training/training-migration';
import { voiceNotesMigration } from '../voice-notes/voice-note-migration';

/**
 * Read-model migrations, in order. Each runs inside the target schema (`withSchema`), so the
 * same list builds the live schema and a rebuild's fresh one. Dates are `date` columns read
 * back as text (see database.ts): a date of birth has no time zone.
 */
export const migrations: Record<string, Migration> = {
  '0001_carers': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('carers')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('region', 'text')
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('specialization', 'text')
        .addColumn('qualifications', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('phone_number', 'text')
        .addColumn('emergency_contact', 'text')
        .addColumn('emergency_phone', 'text')
        .addColumn('address', 'text')
        .addColumn('date_of_birth', 'date')
        .addColumn('start_date', 'date', (c) => c.notNull())
        .addColumn('hourly_rate_pence', 'integer')
        .addColumn('max_clients_per_day', 'integer', (c) => c.notNull())
        .addColumn('is_active', 'boolean', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('revision', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('carers_name').on('carers').columns(['last_name', 'first_name']).execute();
      await db.schema
        .createTable('checkpoint')
        .addColumn('projection', 'text', (c) => c.primaryKey())
        .addColumn('commit_position', 'bigint', (c) => c.notNull())
        .addColumn('prepare_position', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0002_users_and_access_log': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('region', 'text')
        .addColumn('profile_image_url', 'text')
        .addColumn('is_active', 'boolean', (c) => c.notNull())
        .addColumn('last_sign_in_at', 'timestamptz')
        .addColumn('revision', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_name').on('users').columns(['last_name', 'first_name']).execute();
      await db.schema
        .createTable('access_log')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('user_id', 'uuid')
        .addColumn('email', 'text')
        .addColumn('reason', 'text')
        .addColumn('ip_address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('access_log_time').on('access_log').columns(['occurred_at desc']).execute();
    },
  },
  '0003_clients': clientsMigration,
  '0004_training': trainingMigration,
  '0005_diary': diaryMigration,
  '0006_voice_notes': voiceNotesMigration,
  '0007_feedback': feedbackMigration,
  '0008_appointments': appointmentsMigration,
  '0009_shifts': shiftsMigration,
};
