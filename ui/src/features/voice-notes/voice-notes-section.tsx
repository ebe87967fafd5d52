/** Stub: voice notes on the diary screen (list, playback, recorder). */
export function VoiceNotesSection() {
  return null;
}
