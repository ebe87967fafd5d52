import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** The shifts read-model table (created inside the target schema: the live one, or a rebuild's own). */
export const shiftsSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('shifts')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('carer_id', 'uuid', (c) => c.notNull())
      .addColumn('shift_type', 'text', (c) => c.notNull())
      .addColumn('start_time', 'timestamptz', (c) => c.notNull())
      .addColumn('end_time', 'timestamptz', (c) => c.notNull())
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('break_minutes', 'integer', (c) => c.notNull())
      .addColumn('location', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('cancellation_reason', 'text')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // The outside-shift flag asks, per visit, for a shift of its carer starting before the visit does.
    await db.schema
      .createIndex('shifts_carer')
      .ifNotExists()
      .on('shifts')
      .columns(['carer_id', 'start_time'])
      .execute();
    await db.schema.createIndex('shifts_date').ifNotExists().on('shifts').columns(['date', 'start_time']).execute();
  },
};
