import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';
import { CARER_SEARCH_COLUMNS, createTrigramIndex } from '../shared/search-text';

/** The carers list (created inside the target schema: the live one, or a rebuild's own). */
export const carersSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('carers')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid')
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('region', 'text')
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('specialization', 'text')
      .addColumn('qualifications', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('phone_number', 'text')
      .addColumn('emergency_contact', 'text')
      .addColumn('emergency_phone', 'text')
      .addColumn('address', 'text')
      .addColumn('date_of_birth', 'date')
      .addColumn('start_date', 'date', (c) => c.notNull())
      .addColumn('hourly_rate_pence', 'integer')
      .addColumn('max_clients_per_day', 'integer', (c) => c.notNull())
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('travel_mode', 'text', (c) => c.notNull().defaultTo('car'))
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // The list's order (GET /api/carers pages on it), and a carer's own record (carers.readOwn).
    await db.schema
      .createIndex('carers_name')
      .ifNotExists()
      .on('carers')
      .columns(['last_name', 'first_name', 'id'])
      .execute();
    await createTrigramIndex(db, 'carers', 'carers_search', CARER_SEARCH_COLUMNS);
    await db.schema.createIndex('carers_user').ifNotExists().on('carers').column('user_id').execute();
    await db.schema
      .createIndex('carers_active_name')
      .ifNotExists()
      .on('carers')
      .columns(['is_active', 'last_name', 'first_name', 'id'])
      .execute();
  },
};
