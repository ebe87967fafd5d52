import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refusalReason } from '../../shared/form-errors';
import { handleUnauthorized } from '../../shared/query-client';
import { queryKeys } from '../../shared/query-keys';
import { toast, type ToastInput } from '../../shared/toast';

/** A command reply: the account's id, its new revision and the global position (remembered by apiSend). */
export interface CommandReply {
  id: string;
  revision: string;
  position: string;
}

interface UserCommandOptions<V, R> {
  run: (variables: V) => Promise<R>;
  success: (reply: R, variables: V) => ToastInput;
  /** The toast text when the server gives no reason of its own. */
  failure: string;
}

/**
 * One admin command on an account. Success and failure both reload the users list (a refusal may mean the
 * list was stale) and the access log; apiSend's remembered position makes the reload include the change.
 * The server's reason for a refusal (e.g. "You cannot change your own role") is what the toast says.
 */
export function useUserCommand<V, R>({ run, success, failure }: UserCommandOptions<V, R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (reply, variables) => toast(success(reply, variables)),
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: refusalReason(error, failure), variant: 'destructive' });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accessLog }),
      ]);
    },
  });
}

export const userPath = (id: string, action = '') => `/api/users/${encodeURIComponent(id)}${action}`;
