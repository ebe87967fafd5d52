import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

export const settingsSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('agency_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('agency_settings_changes')
      .addColumn('event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('changes', 'jsonb', (c) => c.notNull())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    await db.schema
      .createIndex('agency_settings_changes_newest')
      .ifNotExists()
      .on('agency_settings_changes')
      .columns(['occurred_at desc', 'event_id desc'])
      .execute();
  },
};
