import {
  acknowledgeAlertRequestSchema,
  reasonRequestSchema,
  resolveAlertRequestSchema,
  TEXT_LIMITS,
  type AlertView,
} from '@care/events';
import { TextCommandDialog } from '../../shared/text-command-dialog';
import { AssignDialog } from '../tasks';
import { useAcknowledgeAlert } from './acknowledge-alert';
import { AlertDetailDialog } from './alert-detail-dialog';
import { AlertTaskDialog } from './alert-task-dialog';
import { useAssignAlert } from './assign-alert';
import { EscalateAlertDialog } from './escalate-alert-dialog';
import { useReopenAlert } from './reopen-alert';
import { useResolveAlert } from './resolve-alert';
import { SnoozeAlertDialog } from './snooze-alert-dialog';

export type AlertDialog = 'acknowledge' | 'resolve' | 'reopen' | 'escalate' | 'snooze' | 'assign' | 'task' | 'details';

/**
 * The dialog behind one of an alert's actions. Loaded when a dialog is first opened (alert-actions.tsx): the
 * dashboard shows the actions on every row, and their forms bring zod and the request schemas with them.
 */
export function AlertActionDialog({
  alert,
  dialog,
  onClose,
}: {
  alert: AlertView;
  dialog: AlertDialog;
  onClose: () => void;
}) {
  const acknowledge = useAcknowledgeAlert();
  const resolve = useResolveAlert();
  const reopen = useReopenAlert();
  const assign = useAssignAlert();
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };
  const text = { open: true, onOpenChange, summary: alert.title, maxLength: TEXT_LIMITS.shortReason } as const;

  switch (dialog) {
    case 'acknowledge':
      return (
        <TextCommandDialog
          {...text}
          title="Acknowledge Alert"
          field="note"
          label="Note (optional)"
          required={false}
          schema={acknowledgeAlertRequestSchema}
          submitLabel="Acknowledge"
          onSubmit={(body) => acknowledge.mutateAsync({ alert, body: body.note.trim() === '' ? {} : body })}
        />
      );
    case 'resolve':
      return (
        <TextCommandDialog
          {...text}
          title="Resolve Alert"
          field="note"
          label="What was done"
          required
          schema={resolveAlertRequestSchema}
          submitLabel="Resolve"
          onSubmit={(body) => resolve.mutateAsync({ alert, body })}
        />
      );
    case 'reopen':
      return (
        <TextCommandDialog
          {...text}
          title="Reopen Alert"
          field="reason"
          label="Reason"
          required
          schema={reasonRequestSchema}
          submitLabel="Reopen"
          onSubmit={(body) => reopen.mutateAsync({ alert, body })}
        />
      );
    case 'escalate':
      return <EscalateAlertDialog alert={alert} open onOpenChange={onOpenChange} />;
    case 'snooze':
      return <SnoozeAlertDialog alert={alert} open onOpenChange={onOpenChange} />;
    case 'task':
      return <AlertTaskDialog alert={alert} open onOpenChange={onOpenChange} />;
    case 'assign':
      return (
        <AssignDialog
          open
          onOpenChange={onOpenChange}
          title="Assign Alert"
          summary={alert.title}
          current={alert.assignedTo}
          onAssign={(assignedTo) => assign.mutateAsync({ alert, body: { assignedTo } })}
        />
      );
    case 'details':
      return <AlertDetailDialog alertId={alert.id} open onOpenChange={onOpenChange} />;
  }
}
