import type { VoiceNoteView } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { voiceNotesQueryKey } from './get-voice-notes';

/** DELETE /api/voice-notes/{id}: the note leaves the lists (its recording stays with the care record). */
export function useDeleteVoiceNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: Pick<VoiceNoteView, 'id' | 'revision'>) =>
      apiSend('DELETE', `/api/voice-notes/${encodeURIComponent(note.id)}`, undefined, {
        'If-Match': `"${note.revision}"`,
      }),
    onSuccess: async () => {
      toast({ title: 'Voice note deleted' });
      await queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to delete voice note', variant: 'destructive' });
    },
  });
}
