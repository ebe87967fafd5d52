import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** Runs inside the target schema (see read-model/migrations.ts). */
export const leaveSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('leave_requests')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('carer_id', 'uuid', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('from_date', 'date', (c) => c.notNull())
      .addColumn('to_date', 'date', (c) => c.notNull())
      .addColumn('day_part', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('requested_by_user_id', 'uuid', (c) => c.notNull())
      .addColumn('decided_by_user_id', 'text')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('reason', 'text')
      .addColumn('unassigned_appointment_ids', 'jsonb', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // A carer's leave, and "who is on approved leave today" (the carers list).
    await db.schema
      .createIndex('leave_requests_carer')
      .ifNotExists()
      .on('leave_requests')
      .columns(['carer_id', 'status', 'from_date', 'to_date'])
      .execute();
    // The list: by status, latest first.
    await db.schema
      .createIndex('leave_requests_status')
      .ifNotExists()
      .on('leave_requests')
      .columns(['status', 'from_date'])
      .execute();
  },
};
