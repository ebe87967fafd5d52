import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';
import { CLIENT_SEARCH_COLUMNS, createTrigramIndex } from '../shared/search-text';

/** The clients list (created inside the target schema: the live one, or a rebuild's own). */
export const clientsSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    const emptyList = sql`'[]'::jsonb`;
    await db.schema
      .createTable('clients')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('date_of_birth', 'date', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text')
      .addColumn('emergency_contact', 'text', (c) => c.notNull())
      .addColumn('emergency_phone', 'text', (c) => c.notNull())
      .addColumn('medical_conditions', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
      .addColumn('medications', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
      .addColumn('allergies', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
      .addColumn('care_level', 'text', (c) => c.notNull())
      .addColumn('mobility_level', 'text')
      .addColumn('cognitive_level', 'text')
      .addColumn('keyworker_carer_id', 'uuid')
      .addColumn('preferred_carers', 'jsonb', (c) => c.notNull().defaultTo(emptyList))
      .addColumn('risk_assessment', 'text')
      .addColumn('care_instructions', 'text')
      .addColumn('gp_practice', 'text')
      .addColumn('gp_phone', 'text')
      .addColumn('postcode', 'text')
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('is_active', 'boolean', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // The list's order (GET /api/clients pages on it).
    await createTrigramIndex(db, 'clients', 'clients_search', CLIENT_SEARCH_COLUMNS);
    await db.schema
      .createIndex('clients_name')
      .ifNotExists()
      .on('clients')
      .columns(['last_name', 'first_name', 'id'])
      .execute();
    await db.schema.createIndex('clients_keyworker').ifNotExists().on('clients').column('keyworker_carer_id').execute();
  },
};
