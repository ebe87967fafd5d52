import { describe, expect, it } from 'vitest';
import { secondsUntilLondonTime, testClock } from './test-clock';

describe('the end-to-end clock', () => {
  it('lands on the next 11:00 in London, forward only', () => {
    // Winter: London is UTC.
    expect(secondsUntilLondonTime(new Date('2026-11-29T00:30:00Z'), '11:00')).toBe(10.5 * 3600);
    expect(secondsUntilLondonTime(new Date('2026-11-29T11:00:00Z'), '11:00')).toBe(0);
    expect(secondsUntilLondonTime(new Date('2026-11-29T11:00:01Z'), '11:00')).toBe(86_399);
    expect(secondsUntilLondonTime(new Date('2026-11-29T23:30:00Z'), '11:00')).toBe(11.5 * 3600);
    // Summer: 23:30 UTC is 00:30 in London.
    expect(secondsUntilLondonTime(new Date('2026-07-01T23:30:00Z'), '11:00')).toBe(10.5 * 3600);
  });

  it('refuses a time that is not HH:MM', () => {
    expect(() => secondsUntilLondonTime(new Date(), '25:00')).toThrow(/HH:MM/);
    expect(() => secondsUntilLondonTime(new Date(), '9:00')).toThrow(/HH:MM/);
  });

  it('keeps the machine clock when asked to', () => {
    expect(testClock({ CARE_TEST_CLOCK: 'real' }).kind).toBe('real');
  });
});
