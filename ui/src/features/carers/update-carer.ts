import type { UpdateCarerRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { queryKeys } from '../../shared/query-keys';
import { toast } from '../../shared/toast';

export interface UpdateCarerInput {
  id: string;
  /** The revision the form was loaded from: a concurrent edit makes the server answer 409. */
  revision: string;
  request: UpdateCarerRequest;
}

/** PATCH /api/carers/{id} with If-Match. */
export function useUpdateCarer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revision, request }: UpdateCarerInput) =>
      apiSend('PATCH', `/api/carers/${encodeURIComponent(id)}`, request, { 'If-Match': revision }),
    onSuccess: async () => {
      toast({ title: 'Carer updated successfully' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.carers });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to update carer', variant: 'destructive' });
    },
  });
}
