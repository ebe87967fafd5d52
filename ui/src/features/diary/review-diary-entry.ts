import type { DiaryEntryView } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { reloadDiary } from '../../records/diary/diary-query-keys';

/** POST /api/diary/{id}/review with If-Match: records who reviewed the entry, and when. */
export function useReviewDiaryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: Pick<DiaryEntryView, 'id' | 'revision'>) =>
      apiSend('POST', `/api/diary/${encodeURIComponent(entry.id)}/review`, undefined, { 'If-Match': entry.revision }),
    onSuccess: async () => {
      toast({ title: 'Diary entry marked as reviewed' });
      await reloadDiary(queryClient);
    },
    onError: (error) => {
      if (!handleUnauthorized(error)) {
        toast({ title: 'Error', description: 'Failed to mark diary entry as reviewed', variant: 'destructive' });
      }
    },
  });
}
