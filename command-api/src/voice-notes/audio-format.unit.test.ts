import { HttpError } from '@care/events/server';
import { describe, expect, it } from 'vitest';
import { detectAudio } from './audio-format';
import { bytes, SAMPLE_HEADERS } from './audio-samples.testing';

function refusedWith(declared: string, content: Uint8Array) {
  try {
    detectAudio(declared, content);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return { status: (error as HttpError).status, message: (error as HttpError).message };
  }
  throw new Error('expected a refusal');
}

const REFUSAL = { status: 415, message: 'Only audio recordings can be uploaded (WebM, MP4, Ogg, MP3 or WAV)' };

describe('detectAudio', () => {
  it.each([
    ['audio/webm;codecs=opus', SAMPLE_HEADERS.webm, 'webm'],
    ['audio/webm', SAMPLE_HEADERS.webm, 'webm'],
    ['audio/mp4', SAMPLE_HEADERS.mp4, 'mp4'],
    ['audio/ogg; codecs="opus"', SAMPLE_HEADERS.ogg, 'ogg'],
    ['audio/mpeg', SAMPLE_HEADERS.mp3Tagged, 'mpeg'],
    ['audio/mpeg', SAMPLE_HEADERS.mp3Frame, 'mpeg'],
    ['audio/wav', SAMPLE_HEADERS.wav, 'wav'],
    ['audio/x-wav', SAMPLE_HEADERS.wav, 'wav'],
  ])('accepts %s whose bytes look like %s', (declared, content, format) => {
    expect(detectAudio(declared, content)).toEqual({ audioFormat: format, mimeType: declared });
  });

  it('refuses a declared audio type whose bytes are another container or not audio at all', () => {
    expect(refusedWith('audio/webm', SAMPLE_HEADERS.ogg)).toEqual(REFUSAL);
    expect(refusedWith('audio/wav', bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toEqual(REFUSAL);
    expect(refusedWith('audio/mpeg', bytes('%PDF-1.7'))).toEqual(REFUSAL);
    expect(refusedWith('audio/mp4', bytes([0, 0]))).toEqual(REFUSAL);
  });

  it('refuses other declared types even when the bytes are audio', () => {
    expect(refusedWith('application/pdf', SAMPLE_HEADERS.webm)).toEqual(REFUSAL);
    expect(refusedWith('video/webm', SAMPLE_HEADERS.webm)).toEqual(REFUSAL);
    expect(refusedWith('application/octet-stream', SAMPLE_HEADERS.wav)).toEqual(REFUSAL);
    expect(refusedWith('', SAMPLE_HEADERS.webm)).toEqual(REFUSAL);
  });

  it('refuses a type with parameters a response header could not carry safely', () => {
    expect(refusedWith('audio/webm;codecs=opus\r\nSet-Cookie: x=1', SAMPLE_HEADERS.webm)).toEqual(REFUSAL);
    expect(refusedWith(`audio/webm;codecs=${'o'.repeat(300)}`, SAMPLE_HEADERS.webm)).toEqual(REFUSAL);
  });
});
