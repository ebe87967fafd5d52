import type { VoiceNoteView } from '@care/events';
import { usePagedList } from '../../shared/paged-list';

/** The URL first, so the live push's "voice notes changed" reloads it (and the default loader could read it). */
export const voiceNotesQueryKey = ['/api/voice-notes'] as const;

/** GET /api/voice-notes: the notes this user may see, newest first, with their authors' names, a page at a time. */
export function useVoiceNotes() {
  return usePagedList<VoiceNoteView>(voiceNotesQueryKey[0], {});
}
