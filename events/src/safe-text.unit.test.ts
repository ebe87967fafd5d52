import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTERS_MESSAGE,
  headerText,
  INVALID_UNICODE_MESSAGE,
  normaliseLineEnds,
  unsafeTextMessage,
} from './safe-text';

describe('unsafeTextMessage', () => {
  it('names control characters first, then broken Unicode, and passes everything else', () => {
    expect(unsafeTextMessage('a\u0000\uD800')).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(unsafeTextMessage('a\uDC00')).toBe(INVALID_UNICODE_MESSAGE);
    expect(unsafeTextMessage('a\u009Fb')).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(unsafeTextMessage('a\u007Fb')).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(unsafeTextMessage('tab\tand\nnewline, Zoë, € and 😀')).toBeUndefined();
  });
});

describe('normaliseLineEnds', () => {
  it('makes CRLF and CR newlines', () => {
    expect(normaliseLineEnds('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });
});

describe('headerText (user agent, forwarded address)', () => {
  it('drops control characters, cuts to the limit and gives null for nothing', () => {
    expect(headerText('Mozilla\u0000/5.0\u001b', 500)).toBe('Mozilla/5.0');
    expect(headerText('x'.repeat(600), 500)).toHaveLength(500);
    expect(headerText('  ', 500)).toBeNull();
    expect(headerText('', 100)).toBeNull();
  });

  it('never leaves half an emoji where it cuts', () => {
    const cut = headerText(`ab😀`, 3)!;
    expect(unsafeTextMessage(cut)).toBeUndefined();
    expect(cut).toBe('ab\uFFFD');
  });
});
