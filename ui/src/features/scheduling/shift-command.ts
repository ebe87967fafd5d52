import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiSend, type SendMethod } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { reloadAppointments } from '../../records/appointments/appointment-queries';
import { SHIFTS_PATH } from './get-shifts';

export interface ShiftCommand<TBody> {
  readonly method: SendMethod;
  readonly path: string;
  readonly body?: TBody;
  /** The shift's revision: a change made meanwhile by someone else is refused (409) instead of overwritten. */
  readonly revision?: string;
}

/**
 * Sends a shift command (POST /api/shifts, POST /api/shifts/:id/cancel) with the screen's toasts. On success the
 * rota reloads, and so do the visits (their "outside the carer's shifts" flag depends on the shifts).
 */
export function useShiftCommand<TBody>(texts: { readonly success: string; readonly failure: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path, body, revision }: ShiftCommand<TBody>) =>
      apiSend<{ id: string; revision: string }>(
        method,
        path,
        body,
        revision === undefined ? undefined : { 'If-Match': revision },
      ),
    onSuccess: async () => {
      toast({ title: texts.success });
      await Promise.all([
        queryClient.invalidateQueries({
          predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(SHIFTS_PATH),
        }),
        reloadAppointments(queryClient),
      ]);
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
