import type { ColumnType } from 'kysely';
import type { TaskCategory, TaskPriority, TaskStatus, TaskType } from '@care/events';

type Instant = ColumnType<Date, string, string>;
type OptionalInstant = ColumnType<Date | null, string | null, string | null>;

/**
 * One row per to-do task (the tasks projection; GET /api/tasks and the dashboard's To Do Items and Task
 * Categories). Names are joined at query time from users, carers and clients: this projection writes only here.
 */
export interface TasksTable {
  id: string;
  title: string;
  description: string | null;
  type: TaskType;
  category: TaskCategory;
  priority: TaskPriority;
  status: TaskStatus;
  assigned_to: string | null;
  /** Who gave it to the assignee (metadata user id of the creation or assignment); null while unassigned. */
  assigned_by: string | null;
  created_by: string;
  client_id: string | null;
  carer_id: string | null;
  appointment_id: string | null;
  alert_id: string | null;
  due_date: OptionalInstant;
  completed_at: OptionalInstant;
  /** The completion notes. */
  notes: string | null;
  /** Why it was last cancelled or reopened. */
  status_reason: string | null;
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: Instant;
  updated_at: Instant;
}

export interface TaskTables {
  tasks: TasksTable;
}
