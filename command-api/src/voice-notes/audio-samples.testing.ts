/** For tests: the first bytes of each container the API accepts, as a recorder or an audio file writes them. */
export const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

export const SAMPLE_HEADERS = {
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]),
  mp4: bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]),
  ogg: bytes('OggS', [0, 2, 0, 0]),
  mp3Tagged: bytes('ID3', [4, 0, 0]),
  mp3Frame: bytes([0xff, 0xfb, 0x90, 0x64]),
  wav: bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '),
};

/** A "recording" of `size` bytes: a WebM header, then a pattern that shows if any byte is served out of place. */
export function fakeWebm(size: number): Uint8Array {
  const content = new Uint8Array(size);
  content.set(SAMPLE_HEADERS.webm);
  for (let index = SAMPLE_HEADERS.webm.length; index < size; index += 1) content[index] = (index * 31) % 251;
  return content;
}
