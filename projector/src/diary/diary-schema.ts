import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';
import { createTrigramIndex, DIARY_SEARCH_COLUMNS } from '../shared/search-text';

/** The diary's tables (created inside the target schema: the live one, or a rebuild's own). */
export const diarySchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('diary_entries')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('carer_id', 'uuid', (c) => c.notNull())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('appointment_id', 'uuid')
      .addColumn('entry_date', 'timestamptz', (c) => c.notNull())
      .addColumn('entry_type', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('is_confidential', 'boolean', (c) => c.notNull())
      .addColumn('author_user_id', 'text', (c) => c.notNull())
      .addColumn('reviewed_by', 'uuid')
      .addColumn('reviewed_at', 'timestamptz')
      .addColumn('amended', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('carer_first_name', 'text', (c) => c.notNull())
      .addColumn('carer_last_name', 'text', (c) => c.notNull())
      .addColumn('client_first_name', 'text', (c) => c.notNull())
      .addColumn('client_last_name', 'text', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('diary_entry_counts')
      .addColumn('author_user_id', 'text', (c) => c.notNull())
      .addColumn('is_confidential', 'boolean', (c) => c.notNull())
      .addColumn('entries', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('diary_entry_counts_pkey', ['author_user_id', 'is_confidential'])
      .execute();

    await db.schema
      .createTable('diary_entry_versions')
      .addColumn('event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('entry_id', 'uuid', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .addColumn('changes', 'jsonb', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('is_confidential', 'boolean', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('diary_names')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('id', 'uuid', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('diary_names_pk', ['kind', 'id'])
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // The list's order (GET /api/diary pages on it), and each filter in that order: a page is an index walk.
    const newest = ['entry_date desc', 'created_at desc', 'id desc'];
    await db.schema.createIndex('diary_entries_entry_date').ifNotExists().on('diary_entries').columns(newest).execute();
    await db.schema
      .createIndex('diary_entries_carer')
      .ifNotExists()
      .on('diary_entries')
      .columns(['carer_id', ...newest])
      .execute();
    await db.schema
      .createIndex('diary_entries_client')
      .ifNotExists()
      .on('diary_entries')
      .columns(['client_id', ...newest])
      .execute();
    // Search as you type over tens of thousands of entries.
    await createTrigramIndex(db, 'diary_entries', 'diary_entries_search', DIARY_SEARCH_COLUMNS);
    // What a reader without diary.readConfidential may see: the confidential entries they wrote.
    await db.schema
      .createIndex('diary_entries_confidential_author')
      .ifNotExists()
      .on('diary_entries')
      .column('author_user_id')
      .where(sql.ref('is_confidential'), '=', true)
      .execute();
    // A visit's documentsUploaded counts the entries recorded against it, a page of visits at a time.
    await db.schema
      .createIndex('diary_entries_by_visit')
      .ifNotExists()
      .on('diary_entries')
      .column('appointment_id')
      .where(sql.ref('appointment_id'), 'is not', null)
      .execute();
    // Welfare concerns (docs/features/alerts.md, "Welfare Concerns"): unreviewed incidents and observations of high or urgent priority.
    await db.schema
      .createIndex('diary_entries_welfare')
      .ifNotExists()
      .on('diary_entries')
      .columns(newest)
      .where(
        sql<boolean>`reviewed_at is null and entry_type in ('incident', 'observation') and priority in ('high', 'urgent')`,
      )
      .execute();
    await db.schema
      .createIndex('diary_entry_versions_entry')
      .ifNotExists()
      .on('diary_entry_versions')
      .columns(['entry_id', 'revision'])
      .execute();
  },
};
