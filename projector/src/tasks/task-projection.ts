import type { Kysely } from 'kysely';
import { taskSliceEvents } from '@care/events';
import type { Projection } from '../projection';
import type { ReadModelDatabase } from '../read-model/database';
import { excludedColumns, foldBatch, UPSERT_CHUNK } from '../shared/fold-batch';
import { evolveTask, recordOf, rowOf, type TaskRecorded } from './task-record';
import { tasksSchema } from './task-schema';
import type { TasksTable } from './task-tables';

const TASK_EVENTS = new Set<string>(taskSliceEvents.map((definition) => definition.type));
const TASK_COLUMNS = [
  'title',
  'description',
  'type',
  'category',
  'priority',
  'status',
  'assigned_to',
  'assigned_by',
  'created_by',
  'client_id',
  'carer_id',
  'appointment_id',
  'alert_id',
  'due_date',
  'completed_at',
  'notes',
  'status_reason',
  'revision',
  'created_at',
  'updated_at',
] as const satisfies readonly Exclude<keyof TasksTable, 'id'>[];

/** The to-do tasks (GET /api/tasks, the dashboard's To Do Items and Task Categories), folded per batch and upserted. */
export const tasksProjection: Projection = {
  name: 'tasks',
  version: 1,
  tables: ['tasks'],
  schema: tasksSchema,
  handles: (type) => TASK_EVENTS.has(type),
  async apply(db: Kysely<ReadModelDatabase>, events) {
    const written = await foldBatch({
      events: events as readonly TaskRecorded[],
      idOf: (event) => event.data.id,
      creates: (event) => event.type === 'TaskCreated',
      load: async (ids) => (await db.selectFrom('tasks').selectAll().where('id', 'in', ids).execute()).map(recordOf),
      evolve: evolveTask,
    });
    for (let start = 0; start < written.length; start += UPSERT_CHUNK) {
      await db
        .insertInto('tasks')
        .values(written.slice(start, start + UPSERT_CHUNK).map(rowOf))
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => excludedColumns(eb, TASK_COLUMNS)))
        .execute();
    }
  },
};
