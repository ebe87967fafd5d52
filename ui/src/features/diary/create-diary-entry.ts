import type { CreateDiaryEntryRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { reloadDiary } from '../../records/diary/diary-query-keys';

/** POST /api/diary. The reply's position makes the reloaded list include the new entry. */
export function useCreateDiaryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateDiaryEntryRequest) => apiSend('POST', '/api/diary', request),
    onSuccess: async () => {
      toast({ title: 'Diary entry created successfully' });
      await reloadDiary(queryClient);
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to create diary entry', variant: 'destructive' });
    },
  });
}
