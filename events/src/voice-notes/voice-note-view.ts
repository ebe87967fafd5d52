import type { VoiceNotePriority } from './voice-note-limits';

/** The JSON shape of GET /api/voice-notes items: the read API's reply, the UI's input. */
export interface VoiceNoteView {
  id: string;
  /** The author's account. */
  userId: string;
  clientId: string | null;
  carerId: string | null;
  appointmentId: string | null;
  diaryEntryId: string | null;
  title: string;
  category: string;
  priority: VoiceNotePriority;
  /** GET it for the bytes (with Range support): `/api/voice-notes/<id>/audio`. */
  audioUrl: string;
  audioFormat: string;
  mimeType: string;
  /** Seconds. */
  duration: number;
  /** Bytes. */
  fileSize: number;
  transcription: string | null;
  tags: string[];
  isPrivate: boolean;
  /** Stream revision: send it back as If-Match on DELETE to refuse acting on a stale copy. */
  revision: string;
  createdAt: string;
  /** Null when the author's account is not (yet) in the users read model. */
  author: { firstName: string; lastName: string } | null;
}
