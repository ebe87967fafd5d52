import type { CreateCarerRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { queryKeys } from '../../shared/query-keys';
import { toast } from '../../shared/toast';

/** POST /api/carers. The reply's position makes the reloaded list include the new carer. */
export function useCreateCarer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateCarerRequest) => apiSend('POST', '/api/carers', request),
    onSuccess: async () => {
      toast({ title: 'Carer created successfully' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.carers });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to create carer', variant: 'destructive' });
    },
  });
}
