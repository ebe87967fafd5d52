import { useEffect, useState } from 'react';
import type { Recording } from './use-voice-recorder';
import { VoiceNoteSaveForm } from './voice-note-save-form';
import { VoiceRecorder } from './voice-recorder';

/** Record, then listen back and save; "Record Again" returns to the recorder. Used in the dialog and on /voice-notes/new. */
export function RecordVoiceNotePanel({ onSaved }: { onSaved: () => void }) {
  const [recording, setRecording] = useState<Recording>();

  // The preview's object URL holds the whole recording in memory until revoked.
  useEffect(() => (recording ? () => URL.revokeObjectURL(recording.url) : undefined), [recording]);

  return recording ? (
    <VoiceNoteSaveForm
      recording={recording}
      onDiscard={() => setRecording(undefined)}
      onSaved={() => {
        setRecording(undefined);
        onSaved();
      }}
    />
  ) : (
    <VoiceRecorder onRecorded={setRecording} />
  );
}
