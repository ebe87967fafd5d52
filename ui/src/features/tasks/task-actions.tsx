import { can, completeTaskRequestSchema, reasonRequestSchema, TEXT_LIMITS, type TaskView } from '@care/events';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { useKeepFocusInRow } from '../../shared/keep-focus-in-row';
import { TextCommandDialog } from '../../shared/text-command-dialog';
import { AssignDialog } from './assign-dialog';
import { useAssignTask } from './assign-task';
import { useCancelTask } from './cancel-task';
import { useCompleteTask } from './complete-task';
import { useReopenTask } from './reopen-task';
import { useStartTask } from './start-task';

type Dialog = 'complete' | 'cancel' | 'reopen' | 'assign';

/**
 * A task's next steps, offered by its status and the user's rights: the assignee (or a manager) starts and completes
 * it; a manager (tasks.write) also assigns, cancels and reopens. The server decides again and says why it refuses.
 */
export function TaskActions({ task }: { task: TaskView }) {
  const user = useCurrentUser();
  const canWrite = can(user.role, 'tasks.write');
  const canWork = can(user.role, 'tasks.work') && (canWrite || task.assignedTo?.id === user.id);
  const [dialog, setDialog] = useState<Dialog>();
  const container = useKeepFocusInRow<HTMLDivElement>(task.status);
  const start = useStartTask();
  const complete = useCompleteTask();
  const cancel = useCancelTask();
  const reopen = useReopenTask();
  const assign = useAssignTask();
  const open = task.status === 'pending' || task.status === 'in_progress';
  const close = (next: boolean) => {
    if (!next) setDialog(undefined);
  };
  const button = (label: string, action: () => void, options: { primary?: boolean; busy?: boolean } = {}) => (
    <button
      type="button"
      className={`button button-small ${options.primary ? 'button-primary' : 'button-secondary'}`}
      aria-label={`${label}: ${task.title}`}
      disabled={options.busy}
      onClick={action}
    >
      {label}
    </button>
  );

  return (
    <div className="row-actions" ref={container}>
      {canWork &&
        task.status === 'pending' &&
        button('Start', () => start.mutate({ task }), { primary: true, busy: start.isPending })}
      {canWork && open && button('Complete', () => setDialog('complete'), { primary: task.status === 'in_progress' })}
      {canWrite && open && button('Assign', () => setDialog('assign'))}
      {canWrite && open && button('Cancel', () => setDialog('cancel'))}
      {canWrite && !open && button('Reopen', () => setDialog('reopen'))}

      <TextCommandDialog
        open={dialog === 'complete'}
        onOpenChange={close}
        title="Complete Task"
        summary={task.title}
        field="notes"
        label="Notes (optional)"
        required={false}
        maxLength={TEXT_LIMITS.notes}
        schema={completeTaskRequestSchema}
        submitLabel="Complete"
        onSubmit={(body) => complete.mutateAsync({ task, body: body.notes.trim() === '' ? {} : body })}
      />
      <TextCommandDialog
        open={dialog === 'cancel'}
        onOpenChange={close}
        title="Cancel Task"
        summary={task.title}
        field="reason"
        label="Reason"
        required
        maxLength={TEXT_LIMITS.shortReason}
        schema={reasonRequestSchema}
        submitLabel="Cancel Task"
        onSubmit={(body) => cancel.mutateAsync({ task, body })}
      />
      <TextCommandDialog
        open={dialog === 'reopen'}
        onOpenChange={close}
        title="Reopen Task"
        summary={task.title}
        field="reason"
        label="Reason"
        required
        maxLength={TEXT_LIMITS.shortReason}
        schema={reasonRequestSchema}
        submitLabel="Reopen"
        onSubmit={(body) => reopen.mutateAsync({ task, body })}
      />
      {dialog === 'assign' && (
        <AssignDialog
          open
          onOpenChange={close}
          title="Assign Task"
          summary={task.title}
          current={task.assignedTo}
          onAssign={(assignedTo) => assign.mutateAsync({ task, body: { assignedTo } })}
        />
      )}
    </div>
  );
}
