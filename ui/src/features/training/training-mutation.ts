import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { reloadTraining } from './reload-training';

/**
 * A training command with the screen's toasts: "Training record <done> successfully", or "Error" with
 * "Failed to <verb> training record". A lost session shows the sign-out toast instead.
 */
export function useTrainingMutation<TInput>(
  send: (input: TInput) => Promise<unknown>,
  texts: { readonly success: string; readonly failure: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      toast({ title: texts.success });
      await reloadTraining(queryClient);
    },
    onError: (error) => {
      if (!handleUnauthorized(error)) toast({ title: 'Error', description: texts.failure, variant: 'destructive' });
    },
  });
}
