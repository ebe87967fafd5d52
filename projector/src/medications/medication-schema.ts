import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** The medications tables (created inside the target schema: the live one, or a rebuild's own). */
export const medicationsSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('prescriptions')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('time_critical', 'boolean', (c) => c.notNull())
      .addColumn('details', 'jsonb', (c) => c.notNull())
      .addColumn('schedule', 'jsonb', (c) => c.notNull())
      .addColumn('allergy_override', 'jsonb')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('status_reason', 'text')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('prescription_versions')
      .addColumn('prescription_id', 'uuid', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('changes', 'jsonb', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('prescription_versions_pk', ['prescription_id', 'revision'])
      .execute();
    await db.schema
      .createTable('medication_records')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('prescription_id', 'uuid', (c) => c.notNull())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('carer_id', 'uuid')
      .addColumn('appointment_id', 'uuid')
      .addColumn('due_at', 'timestamptz')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('administered_at', 'timestamptz', (c) => c.notNull())
      .addColumn('dose_given', 'text')
      .addColumn('reason', 'text')
      .addColumn('prn_reason', 'text')
      .addColumn('witness_user_id', 'uuid')
      .addColumn('notes', 'text')
      .addColumn('recorded_by', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
      .addColumn('amendments', 'integer', (c) => c.notNull())
      .addColumn('prn_effect', 'text')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('reference_medicines')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('strengths', 'jsonb', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('added_by', 'text', (c) => c.notNull())
      .addColumn('added_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('mar_codes')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('needs_reason', 'boolean', (c) => c.notNull())
      .addColumn('withdrawn', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('added_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    await db.schema
      .createIndex('prescriptions_client')
      .ifNotExists()
      .on('prescriptions')
      .columns(['client_id', 'name'])
      .execute();
    await db.schema
      .createIndex('prescriptions_status_name')
      .ifNotExists()
      .on('prescriptions')
      .columns(['status', 'name', 'id'])
      .execute();
    const newest = ['administered_at desc', 'id desc'];
    // GET /api/medication-records: newest first under each filter (client, carer, medicine, date range).
    await db.schema
      .createIndex('medication_records_newest')
      .ifNotExists()
      .on('medication_records')
      .columns(newest)
      .execute();
    await db.schema
      .createIndex('medication_records_client')
      .ifNotExists()
      .on('medication_records')
      .columns(['client_id', ...newest])
      .execute();
    await db.schema
      .createIndex('medication_records_carer')
      .ifNotExists()
      .on('medication_records')
      .columns(['carer_id', ...newest])
      .execute();
    await db.schema
      .createIndex('medication_records_prescription')
      .ifNotExists()
      .on('medication_records')
      .columns(['prescription_id', ...newest])
      .execute();
    // Due & Overdue and the MAR chart: the outcome of each due dose.
    await db.schema
      .createIndex('medication_records_due')
      .ifNotExists()
      .on('medication_records')
      .columns(['prescription_id', 'due_at'])
      .execute();
    // Adherence over 30 days.
    await db.schema
      .createIndex('medication_records_due_window')
      .ifNotExists()
      .on('medication_records')
      .columns(['due_at', 'prescription_id', 'status'])
      .execute();
  },
};
