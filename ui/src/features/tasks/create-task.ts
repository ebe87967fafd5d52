import type { CreateTaskRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import type { CommandReply } from '../../records/alerts/alert-command';
import { reloadTasks, TASKS_PATH } from '../../records/tasks/get-tasks';

/** POST /api/tasks (tasks.write). Field refusals stay with the form; the toast only says it worked. */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateTaskRequest) => apiSend<CommandReply>('POST', TASKS_PATH, request),
    onSuccess: async () => {
      toast({ title: 'Task created successfully' });
      await reloadTasks(queryClient);
    },
    onError: (error) => void handleUnauthorized(error),
  });
}
