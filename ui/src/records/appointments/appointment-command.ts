import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiSend, type SendMethod } from '../../shared/api';
import { useCurrentUser } from '../../shared/current-user';
import { sendRecord, type RecordRequest } from '../../shared/offline/outbox-sync';
import { toastSavedOnPhone } from '../../shared/offline/use-outbox';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { reloadAppointments } from './appointment-queries';

/** A command's reply: warnings (e.g. the carer's daily client limit) are shown, never silently dropped. */
export interface AppointmentCommandReply {
  readonly id: string;
  readonly revision: string;
  readonly warnings?: readonly string[];
}

export interface AppointmentCommand<TBody> {
  readonly method: SendMethod;
  readonly path: string;
  readonly body?: TBody;
  /** The row's revision: a change made meanwhile by someone else is refused (409) instead of overwritten. */
  readonly revision?: string;
  /**
   * A carer's record that may be made without signal (check-in, check-out): sent with its Idempotency-Key, or kept
   * on the phone and sent later. `id` is made once per tap, so a double tap records once.
   */
  readonly offline?: Pick<RecordRequest, 'id' | 'label' | 'kind' | 'visitId'>;
}

/**
 * Sends an appointment or visit command with the screen's toasts. On success every appointment list reloads
 * (read-your-writes); on failure the server's reason is shown (a clash names the other visit).
 */
export function useAppointmentCommand<TBody>(texts: { readonly success: string; readonly failure: string }) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().id;
  return useMutation({
    // Runs without signal too: a carer's record is then kept on the phone rather than left waiting on the screen.
    networkMode: 'always',
    mutationFn: async ({ method, path, body, revision, offline }: AppointmentCommand<TBody>) => {
      if (offline) {
        const result = await sendRecord<AppointmentCommandReply>({ ...offline, userId, method, path, body });
        return result.queued ? null : result.reply;
      }
      return apiSend<AppointmentCommandReply>(
        method,
        path,
        body,
        revision === undefined ? undefined : { 'If-Match': revision },
      );
    },
    onSuccess: async (reply) => {
      if (reply === null) {
        toastSavedOnPhone();
        return;
      }
      toast({ title: texts.success });
      for (const warning of reply.warnings ?? [])
        toast({ title: 'Warning', description: warning, variant: 'destructive' });
      await reloadAppointments(queryClient);
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      const reason = error instanceof ApiError && error.status !== 503 ? error.reason : undefined;
      toast({
        title: 'Error',
        description: reason ? `${texts.failure}: ${reason}` : texts.failure,
        variant: 'destructive',
      });
    },
  });
}
