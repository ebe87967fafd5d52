import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { clientsQueryKey } from '../../records/clients/get-clients';

/** DELETE /api/clients/{id}: the client leaves the list; its history stays. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/api/clients/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: 'Client deleted successfully' });
      await queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to delete client', variant: 'destructive' });
    },
  });
}
