import { can, TASK_CATEGORY_LABELS, TASK_PRIORITY_LABELS, TASK_STATUS_LABELS, type TaskView } from '@care/events';
import { ClipboardList, Plus } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { personName } from '../../records/alerts/alert-badges';
import { CreateTaskDialog } from './create-task-dialog';
import { useTaskList } from '../../records/tasks/get-tasks';
import { TaskActions } from './task-actions';
import { formatDueDate } from '../../records/tasks/task-format';
import './tasks.css';

export interface TasksPageProps {
  /** `/tasks?open=true` (the To Do Items tile): pending and in progress only. */
  readonly open?: boolean | undefined;
}

/** To-do tasks: mine or everyone's (with tasks.read), open or all, overdue marked; create and work them. */
export function TasksPage({ open: openOnly = false }: TasksPageProps) {
  const role = useCurrentUser().role;
  const canReadAll = can(role, 'tasks.read');
  const canWrite = can(role, 'tasks.write');
  const [mine, setMine] = useState(!canReadAll);
  const [open, setOpen] = useState(openOnly);
  const [overdue, setOverdue] = useState(false);
  const [creating, setCreating] = useState(false);
  const tasks = useTaskList({ mine, open, overdue });

  const segmented = (
    label: string,
    options: readonly [string, boolean][],
    value: boolean,
    onChange: (next: boolean) => void,
  ) => (
    <div className="segmented" role="group" aria-label={label}>
      {options.map(([text, optionValue]) => (
        <button
          key={text}
          type="button"
          className={`segmented-button${value === optionValue ? ' active' : ''}`}
          aria-pressed={value === optionValue}
          onClick={() => onChange(optionValue)}
        >
          {text}
        </button>
      ))}
    </div>
  );

  return (
    <section className="page tasks-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">To Do Items</h1>
          <p className="page-subtitle">
            {canReadAll ? 'Your tasks and, with your role, everyone’s' : 'The tasks assigned to you'}
          </p>
        </div>
        {canWrite && (
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden />
            New Task
          </button>
        )}
      </div>
      <div className="toolbar tasks-toolbar">
        {canReadAll &&
          segmented(
            'Whose tasks',
            [
              ['Everyone’s', false],
              ['Mine', true],
            ],
            mine,
            setMine,
          )}
        {segmented(
          'Which tasks',
          [
            ['Open', true],
            ['All', false],
          ],
          open,
          setOpen,
        )}
        <label className="check-option">
          <input type="checkbox" checked={overdue} onChange={(event) => setOverdue(event.target.checked)} />
          Overdue only
        </label>
      </div>
      {tasks.isPending ? (
        <ListLoading what="tasks" />
      ) : tasks.isError ? (
        <ListLoadError what="tasks" error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : tasks.items.length === 0 ? (
        <div className="card empty-state">
          <ClipboardList size={36} aria-hidden className="empty-icon" />
          <p>{overdue ? 'No overdue tasks.' : open ? 'No open tasks.' : 'No tasks yet.'}</p>
        </div>
      ) : (
        <div className="card tasks-card">
          <div className="table-wrap">
            <table className="data-table tasks-table" data-testid="tasks-table">
              <caption className="sr-only">Tasks, overdue ones marked</caption>
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col">Category</th>
                  <th scope="col">Status</th>
                  <th scope="col">Due</th>
                  <th scope="col">Assigned to</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tasks.items.map((task) => (
                  <TaskRow key={task.id} task={task} />
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore
            shown={tasks.items.length}
            total={tasks.total}
            hasMore={tasks.hasNextPage}
            loading={tasks.isFetchingNextPage}
            onLoadMore={() => void tasks.fetchNextPage()}
          />
        </div>
      )}
      {canWrite && <CreateTaskDialog open={creating} onOpenChange={setCreating} />}
    </section>
  );
}

function TaskRow({ task }: { task: TaskView }) {
  const about = [
    task.clientName && `Client: ${task.clientName}`,
    task.carerName && `Carer: ${task.carerName}`,
    task.alertId && 'From an alert',
  ].filter(Boolean);
  return (
    <tr data-testid="task-row" className={task.overdue ? 'row-warning' : undefined}>
      <td data-label="Task" className="task-cell">
        <span className="task-title">{task.title}</span>
        <span className="task-priority small">
          <span className={`badge priority-${task.priority}`}>{TASK_PRIORITY_LABELS[task.priority]}</span> priority
        </span>
        {task.description && <span className="muted small">{task.description}</span>}
        {about.length > 0 && <span className="small">{about.join(' · ')}</span>}
        {task.notes && <span className="muted small">Notes: {task.notes}</span>}
      </td>
      <td data-label="Category">{TASK_CATEGORY_LABELS[task.category]}</td>
      <td data-label="Status">
        <span className={`badge task-status-${task.status}`}>{TASK_STATUS_LABELS[task.status]}</span>
      </td>
      <td data-label="Due">
        {task.dueDate ? (
          <span className="task-due">
            <time dateTime={task.dueDate}>{formatDueDate(task.dueDate)}</time>
            {task.overdue && <span className="badge badge-overdue">Overdue</span>}
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td data-label="Assigned to">{personName(task.assignedTo, 'Unassigned')}</td>
      <td>
        <TaskActions task={task} />
      </td>
    </tr>
  );
}
