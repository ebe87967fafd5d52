import type { VoiceNoteView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';

/** The URL first, so the live push's "voice notes changed" reloads it (and the default loader could read it). */
export const voiceNotesQueryKey = ['/api/voice-notes'] as const;

/** GET /api/voice-notes: the notes this user may see, newest first, with their authors' names. */
export const voiceNotesQueryOptions = queryOptions({
  queryKey: voiceNotesQueryKey,
  queryFn: () => apiGet<VoiceNoteView[]>('/api/voice-notes'),
});
