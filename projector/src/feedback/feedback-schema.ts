import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** The feedback table (created inside the target schema: the live one, or a rebuild's own). */
export const feedbackSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('feedback')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('user_first_name', 'text')
      .addColumn('user_last_name', 'text')
      .addColumn('user_email', 'text')
      .addColumn('user_role', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('rating', 'integer')
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('admin_notes', 'text')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('feedback_senders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // The admin list: newest first, optionally one status.
    await db.schema
      .createIndex('feedback_newest')
      .ifNotExists()
      .on('feedback')
      .columns(['created_at desc', 'id desc'])
      .execute();
    await db.schema
      .createIndex('feedback_status_newest')
      .ifNotExists()
      .on('feedback')
      .columns(['status', 'created_at desc', 'id desc'])
      .execute();
    // Profile changes update the sender's name on their feedback.
    await db.schema.createIndex('feedback_user').ifNotExists().on('feedback').column('user_id').execute();
  },
};
