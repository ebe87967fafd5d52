import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** Runs inside the target schema (see read-model/migrations.ts). */
export const workingPatternSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('carer_working_patterns')
      .addColumn('carer_id', 'uuid', (c) => c.primaryKey())
      .addColumn('weekly', 'jsonb', (c) => c.notNull())
      .addColumn('exceptions', 'jsonb', (c) => c.notNull())
      .addColumn('contracted_hours_per_week', 'numeric')
      .addColumn('weekly_hours_limit', 'numeric', (c) => c.notNull())
      .addColumn('opted_out_on', 'date')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();
  },
  // Read by carer id only: the primary key serves every query.
  async indexes() {},
};
