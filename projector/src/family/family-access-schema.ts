import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** The family_access table (created inside the target schema: the live one, or a rebuild's own). */
export const familyAccessSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('family_access')
      .addColumn('access_id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('relationship', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('share_medications', 'boolean', (c) => c.notNull())
      .addColumn('invited_at', 'timestamptz', (c) => c.notNull())
      .addColumn('accepted_at', 'timestamptz')
      .addColumn('withdrawn_at', 'timestamptz')
      .addColumn('invited_by', 'uuid')
      .addColumn('withdrawn_reason', 'text')
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // A family user's scope: the clients of their active accesses.
    await db.schema
      .createIndex('family_access_user_status')
      .ifNotExists()
      .on('family_access')
      .columns(['user_id', 'status'])
      .execute();
    // The office's list on a client's record, newest invitation first.
    await db.schema
      .createIndex('family_access_client')
      .ifNotExists()
      .on('family_access')
      .columns(['client_id', 'invited_at desc', 'access_id'])
      .execute();
  },
};
