import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiSend, type SendMethod } from '../../shared/api';
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
}

/**
 * Sends an appointment or visit command with the screen's toasts. On success every appointment list reloads
 * (read-your-writes); on failure the server's reason is shown (a clash names the other visit).
 */
export function useAppointmentCommand<TBody>(texts: { readonly success: string; readonly failure: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body, revision }: AppointmentCommand<TBody>) =>
      apiSend<AppointmentCommandReply>(
        method,
        path,
        body,
        revision === undefined ? undefined : { 'If-Match': revision },
      ),
    onSuccess: async (reply) => {
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
