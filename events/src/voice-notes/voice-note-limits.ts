/** Voice recorder constants and the upload limits of POST /api/voice-notes. */

/** The recorder stops by itself after 300 seconds. */
export const VOICE_NOTE_MAX_SECONDS = 300;
/** It warns at 80 percent of that: 240 seconds. */
export const VOICE_NOTE_WARNING_SECONDS = (VOICE_NOTE_MAX_SECONDS * 80) / 100;
/** MediaRecorder hands over a chunk every 250 ms. */
export const VOICE_NOTE_CHUNK_MS = 250;
export const VOICE_NOTE_SAMPLE_RATE = 44_100;

/**
 * 10 MB: five minutes of Opus at the browser's default ~128 kbit/s is under 5 MB, so twice that leaves room for
 * other encoders without letting one request hold much memory (multer keeps the upload in memory).
 */
export const VOICE_NOTE_MAX_BYTES = 10 * 1024 * 1024;
export const VOICE_NOTE_TOO_LARGE_MESSAGE = 'Audio files must be at most 10 MB';
export const VOICE_NOTE_NOT_AUDIO_MESSAGE = 'Only audio recordings can be uploaded (WebM, MP4, Ogg, MP3 or WAV)';
export const VOICE_NOTE_AUDIO_REQUIRED_MESSAGE = 'Audio file is required';

/** The form field that carries the recording. */
export const VOICE_NOTE_AUDIO_FIELD = 'audio';

/** `voice_notes.priority` (max 20, default medium). */
export const VOICE_NOTE_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type VoiceNotePriority = (typeof VOICE_NOTE_PRIORITIES)[number];

/** Categories the recorder offers; the API takes any text up to 50 characters. */
export const VOICE_NOTE_CATEGORIES = [
  'general',
  'care_note',
  'incident',
  'medication',
  'observation',
  'communication',
] as const;
