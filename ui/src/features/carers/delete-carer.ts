import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { queryKeys } from '../../shared/query-keys';
import { toast } from '../../shared/toast';

/** DELETE /api/carers/{id}. */
export function useDeleteCarer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', `/api/carers/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: 'Carer deleted successfully' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.carers });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to delete carer', variant: 'destructive' });
    },
  });
}
