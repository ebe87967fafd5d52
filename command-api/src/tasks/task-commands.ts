import type { TaskDetails } from '@care/events';

/** Who starts or completes a task: the assignee may, and so may anyone who manages tasks (tasks.write). */
export interface TaskWorker {
  readonly userId: string;
  readonly mayWorkAnyTask: boolean;
}

export type TaskCommand =
  | {
      readonly type: 'CreateTask';
      readonly id: string;
      readonly details: TaskDetails;
      readonly assignedTo: string | null;
      /** The alert it follows up, when made from one. */
      readonly alertId: string | null;
    }
  | { readonly type: 'ChangeTaskDetails'; readonly id: string; readonly changes: Partial<TaskDetails> }
  | { readonly type: 'AssignTask'; readonly id: string; readonly assignedTo: string | null }
  | { readonly type: 'StartTask'; readonly id: string; readonly by: TaskWorker }
  | {
      readonly type: 'CompleteTask';
      readonly id: string;
      readonly by: TaskWorker;
      readonly completedAt: string;
      readonly notes: string | null;
    }
  | { readonly type: 'CancelTask'; readonly id: string; readonly reason: string }
  | { readonly type: 'ReopenTask'; readonly id: string; readonly reason: string };
