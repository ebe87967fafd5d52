import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** The appointments read-model tables (created inside the target schema: the live one, or a rebuild's own). */
export const appointmentsSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('appointments')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('carer_id', 'uuid')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('scheduled_start', 'timestamptz', (c) => c.notNull())
      .addColumn('scheduled_end', 'timestamptz', (c) => c.notNull())
      .addColumn('duration_minutes', 'integer', (c) => c.notNull())
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('visit_type', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('tasks', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('notes', 'text')
      .addColumn('series_id', 'uuid')
      .addColumn('running_late', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('checked_in_at', 'timestamptz')
      .addColumn('checked_out_at', 'timestamptz')
      .addColumn('check_in_location', 'jsonb')
      .addColumn('check_out_location', 'jsonb')
      .addColumn('check_in_source', 'text')
      .addColumn('check_out_source', 'text')
      .addColumn('manual_input_reason', 'text')
      .addColumn('late_arrival', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('late_reason', 'text')
      .addColumn('punctuality', 'text')
      .addColumn('check_in_recorded_at', 'timestamptz')
      .addColumn('check_in_time_reason', 'text')
      .addColumn('check_out_recorded_at', 'timestamptz')
      .addColumn('check_out_time_reason', 'text')
      .addColumn('check_in_offline_captured_at', 'timestamptz')
      .addColumn('check_in_offline_received_at', 'timestamptz')
      .addColumn('check_out_offline_captured_at', 'timestamptz')
      .addColumn('check_out_offline_received_at', 'timestamptz')
      .addColumn('tasks_completed', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('medication_given', 'boolean')
      .addColumn('client_mood', 'text')
      .addColumn('health_observations', 'text')
      .addColumn('visit_notes', 'text')
      .addColumn('note_shared_with_family', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('signature', 'text')
      .addColumn('travel_time_minutes', 'integer')
      .addColumn('mileage_tenths', 'integer')
      .addColumn('expenses_pence', 'integer')
      .addColumn('client_rating', 'integer')
      .addColumn('status_reason', 'text')
      .addColumn('amended', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('appointment_views')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('members', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('appointment_carer_names')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid')
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('appointment_day_totals')
      .addColumn('carer_id', 'uuid')
      .addColumn('date', 'date', (c) => c.notNull())
      .addColumn('completed', 'integer', (c) => c.notNull())
      .addColumn('on_time', 'integer', (c) => c.notNull())
      .addColumn('rated', 'integer', (c) => c.notNull())
      .addColumn('rating_sum', 'integer', (c) => c.notNull())
      // One row per carer and day, visits without a carer (null) included: the upsert's conflict target.
      .addUniqueConstraint('appointment_day_totals_key', ['carer_id', 'date'], (c) => c.nullsNotDistinct())
      .execute();
    await db.schema
      .createTable('appointment_client_names')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // Day and range lists (GET /api/appointments?date=, /api/monitoring) read the London date in start order,
    // ties by id: the index gives the lists' whole order, so a page is read from it without sorting the range.
    await db.schema
      .createIndex('appointments_date')
      .ifNotExists()
      .on('appointments')
      .columns(['date', 'scheduled_start', 'id'])
      .execute();
    await db.schema
      .createIndex('appointments_start')
      .ifNotExists()
      .on('appointments')
      .column('scheduled_start')
      .execute();
    await db.schema
      .createIndex('appointments_carer')
      .ifNotExists()
      .on('appointments')
      .columns(['carer_id', 'scheduled_start'])
      .execute();
    // A client's visits in start order, ties by id: the staff client screens and the family portal's upcoming and
    // past visits (read-api/src/family) page from it without sorting the client's year of visits. Status and planned
    // end come last, so the family list's total is counted from the index alone.
    await db.schema
      .createIndex('appointments_client')
      .ifNotExists()
      .on('appointments')
      .columns(['client_id', 'scheduled_start', 'id', 'status', 'scheduled_end'])
      .execute();
    // The timeliness policy looks for scheduled visits whose start or end has passed.
    await db.schema
      .createIndex('appointments_status')
      .ifNotExists()
      .on('appointments')
      .columns(['status', 'scheduled_start'])
      .execute();
    // The dashboard's Unrecorded Visits: visits past their planned end with no check-out.
    await db.schema
      .createIndex('appointments_unrecorded')
      .ifNotExists()
      .on('appointments')
      .columns(['scheduled_end', 'carer_id'])
      .where(sql<boolean>`status in ('scheduled', 'in_progress', 'missed')`)
      .execute();
    await db.schema
      .createIndex('appointment_day_totals_date')
      .ifNotExists()
      .on('appointment_day_totals')
      .column('date')
      .execute();
    await db.schema
      .createIndex('appointment_carer_names_user')
      .ifNotExists()
      .on('appointment_carer_names')
      .column('user_id')
      .execute();
  },
};
