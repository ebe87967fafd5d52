import type { Insertable, Selectable } from 'kysely';
import type { RecordedEvent, TaskSliceEvent } from '@care/events';
import { iso, isoOrNull } from '../shared/fold-batch';
import type { TasksTable } from './task-tables';

/** A row of `tasks` as the projection folds it in memory: instants as ISO text. */
export type TaskRecord = Omit<
  Selectable<TasksTable>,
  'due_date' | 'completed_at' | 'created_at' | 'updated_at' | 'revision'
> & {
  due_date: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  revision: string;
};

export type TaskRecorded = RecordedEvent<TaskSliceEvent>;

export function recordOf(row: Selectable<TasksTable>): TaskRecord {
  return {
    ...row,
    due_date: isoOrNull(row.due_date),
    completed_at: isoOrNull(row.completed_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    revision: String(row.revision),
  };
}

export const rowOf = (record: TaskRecord): Insertable<TasksTable> => record;

/** The row after one event (a pure fold); undefined for an event about a task this projection never saw created. */
export function evolveTask(current: TaskRecord | undefined, event: TaskRecorded): TaskRecord | undefined {
  const at = iso(event.metadata.occurredAt);
  const by = event.metadata.userId;
  const stamp = { revision: String(event.revision), updated_at: at };
  if (event.type === 'TaskCreated') {
    const data = event.data;
    return {
      id: data.id,
      title: data.title,
      description: data.description,
      type: data.type,
      category: data.category,
      priority: data.priority,
      status: 'pending',
      assigned_to: data.assignedTo,
      assigned_by: data.assignedTo === null ? null : by,
      created_by: by,
      client_id: data.clientId,
      carer_id: data.carerId,
      appointment_id: data.appointmentId,
      alert_id: data.alertId,
      due_date: data.dueDate === null ? null : iso(data.dueDate),
      completed_at: null,
      notes: null,
      status_reason: null,
      created_at: at,
      ...stamp,
    };
  }
  if (!current) return undefined;
  switch (event.type) {
    case 'TaskAssigned':
      return {
        ...current,
        assigned_to: event.data.assignedTo,
        assigned_by: event.data.assignedTo === null ? null : by,
        ...stamp,
      };
    case 'TaskDetailsChanged': {
      const changes = event.data.changes;
      return {
        ...current,
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.type !== undefined && { type: changes.type }),
        ...(changes.category !== undefined && { category: changes.category }),
        ...(changes.priority !== undefined && { priority: changes.priority }),
        ...(changes.dueDate !== undefined && { due_date: changes.dueDate === null ? null : iso(changes.dueDate) }),
        ...(changes.clientId !== undefined && { client_id: changes.clientId }),
        ...(changes.carerId !== undefined && { carer_id: changes.carerId }),
        ...(changes.appointmentId !== undefined && { appointment_id: changes.appointmentId }),
        ...stamp,
      };
    }
    case 'TaskStarted':
      return { ...current, status: 'in_progress', ...stamp };
    case 'TaskCompleted':
      return {
        ...current,
        status: 'completed',
        completed_at: iso(event.data.completedAt),
        notes: event.data.notes,
        ...stamp,
      };
    case 'TaskCancelled':
      return { ...current, status: 'cancelled', status_reason: event.data.reason, ...stamp };
    case 'TaskReopened':
      return { ...current, status: 'pending', completed_at: null, status_reason: event.data.reason, ...stamp };
  }
}
