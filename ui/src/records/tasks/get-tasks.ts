import type { TaskView } from '@care/events';
import type { QueryClient } from '@tanstack/react-query';
import { isUnder } from '../../shared/live';
import { usePagedList } from '../../shared/paged-list';

/** URL first (the default loader's convention): the live push's `tasks:changed` reloads every task list. */
export const TASKS_PATH = '/api/tasks';

export interface TaskListFilters {
  /** Only the caller's own tasks (without tasks.read the server gives only those anyway). */
  readonly mine: boolean;
  /** Pending and in progress only. */
  readonly open: boolean;
  readonly overdue: boolean;
}

/** GET /api/tasks ?mine ?open ?overdue, a page at a time (X-Total-Count). */
export function useTaskList({ mine, open, overdue }: TaskListFilters) {
  const flag = (on: boolean) => (on ? 'true' : undefined);
  return usePagedList<TaskView>(TASKS_PATH, { mine: flag(mine), open: flag(open), overdue: flag(overdue) });
}

export const taskPath = (id: string, action = '') => `${TASKS_PATH}/${encodeURIComponent(id)}${action}`;

/** After a task command: every task list reloads (read your writes); the To Do figures arrive by push. */
export function reloadTasks(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) => typeof url === 'string' && isUnder(url, TASKS_PATH),
  });
}
