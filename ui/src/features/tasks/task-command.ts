import type { TaskView } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { refusalReason } from '../../shared/form-errors';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import type { CommandReply } from '../../records/alerts/alert-command';
import { reloadTasks, taskPath } from '../../records/tasks/get-tasks';

export type TaskAction = 'assign' | 'start' | 'complete' | 'cancel' | 'reopen';

/**
 * One task command: POST /api/tasks/:id/<action> with If-Match. A transition the task's status does not allow is
 * refused (409) with the server's reason, shown in the toast. The task lists reload either way.
 */
export function useTaskCommand<B>(action: TaskAction, texts: { readonly success: string; readonly failure: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, body }: { task: Pick<TaskView, 'id' | 'revision'>; body?: B }) =>
      apiSend<CommandReply>('POST', taskPath(task.id, `/${action}`), body ?? {}, { 'If-Match': task.revision }),
    onSuccess: () => toast({ title: texts.success }),
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: refusalReason(error, texts.failure), variant: 'destructive' });
    },
    onSettled: () => reloadTasks(queryClient),
  });
}
