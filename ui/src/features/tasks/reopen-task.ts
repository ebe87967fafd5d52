import { useTaskCommand } from './task-command';

/** POST /api/tasks/:id/reopen {reason}: a completed or cancelled task back to pending. */
export const useReopenTask = () =>
  useTaskCommand<{ reason: string }>('reopen', { success: 'Task reopened', failure: 'Failed to reopen task' });
