import { VOICE_NOTE_AUDIO_FIELD, type RecordVoiceNoteRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { voiceNotesQueryKey } from './get-voice-notes';
import type { Recording } from './use-voice-recorder';

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/mp4': 'm4a', 'audio/ogg': 'ogg' };

/** POST /api/voice-notes as multipart/form-data; the reply's position makes the reloaded list include the note. */
function uploadVoiceNote(recording: Recording, request: RecordVoiceNoteRequest): Promise<unknown> {
  const form = new FormData();
  for (const [field, value] of Object.entries(request)) {
    if (value === undefined) continue;
    form.append(field, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  const type = recording.blob.type.split(';')[0] ?? '';
  form.append(VOICE_NOTE_AUDIO_FIELD, recording.blob, `voice-note.${EXTENSIONS[type] ?? 'webm'}`);
  return apiSend('POST', '/api/voice-notes', form);
}

export function useRecordVoiceNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recording, request }: { recording: Recording; request: RecordVoiceNoteRequest }) =>
      uploadVoiceNote(recording, request),
    onSuccess: async () => {
      toast({ title: 'Voice note saved' });
      await queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to save voice note', variant: 'destructive' });
    },
  });
}
