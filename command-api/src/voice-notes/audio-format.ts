import { VOICE_NOTE_NOT_AUDIO_MESSAGE } from '@care/events';
import { HttpError } from '@care/events/server';

/** The containers a voice note may be in: the declared media type and what its first bytes must look like. */
const CONTAINERS: Record<string, { format: string; looksLike: (bytes: Uint8Array) => boolean }> = {
  'audio/webm': { format: 'webm', looksLike: (b) => startsWith(b, 0, [0x1a, 0x45, 0xdf, 0xa3]) },
  'audio/mp4': { format: 'mp4', looksLike: (b) => startsWith(b, 4, ascii('ftyp')) },
  'audio/ogg': { format: 'ogg', looksLike: (b) => startsWith(b, 0, ascii('OggS')) },
  // An ID3 tag, or straight into an MPEG audio frame (11 sync bits set).
  'audio/mpeg': {
    format: 'mpeg',
    looksLike: (b) => startsWith(b, 0, ascii('ID3')) || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  },
  'audio/wav': { format: 'wav', looksLike: (b) => startsWith(b, 0, ascii('RIFF')) && startsWith(b, 8, ascii('WAVE')) },
};
/** Other names browsers and operating systems give the same containers. */
const ALIASES: Record<string, string> = {
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
};

/** "audio/webm;codecs=opus": a type and parameters of plain tokens or quoted strings, nothing a header could trip on. */
const MEDIA_TYPE =
  /^([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)\s*((?:;\s*[a-z0-9!#$&^_.+-]+=(?:[a-z0-9!#$&^_.+,-]+|"[^"\\\r\n]*")\s*)*)$/i;
const MAX_MEDIA_TYPE_LENGTH = 200;

export interface DetectedAudio {
  readonly audioFormat: string;
  /** The declared type, trimmed, to serve the bytes back with. */
  readonly mimeType: string;
}

/**
 * Accepts an upload only when its declared type is one of the audio containers above AND its bytes start like
 * that container, so a renamed document or a script with an audio type is refused (415).
 */
export function detectAudio(declaredType: string, bytes: Uint8Array): DetectedAudio {
  const declared = declaredType.trim();
  const match = declared.length <= MAX_MEDIA_TYPE_LENGTH ? MEDIA_TYPE.exec(declared) : null;
  const base = match?.[1]?.toLowerCase() ?? '';
  const container = CONTAINERS[ALIASES[base] ?? base];
  if (!match || !container || !container.looksLike(bytes)) throw new HttpError(415, VOICE_NOTE_NOT_AUDIO_MESSAGE);
  return { audioFormat: container.format, mimeType: declared };
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, offset: number, expected: readonly number[]): boolean {
  return bytes.length >= offset + expected.length && expected.every((value, index) => bytes[offset + index] === value);
}
