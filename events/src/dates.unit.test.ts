import { describe, expect, it } from 'vitest';
import { addDays, londonTimeToInstant, londonToday, londonWallClockOf } from './dates';

describe('londonToday', () => {
  it('is the calendar date in London, not in UTC', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(londonToday(new Date('2025-06-30T23:30:00Z'))).toBe('2025-07-01');
    // In winter London is on UTC.
    expect(londonToday(new Date('2025-01-31T23:30:00Z'))).toBe('2025-01-31');
  });
});

describe('addDays', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2025-03-15', 30)).toBe('2025-04-14');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    // The clocks change on 30 March 2025: whole days stay whole days.
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31');
  });
});

describe('London wall-clock times', () => {
  it('reads winter times as UTC and summer times as an hour ahead', () => {
    expect(londonTimeToInstant('2026-01-15', '09:30')).toBe('2026-01-15T09:30:00.000Z');
    expect(londonTimeToInstant('2026-07-15', '09:30')).toBe('2026-07-15T08:30:00.000Z');
  });

  it('reads a time skipped in spring as just after the change, and a repeated autumn hour as its first occurrence', () => {
    expect(londonTimeToInstant('2026-03-29', '01:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(londonTimeToInstant('2026-10-25', '01:30')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('gives back the wall clock of an instant', () => {
    expect(londonWallClockOf(new Date('2026-07-15T08:30:00Z'))).toBe('2026-07-15T09:30');
  });
});
