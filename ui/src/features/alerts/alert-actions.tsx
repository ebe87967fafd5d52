import { acknowledgeAlertRequestSchema, can, reasonRequestSchema, resolveAlertRequestSchema, TEXT_LIMITS, type AlertView } from '@care/events';
import { Suspense, useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { useKeepFocusInRow } from '../../shared/keep-focus-in-row';
import { lazyNamed } from '../../shared/lazy-named';
import { TextCommandDialog } from '../../shared/text-command-dialog';
import { AssignDialog } from '../tasks/assign-dialog';
import { useAcknowledgeAlert } from './acknowledge-alert';
import { AlertTaskDialog } from './alert-task-dialog';
import { useAssignAlert } from './assign-alert';
import { EscalateAlertDialog } from './escalate-alert-dialog';
import { useReopenAlert } from './reopen-alert';
import { useResolveAlert } from './resolve-alert';

const AlertDetailDialog = lazyNamed(() => import('./alert-detail-dialog'), 'AlertDetailDialog');

type Dialog = 'acknowledge' | 'resolve' | 'reopen' | 'escalate' | 'assign' | 'task' | 'details';

interface AlertActionsProps {
  readonly alert: AlertView;
  /** compact: the dashboard's Action column (acknowledge, resolve, make a task); full: the Alerts page. */
  readonly variant: 'compact' | 'full';
}

/**
 * What a manager can do with an alert, offered by its status: acknowledge while nobody has, resolve (with a note)
 * or make a task while it is open, escalate below critical, reopen once resolved. Roles without alerts.manage see
 * only the details.
 */
export function AlertActions({ alert, variant }: AlertActionsProps) {
  const canManage = can(useCurrentUser().role, 'alerts.manage');
  const [dialog, setDialog] = useState<Dialog>();
  const container = useKeepFocusInRow<HTMLDivElement>(alert.status);
  const acknowledge = useAcknowledgeAlert();
  const resolve = useResolveAlert();
  const reopen = useReopenAlert();
  const assign = useAssignAlert();
  const full = variant === 'full';
  const open = alert.status !== 'resolved';
  const close = (next: boolean) => {
    if (!next) setDialog(undefined);
  };

  const button = (label: string, action: () => void, options: { primary?: boolean; busy?: boolean } = {}) => (
    <button
      type="button"
      className={`button button-small ${options.primary ? 'button-primary' : 'button-secondary'}`}
      aria-label={`${label}: ${alert.title}`}
      disabled={options.busy}
      onClick={action}
    >
      {label}
    </button>
  );

  return (
    <div className="row-actions alert-actions" ref={container}>
      {canManage && alert.status === 'active' &&
        (full
          ? button('Acknowledge', () => setDialog('acknowledge'), { primary: true })
          : button('Acknowledge', () => acknowledge.mutate({ alert, body: {} }), { primary: true, busy: acknowledge.isPending }))}
      {canManage && open && button('Resolve', () => setDialog('resolve'))}
      {canManage && open && button('Make task', () => setDialog('task'))}
      {canManage && full && open && button('Assign', () => setDialog('assign'))}
      {canManage && full && open && alert.severity !== 'critical' && button('Escalate', () => setDialog('escalate'))}
      {canManage && full && !open && button('Reopen', () => setDialog('reopen'))}
      {full && button('Details', () => setDialog('details'))}

      <TextCommandDialog
        open={dialog === 'acknowledge'}
        onOpenChange={close}
        title="Acknowledge Alert"
        summary={alert.title}
        field="note"
        label="Note (optional)"
        required={false}
        maxLength={TEXT_LIMITS.shortReason}
        schema={acknowledgeAlertRequestSchema}
        submitLabel="Acknowledge"
        onSubmit={(body) => acknowledge.mutateAsync({ alert, body: body.note.trim() === '' ? {} : body })}
      />
      <TextCommandDialog
        open={dialog === 'resolve'}
        onOpenChange={close}
        title="Resolve Alert"
        summary={alert.title}
        field="note"
        label="What was done"
        required
        maxLength={TEXT_LIMITS.shortReason}
        schema={resolveAlertRequestSchema}
        submitLabel="Resolve"
        onSubmit={(body) => resolve.mutateAsync({ alert, body })}
      />
      <TextCommandDialog
        open={dialog === 'reopen'}
        onOpenChange={close}
        title="Reopen Alert"
        summary={alert.title}
        field="reason"
        label="Reason"
        required
        maxLength={TEXT_LIMITS.shortReason}
        schema={reasonRequestSchema}
        submitLabel="Reopen"
        onSubmit={(body) => reopen.mutateAsync({ alert, body })}
      />
      {dialog === 'escalate' && <EscalateAlertDialog alert={alert} open onOpenChange={close} />}
      {dialog === 'task' && <AlertTaskDialog alert={alert} open onOpenChange={close} />}
      {dialog === 'assign' && (
        <AssignDialog
          open
          onOpenChange={close}
          title="Assign Alert"
          summary={alert.title}
          current={alert.assignedTo}
          onAssign={(assignedTo) => assign.mutateAsync({ alert, body: { assignedTo } })}
        />
      )}
      {dialog === 'details' && (
        <Suspense fallback={null}>
          <AlertDetailDialog alertId={alert.id} open onOpenChange={close} />
        </Suspense>
      )}
    </div>
  );
}
