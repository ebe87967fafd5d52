import type { CreateDiaryEntryRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../shared/current-user';
import { sendRecord } from '../../shared/offline/outbox-sync';
import { toastSavedOnPhone } from '../../shared/offline/use-outbox';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { reloadDiary } from '../../records/diary/diary-query-keys';

/**
 * POST /api/diary. The reply's position makes the reloaded list include the new entry. Without signal the entry is
 * kept on the phone and sent later, with the key made for this submit (a double tap records once).
 */
export function useCreateDiaryEntry() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().id;
  return useMutation({
    networkMode: 'always',
    mutationFn: async (request: CreateDiaryEntryRequest) => {
      const result = await sendRecord({
        id: crypto.randomUUID(),
        userId,
        method: 'POST',
        path: '/api/diary',
        body: request,
        label: `Diary note: ${request.title}`,
        kind: 'diary-note',
      });
      return result.queued ? null : result.reply;
    },
    onSuccess: async (reply) => {
      if (reply === null) {
        toastSavedOnPhone();
        return;
      }
      toast({ title: 'Diary entry created successfully' });
      await reloadDiary(queryClient);
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to create diary entry', variant: 'destructive' });
    },
  });
}
