import { useTaskCommand } from './task-command';

/** POST /api/tasks/:id/complete {notes?}. */
export const useCompleteTask = () =>
  useTaskCommand<{ notes?: string }>('complete', { success: 'Task completed', failure: 'Failed to complete task' });
