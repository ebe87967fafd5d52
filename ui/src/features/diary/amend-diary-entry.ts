import type { AmendDiaryEntryRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { reloadDiary } from '../../records/diary/diary-query-keys';

export interface AmendDiaryEntryInput {
  id: string;
  /** The revision the form was loaded from: a concurrent change makes the server answer 409. */
  revision: string;
  request: AmendDiaryEntryRequest;
}

/** PATCH /api/diary/{id} with If-Match. The earlier version stays in the entry's history. */
export function useAmendDiaryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revision, request }: AmendDiaryEntryInput) =>
      apiSend('PATCH', `/api/diary/${encodeURIComponent(id)}`, request, { 'If-Match': revision }),
    onSuccess: async () => {
      toast({ title: 'Diary entry amended successfully' });
      await reloadDiary(queryClient);
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to amend diary entry', variant: 'destructive' });
    },
  });
}
