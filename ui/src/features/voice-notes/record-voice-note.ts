import { VOICE_NOTE_AUDIO_FIELD, type RecordVoiceNoteRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';
import { voiceNotesQueryKey } from './get-voice-notes';
import type { Recording } from './use-voice-recorder';

interface CommandReply {
  id: string;
  revision: string;
  position: string | null;
}

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/mp4': 'm4a', 'audio/ogg': 'ogg' };

async function readReply(response: Response): Promise<unknown> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  // The same error shape as every other call (shared/api.ts): "<status>: <body>", with the parsed body.
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, json ?? null);
  return json;
}

/**
 * POST /api/voice-notes as multipart/form-data: shared/api.ts sends JSON only, so the upload is its own fetch
 * (with the session cookie; the browser sets the multipart boundary).
 */
async function uploadVoiceNote(recording: Recording, request: RecordVoiceNoteRequest): Promise<CommandReply> {
  const form = new FormData();
  for (const [field, value] of Object.entries(request)) {
    if (value === undefined) continue;
    form.append(field, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  const type = recording.blob.type.split(';')[0] ?? '';
  form.append(VOICE_NOTE_AUDIO_FIELD, recording.blob, `voice-note.${EXTENSIONS[type] ?? 'webm'}`);
  const response = await fetch('/api/voice-notes', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  return (await readReply(response)) as CommandReply;
}

/**
 * Read your own write: ask the read API for the list once it has reached the upload's position, so the reload
 * that follows shows the new note. (apiSend remembers positions itself, but only for JSON commands.)
 */
async function waitUntilListed(position: string | null): Promise<void> {
  if (!position) return;
  const response = await fetch('/api/voice-notes?limit=1', {
    credentials: 'include',
    headers: { Accept: 'application/json', 'X-Min-Position': position },
  });
  await readReply(response);
}

export function useRecordVoiceNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ recording, request }: { recording: Recording; request: RecordVoiceNoteRequest }) => {
      const reply = await uploadVoiceNote(recording, request);
      // The note is saved either way; if the lists are slow to catch up, the live push reloads them later.
      await waitUntilListed(reply.position).catch(() => undefined);
      return reply;
    },
    onSuccess: async () => {
      toast({ title: 'Voice note saved' });
      await queryClient.invalidateQueries({ queryKey: voiceNotesQueryKey });
    },
    onError: (error) => {
      if (!handleUnauthorized(error)) toast({ title: 'Error', description: 'Failed to save voice note', variant: 'destructive' });
    },
  });
}
