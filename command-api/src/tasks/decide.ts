import { changedFields, type TaskSliceEvent, type TaskStatus } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { TaskCommand, TaskWorker } from './task-commands';
import type { TaskState } from './task-state';

export const TASK_NOT_FOUND = 'Task not found';

/** Why a task in this status cannot take the step asked for (409). */
const CLOSED: Partial<Record<TaskStatus, string>> = {
  completed: 'Task is already completed',
  cancelled: 'Task is already cancelled',
};

type ExistingTask = Extract<TaskState, { exists: true }>;

function existing(state: TaskState): ExistingTask {
  if (!state.exists) throw new DomainError('not_found', TASK_NOT_FOUND);
  return state;
}

/** Edits, assignment and cancelling apply to open tasks (pending or in progress); a closed one is reopened first. */
function open(state: TaskState): ExistingTask {
  const task = existing(state);
  const closed = CLOSED[task.status];
  if (closed) throw new DomainError('conflict', closed);
  return task;
}

/**
 * Someone who works only on their own tasks (a carer) reads no other task: one assigned to someone else, or to
 * no one, answers as if it did not exist.
 */
export function mayWork(state: TaskState, by: TaskWorker): void {
  const task = existing(state);
  if (!by.mayWorkAnyTask && task.assignedTo !== by.userId) throw new DomainError('not_found', TASK_NOT_FOUND);
}

/**
 * The task aggregate's rules. Pure. Status: pending → in_progress → completed; pending or in_progress →
 * cancelled; completed or cancelled → reopened (pending). Any other step is a 409 saying why.
 */
export function decide(command: TaskCommand, state: TaskState): TaskSliceEvent[] {
  switch (command.type) {
    case 'CreateTask': {
      if (state.exists) throw new DomainError('conflict', 'Task already exists');
      return [
        {
          type: 'TaskCreated',
          data: { id: command.id, ...command.details, assignedTo: command.assignedTo, alertId: command.alertId },
        },
      ];
    }
    case 'ChangeTaskDetails': {
      const task = open(state);
      const changes = changedFields(task.details, command.changes);
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'TaskDetailsChanged', data: { id: command.id, changes } }];
    }
    case 'AssignTask': {
      const task = open(state);
      if (task.assignedTo === command.assignedTo) return [];
      return [{ type: 'TaskAssigned', data: { id: command.id, assignedTo: command.assignedTo } }];
    }
    case 'StartTask': {
      // Whose task it is comes first: someone else's task tells a carer nothing about its status.
      mayWork(state, command.by);
      const task = open(state);
      if (task.status === 'in_progress') throw new DomainError('conflict', 'Task is already in progress');
      return [{ type: 'TaskStarted', data: { id: command.id } }];
    }
    case 'CompleteTask': {
      mayWork(state, command.by);
      const task = open(state);
      if (task.status === 'pending')
        throw new DomainError('conflict', 'Task has not been started: start it before completing it');
      return [
        { type: 'TaskCompleted', data: { id: command.id, completedAt: command.completedAt, notes: command.notes } },
      ];
    }
    case 'CancelTask': {
      open(state);
      return [{ type: 'TaskCancelled', data: { id: command.id, reason: command.reason } }];
    }
    case 'ReopenTask': {
      const task = existing(state);
      if (task.status !== 'completed' && task.status !== 'cancelled') {
        throw new DomainError('conflict', 'Task is still open: only a completed or cancelled task can be reopened');
      }
      return [{ type: 'TaskReopened', data: { id: command.id, reason: command.reason } }];
    }
    default:
      return assertNever(command);
  }
}
