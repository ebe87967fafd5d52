import { can, type AlertView } from '@care/events';
import { Suspense, useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { useKeepFocusInRow } from '../../shared/keep-focus-in-row';
import { lazyNamed } from '../../shared/lazy-named';
import { useAcknowledgeAlert } from './acknowledge-alert';
import { useUnsnoozeAlert } from './snooze-alert';
import type { AlertDialog } from './alert-action-dialogs';

const AlertActionDialog = lazyNamed(() => import('./alert-action-dialogs'), 'AlertActionDialog');

interface AlertActionsProps {
  readonly alert: AlertView;
  /** compact: the dashboard's Action column (acknowledge, resolve, make a task); full: the Alerts page. */
  readonly variant: 'compact' | 'full';
}

/**
 * What a manager can do with an alert, offered by its status: acknowledge while nobody has, resolve (with a note)
 * or make a task while it is open, escalate below critical, snooze (or unsnooze) while open, reopen once resolved. Roles without alerts.manage see
 * only the details.
 */
export function AlertActions({ alert, variant }: AlertActionsProps) {
  const canManage = can(useCurrentUser().role, 'alerts.manage');
  const [dialog, setDialog] = useState<AlertDialog>();
  const container = useKeepFocusInRow<HTMLDivElement>(alert.status);
  const acknowledge = useAcknowledgeAlert();
  const unsnooze = useUnsnoozeAlert();
  const full = variant === 'full';
  const open = alert.status !== 'resolved';

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
      {canManage &&
        alert.status === 'active' &&
        (full
          ? button('Acknowledge', () => setDialog('acknowledge'), { primary: true })
          : button('Acknowledge', () => acknowledge.mutate({ alert, body: {} }), {
              primary: true,
              busy: acknowledge.isPending,
            }))}
      {canManage && open && button('Resolve', () => setDialog('resolve'))}
      {canManage && open && button('Make task', () => setDialog('task'))}
      {canManage && full && open && button('Assign', () => setDialog('assign'))}
      {canManage && full && open && alert.severity !== 'critical' && button('Escalate', () => setDialog('escalate'))}
      {canManage && full && open && alert.snoozedUntil === null && button('Snooze', () => setDialog('snooze'))}
      {canManage &&
        full &&
        alert.snoozedUntil !== null &&
        button('Unsnooze', () => unsnooze.mutate({ alert, body: {} }), { busy: unsnooze.isPending })}
      {canManage && full && !open && button('Reopen', () => setDialog('reopen'))}
      {full && button('Details', () => setDialog('details'))}
      {dialog && (
        <Suspense fallback={null}>
          <AlertActionDialog alert={alert} dialog={dialog} onClose={() => setDialog(undefined)} />
        </Suspense>
      )}
    </div>
  );
}
