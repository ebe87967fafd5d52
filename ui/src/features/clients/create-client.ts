import type { CreateClientRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { clientsQueryKey } from '../../records/clients/get-clients';

/** POST /api/clients. The reply's position makes the reloaded list include the new client. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateClientRequest) => apiSend('POST', '/api/clients', request),
    onSuccess: async () => {
      toast({ title: 'Client created successfully' });
      await queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to create client', variant: 'destructive' });
    },
  });
}
