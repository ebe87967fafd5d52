import { useTaskCommand } from './task-command';

/** POST /api/tasks/:id/cancel {reason}: a pending or started task no longer needed. */
export const useCancelTask = () =>
  useTaskCommand<{ reason: string }>('cancel', { success: 'Task cancelled', failure: 'Failed to cancel task' });
