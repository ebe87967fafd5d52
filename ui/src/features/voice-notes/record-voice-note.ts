import type { RecordVoiceNoteRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../shared/current-user';
import { sendRecord } from '../../shared/offline/outbox-sync';
import { toastSavedOnPhone } from '../../shared/offline/use-outbox';
import type { VoiceNoteBody } from '../../shared/offline/voice-note-record';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { voiceNotesQueryKey } from './get-voice-notes';
import type { Recording } from './use-voice-recorder';

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/mp4': 'm4a', 'audio/ogg': 'ogg' };

/** The form's text fields as the upload sends them (a list as JSON), with the recording beside them. */
function voiceNoteBody(recording: Recording, request: RecordVoiceNoteRequest): VoiceNoteBody {
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(request)) {
    if (value === undefined || value === null || field === 'id') continue;
    fields[field] = Array.isArray(value) ? JSON.stringify(value) : String(value);
  }
  const type = recording.blob.type.split(';')[0] ?? '';
  return { fields, audio: recording.blob, fileName: `voice-note.${EXTENSIONS[type] ?? 'webm'}` };
}

export interface VoiceNoteToSave {
  /** Made once per recording: the note's own id, so sending it twice (a double tap, a lost reply) records it once. */
  readonly id: string;
  readonly recording: Recording;
  readonly request: RecordVoiceNoteRequest;
}

/**
 * POST /api/voice-notes as multipart/form-data; the reply's position makes the reloaded list include the note.
 * Without signal, or when no reply comes, the note and its recording wait on the phone and are sent later under the
 * same id. Resolves to null when it was kept on the phone.
 */
export function useRecordVoiceNote() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().id;
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ id, recording, request }: VoiceNoteToSave) => {
      const result = await sendRecord({
        id,
        userId,
        method: 'POST',
        path: '/api/voice-notes',
        body: voiceNoteBody(recording, request),
        label: `Voice note: ${request.title}`,
        kind: 'voice-note',
      });
      return result.queued ? null : result.reply;
    },
    onSuccess: async (reply) => {
      if (reply === null) {
        toastSavedOnPhone();
        return;
      }
      toast({ title: 'Voice note saved' });
      await queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to save voice note', variant: 'destructive' });
    },
  });
}
