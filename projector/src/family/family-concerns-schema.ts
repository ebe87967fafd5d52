import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** The family_concerns table (created inside the target schema: the live one, or a rebuild's own). */
export const familyConcernsSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('family_concerns')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('appointment_id', 'uuid')
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('raised_at', 'timestamptz', (c) => c.notNull())
      .addColumn('reply', 'text')
      .addColumn('replied_at', 'timestamptz')
      .addColumn('replied_by', 'uuid')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // A family member's own messages about one client, newest first (their list pages on it).
    await db.schema
      .createIndex('family_concerns_user_client')
      .ifNotExists()
      .on('family_concerns')
      .columns(['user_id', 'client_id', 'raised_at desc', 'id desc'])
      .execute();
    // The office's list, newest first.
    await db.schema
      .createIndex('family_concerns_raised')
      .ifNotExists()
      .on('family_concerns')
      .columns(['raised_at desc', 'id desc'])
      .execute();
    // The open concerns: the welfare tile's count, the office's open list and the alert rule's facts.
    await db.schema
      .createIndex('family_concerns_open')
      .ifNotExists()
      .on('family_concerns')
      .columns(['raised_at desc', 'id desc'])
      .where(sql<boolean>`kind = 'concern' and replied_at is null`)
      .execute();
  },
};
