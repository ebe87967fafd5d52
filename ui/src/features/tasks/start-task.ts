import { useTaskCommand } from './task-command';

/** POST /api/tasks/:id/start: pending → in progress (the assignee, or anyone with tasks.write). */
export const useStartTask = () =>
  useTaskCommand<never>('start', { success: 'Task started', failure: 'Failed to start task' });
