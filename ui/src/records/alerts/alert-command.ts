import type { AlertView } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { refusalReason } from '../../shared/form-errors';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { alertPath } from './get-alert';
import { reloadAlerts } from './get-alerts';

/** A command reply (commandReply): the stream's id, its new revision and the global position apiSend remembers. */
export interface CommandReply {
  id: string;
  revision: string;
  position: string;
}

export type AlertAction = 'acknowledge' | 'assign' | 'escalate' | 'resolve' | 'reopen' | 'snooze' | 'unsnooze' | 'task';

export interface AlertCommandTexts {
  readonly success: string;
  /** The toast text when the server gives no reason of its own. */
  readonly failure: string;
}

/**
 * One alert command: POST /api/alerts/:id/<action> with If-Match (a change made meanwhile by someone else is refused
 * with 409 and its reason, e.g. "Alert is already acknowledged"). Alert lists reload afterwards either way; the bell
 * and the dashboard figures arrive by push. `onSuccess` lets a caller reload more (a made task's list).
 */
export function useAlertCommand<B>(action: AlertAction, texts: AlertCommandTexts, onSuccess?: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alert, body }: { alert: Pick<AlertView, 'id' | 'revision'>; body: B }) =>
      apiSend<CommandReply>('POST', alertPath(alert.id, `/${action}`), body, { 'If-Match': alert.revision }),
    onSuccess: async () => {
      toast({ title: texts.success });
      await onSuccess?.();
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: refusalReason(error, texts.failure), variant: 'destructive' });
    },
    onSettled: () => reloadAlerts(queryClient),
  });
}
