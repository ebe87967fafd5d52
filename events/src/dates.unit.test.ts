import { describe, expect, it } from 'vitest';
import { addDays, londonToday } from './dates';

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
