import type { AlertTaskRequest } from '@care/events';
import { useQueryClient } from '@tanstack/react-query';
import { reloadTasks } from '../../records/tasks/get-tasks';
import { useAlertCommand } from '../../records/alerts/alert-command';

/**
 * POST /api/alerts/:id/task: a follow-up task in one step. Left blank, the server fills title ("Follow up: …"),
 * category and priority from the alert and copies its client, carer and visit.
 */
export function useMakeAlertTask() {
  const queryClient = useQueryClient();
  return useAlertCommand<AlertTaskRequest>(
    'task',
    { success: 'Follow-up task created', failure: 'Failed to create task' },
    () => reloadTasks(queryClient),
  );
}
