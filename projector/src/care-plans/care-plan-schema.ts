import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** The care-plan tables (created inside the target schema: the live one, or a rebuild's own). */
export const carePlanSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('care_plans')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('template_id', 'uuid')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('content', 'jsonb', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('agreement', 'jsonb')
      .addColumn('review_date', 'date', (c) => c.notNull())
      .addColumn('high_risk', 'boolean', (c) => c.notNull())
      .addColumn('quality_met', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('care_plan_versions')
      .addColumn('plan_id', 'uuid', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('content', 'jsonb', (c) => c.notNull())
      .addColumn('changed_fields', 'jsonb', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('by_user', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('agreement', 'jsonb')
      .addPrimaryKeyConstraint('care_plan_versions_pk', ['plan_id', 'version'])
      .execute();
    await db.schema
      .createTable('care_plan_reviews')
      .addColumn('plan_id', 'uuid', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('reviewed_on', 'date', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('next_review_date', 'date', (c) => c.notNull())
      .addColumn('by_user', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('care_plan_reviews_pk', ['plan_id', 'revision'])
      .execute();
    await db.schema
      .createTable('care_plan_history')
      .addColumn('plan_id', 'uuid', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('by_user', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('care_plan_history_pk', ['plan_id', 'revision'])
      .execute();
    await db.schema
      .createTable('care_plan_templates')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('content', 'jsonb', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // The list: by review date (due and overdue first), a client's plans, the status filter.
    await db.schema
      .createIndex('care_plans_review')
      .ifNotExists()
      .on('care_plans')
      .columns(['review_date', 'id'])
      .execute();
    await db.schema.createIndex('care_plans_client').ifNotExists().on('care_plans').column('client_id').execute();
    await db.schema
      .createIndex('care_plans_status_review')
      .ifNotExists()
      .on('care_plans')
      .columns(['status', 'review_date'])
      .execute();
  },
};
