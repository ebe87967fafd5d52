import { DiaryPage } from '../features/diary/diary-page';
import { VoiceNotesSection } from '../features/voice-notes/voice-notes-section';

/** The diary with its voice notes: the two features meet here, in the route, not inside either feature. */
export function DiaryScreen({ welfare = false }: { welfare?: boolean }) {
  return <DiaryPage welfare={welfare} voiceNotes={<VoiceNotesSection />} />;
}
