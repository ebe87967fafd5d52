import type { AssignRequest } from '@care/events';
import { useTaskCommand } from './task-command';

/** POST /api/tasks/:id/assign {assignedTo}: null unassigns. */
export const useAssignTask = () =>
  useTaskCommand<AssignRequest>('assign', { success: 'Task assigned', failure: 'Failed to assign task' });
