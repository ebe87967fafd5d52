import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** Runs inside the target schema (see read-model/migrations.ts). */
export const trainingSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('training_records')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('carer_id', 'uuid', (c) => c.notNull())
      .addColumn('training_type', 'text', (c) => c.notNull())
      .addColumn('training_provider', 'text')
      .addColumn('completed_date', 'date', (c) => c.notNull())
      .addColumn('expiry_date', 'date')
      .addColumn('certificate_number', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('document_url', 'text')
      .addColumn('notes', 'text')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('training_compliance')
      .addColumn('carer_id', 'uuid', (c) => c.notNull())
      .addColumn('training_type', 'text', (c) => c.notNull())
      .addColumn('open_ended', 'boolean', (c) => c.notNull())
      .addColumn('latest_expiry', 'date')
      .addPrimaryKeyConstraint('training_compliance_pk', ['carer_id', 'training_type'])
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    await db.schema
      .createIndex('training_records_carer')
      .ifNotExists()
      .on('training_records')
      .column('carer_id')
      .execute();
    await db.schema
      .createIndex('training_records_expiry')
      .ifNotExists()
      .on('training_records')
      .column('expiry_date')
      .execute();
    // The status filter and the Current, Expired and Pending tabs.
    await db.schema
      .createIndex('training_records_status')
      .ifNotExists()
      .on('training_records')
      .columns(['status', 'expiry_date'])
      .execute();
  },
};
