import type { UpdateClientRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { clientsQueryKey } from '../../records/clients/get-clients';

export interface UpdateClientInput {
  id: string;
  /** The revision the form was loaded from: a concurrent edit makes the server answer 409. */
  revision: string;
  request: UpdateClientRequest;
}

/** PATCH /api/clients/{id} with If-Match (the server records only what changed). */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revision, request }: UpdateClientInput) =>
      apiSend('PATCH', `/api/clients/${encodeURIComponent(id)}`, request, { 'If-Match': revision }),
    onSuccess: async () => {
      toast({ title: 'Client updated successfully' });
      await queryClient.invalidateQueries({ queryKey: clientsQueryKey });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to update client', variant: 'destructive' });
    },
  });
}
