import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';
import { createTrigramIndex, USER_SEARCH_COLUMNS } from '../shared/search-text';

/** User accounts (created inside the target schema: the live one, or a rebuild's own). */
export const usersSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
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
      .addColumn('notification_choices', 'jsonb')
      .addColumn('alert_audiences', sql`text[]`)
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // The list's order (GET /api/users pages on it).
    await db.schema
      .createIndex('users_name')
      .ifNotExists()
      .on('users')
      .columns(['last_name', 'first_name', 'id'])
      .execute();
    await db.schema
      .createIndex('users_active_name')
      .ifNotExists()
      .on('users')
      .columns(['is_active', 'last_name', 'first_name', 'id'])
      .execute();
    // The header's global search (GET /api/search) matches the name either way round and the email.
    await createTrigramIndex(db, 'users', 'users_search', USER_SEARCH_COLUMNS);
  },
};

/** The admin Security tab's access log. */
export const accessLogSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
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
  },
  async indexes(db: Kysely<unknown>) {
    await db.schema
      .createIndex('access_log_time')
      .ifNotExists()
      .on('access_log')
      .columns(['occurred_at desc'])
      .execute();
  },
};
