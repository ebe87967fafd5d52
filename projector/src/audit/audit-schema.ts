import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

export const auditSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_stream_links')
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('stream_id', 'text', (c) => c.notNull())
      .addColumn('first_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('audit_stream_links_pk', ['client_id', 'stream_id'])
      .execute();
    await db.schema
      .createTable('audit_record_views')
      .addColumn('event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('view', 'text', (c) => c.notNull())
      .addColumn('stream_id', 'text')
      .addColumn('client_id', 'uuid')
      .addColumn('as_of', 'timestamptz')
      .addColumn('viewed_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('audit_record_kinds')
      .addColumn('kind', 'text', (c) => c.primaryKey())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // Who viewed what: newest first, all of them or one record's.
    await db.schema
      .createIndex('audit_record_views_newest')
      .ifNotExists()
      .on('audit_record_views')
      .columns(['viewed_at desc', 'event_id desc'])
      .execute();
    await db.schema
      .createIndex('audit_record_views_stream')
      .ifNotExists()
      .on('audit_record_views')
      .columns(['stream_id', 'viewed_at desc'])
      .execute();
  },
};
