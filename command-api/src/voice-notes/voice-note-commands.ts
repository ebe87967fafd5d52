import type { VoiceNoteRecordedData } from '@care/events';

/** What the server learnt from the uploaded bytes (see audio-format.ts). */
export interface AcceptedAudio {
  readonly audioFormat: string;
  readonly mimeType: string;
  readonly fileSize: number;
  readonly sha256: string;
}

/** Who asks, and what their role lets them do with other people's notes. */
export interface VoiceNoteActor {
  readonly userId: string;
  /** diary.review: may delete anyone's note. */
  readonly mayReview: boolean;
  /** diary.readConfidential: may see others' private notes. */
  readonly mayReadPrivate: boolean;
}

export type VoiceNoteCommand =
  | {
      readonly type: 'RecordVoiceNote';
      readonly note: Omit<VoiceNoteRecordedData, 'audioUrl' | 'transcription' | keyof AcceptedAudio>;
      readonly audio: AcceptedAudio;
    }
  | { readonly type: 'RemoveVoiceNote'; readonly id: string; readonly actor: VoiceNoteActor };
