import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';
import type { VisitMeasures } from './report-tables';

/** The sums every visit roll-up row carries, in column order. */
export const VISIT_MEASURES = [
  'total',
  'completed',
  'on_time',
  'cancelled',
  'missed',
  'no_show',
  'completed_minutes',
  'booked_minutes',
  'tasks_planned',
  'tasks_done',
  'documented',
  'rated',
  'rating_sum',
] as const satisfies readonly (keyof VisitMeasures)[];

/** The reports projection's tables: day roll-ups per carer and client, and the facts it keeps to maintain them. */
export const reportsSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('report_visits')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('carer_id', 'uuid')
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('scheduled_start', 'text', (c) => c.notNull())
      .addColumn('duration_minutes', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('punctuality', 'text')
      .addColumn('tasks', 'jsonb', (c) => c.notNull())
      .addColumn('tasks_completed', 'jsonb', (c) => c.notNull())
      .addColumn('has_notes', 'boolean', (c) => c.notNull())
      .addColumn('has_signature', 'boolean', (c) => c.notNull())
      .addColumn('client_rating', 'integer')
      .execute();
    let carerDays = db.schema
      .createTable('report_carer_days')
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('carer_id', 'uuid');
    let days = db.schema.createTable('report_days').addColumn('date', 'date', (c) => c.primaryKey());
    let clientDays = db.schema
      .createTable('report_client_days')
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('client_id', 'uuid', (c) => c.notNull());
    for (const measure of VISIT_MEASURES) {
      days = days.addColumn(measure, 'integer', (c) => c.notNull());
      carerDays = carerDays.addColumn(measure, 'integer', (c) => c.notNull());
      clientDays = clientDays.addColumn(measure, 'integer', (c) => c.notNull());
    }
    // The upserts' conflict targets; visits with no carer share one row a day (nulls not distinct).
    await carerDays
      .addUniqueConstraint('report_carer_days_key', ['date', 'carer_id'], (c) => c.nullsNotDistinct())
      .execute();
    await days.execute();
    await clientDays.addPrimaryKeyConstraint('report_client_days_key', ['date', 'client_id']).execute();
    await db.schema
      .createTable('report_carers')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('region', 'text')
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('removed', 'boolean', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('report_clients')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('removed', 'boolean', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('report_shifts')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('carer_id', 'uuid', (c) => c.notNull())
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('break_minutes', 'integer', (c) => c.notNull())
      .addColumn('cancelled', 'boolean', (c) => c.notNull())
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('minutes', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('report_shift_days')
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('carer_id', 'uuid', (c) => c.notNull())
      .addColumn('shift_minutes', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('report_shift_days_key', ['date', 'carer_id'])
      .execute();
    await db.schema
      .createTable('report_diary_entries')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('carer_id', 'uuid', (c) => c.notNull())
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('entry_type', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('report_diary_days')
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('carer_id', 'uuid', (c) => c.notNull())
      .addColumn('entry_type', 'text', (c) => c.notNull())
      .addColumn('entries', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('report_diary_days_key', ['date', 'carer_id', 'entry_type'])
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // Every report reads a date range; the key indexes lead with the date already. A carer's own figures (the
    // carer filter) read (carer, date).
    await db.schema
      .createIndex('report_carer_days_carer')
      .ifNotExists()
      .on('report_carer_days')
      .columns(['carer_id', 'date'])
      .execute();
    await db.schema
      .createIndex('report_client_days_client')
      .ifNotExists()
      .on('report_client_days')
      .columns(['client_id', 'date'])
      .execute();
    await db.schema
      .createIndex('report_carers_region')
      .ifNotExists()
      .on('report_carers')
      .columns(['region'])
      .where(sql<boolean>`not removed`)
      .execute();
  },
};
