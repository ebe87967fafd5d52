import { describe, expect, it } from 'vitest';
import { appSignalText } from './app-signal';

describe("a carer's app signal as the office reads it", () => {
  const now = new Date('2026-11-28T10:31:00.000Z');

  it('is online within two minutes of the last time it was seen', () => {
    expect(appSignalText('2026-11-28T10:29:30.000Z', now)).toBe('App online');
  });

  it('gives the time it was last online today, and the date when it was another day', () => {
    expect(appSignalText('2026-11-28T08:47:00.000Z', now)).toBe('App last online 08:47');
    expect(appSignalText('2026-11-27T18:02:00.000Z', now)).toBe('App last online 27/11/2026 18:02');
  });

  it('says so when the app was never online', () => {
    expect(appSignalText(null, now)).toBe('App not seen online');
  });
});
