import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

const OPEN = sql<boolean>`status in ('pending', 'in_progress')`;

/** The tasks table (created inside the target schema: the live one, or a rebuild's own). */
export const tasksSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('tasks')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('assigned_to', 'uuid')
      // Metadata user ids: text.
      .addColumn('assigned_by', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('client_id', 'uuid')
      .addColumn('carer_id', 'uuid')
      .addColumn('appointment_id', 'uuid')
      .addColumn('alert_id', 'uuid')
      .addColumn('due_date', 'timestamptz')
      .addColumn('completed_at', 'timestamptz')
      .addColumn('notes', 'text')
      .addColumn('status_reason', 'text')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    const newest = ['created_at desc', 'id desc'];
    // GET /api/tasks: newest first, under each filter (?status, ?category, ?mine and tasks.readOwn, ?open, ?overdue).
    await db.schema.createIndex('tasks_newest').ifNotExists().on('tasks').columns(newest).execute();
    await db.schema
      .createIndex('tasks_status_newest')
      .ifNotExists()
      .on('tasks')
      .columns(['status', ...newest])
      .execute();
    await db.schema
      .createIndex('tasks_category_newest')
      .ifNotExists()
      .on('tasks')
      .columns(['category', ...newest])
      .execute();
    await db.schema
      .createIndex('tasks_assignee_newest')
      .ifNotExists()
      .on('tasks')
      .columns(['assigned_to', ...newest])
      .execute();
    await db.schema.createIndex('tasks_open_newest').ifNotExists().on('tasks').columns(newest).where(OPEN).execute();
    // The dashboard's To Do Items, Task Categories and overdue figures: open tasks only.
    await db.schema
      .createIndex('tasks_open_category')
      .ifNotExists()
      .on('tasks')
      .columns(['assigned_to', 'category', 'due_date'])
      .where(OPEN)
      .execute();
    await db.schema.createIndex('tasks_open_due').ifNotExists().on('tasks').column('due_date').where(OPEN).execute();
    await db.schema.createIndex('tasks_alert').ifNotExists().on('tasks').column('alert_id').execute();
  },
};
