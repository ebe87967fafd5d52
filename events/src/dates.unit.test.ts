import { describe, expect, it } from 'vitest';
import { addDays, londonClock, londonTimeToInstant, londonToday, londonWallClockOf, mondayOf } from './dates';

describe('londonToday', () => {
  it('is the calendar date in London, not in UTC', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(londonToday(new Date('2025-06-30T23:30:00Z'))).toBe('2025-07-01');
    // In winter London is on UTC.
    expect(londonToday(new Date('2025-01-31T23:30:00Z'))).toBe('2025-01-31');
  });
});

describe('londonToday and londonClock, served from the hour they fall in', () => {
  it('agree with formatting each instant afresh, across clock changes and back to London mean time', () => {
    const date = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const differing: string[] = [];
    // Every 7 h 3 m 13 s from 1840 to 2040, plus each minute of the nights the clocks change in 2026.
    const instants: number[] = [];
    for (let t = Date.UTC(1840, 0, 1); t < Date.UTC(2040, 0, 1); t += 25_393_000) instants.push(t);
    for (const night of [Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25)])
      for (let m = 0; m < 240; m += 1) instants.push(night + m * 60_000);
    for (const t of instants) {
      const instant = new Date(t);
      if (londonToday(instant) !== date.format(instant) || londonClock(instant) !== clock.format(instant))
        differing.push(instant.toISOString());
    }
    expect(differing).toEqual([]);
    expect(londonClock('2026-10-25T00:30:00Z')).toBe('01:30');
    expect(londonClock('2026-10-25T01:30:00Z')).toBe('01:30');
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

  it('gives the right day for any four-digit year, the first and last ones included, without throwing', () => {
    // Date.UTC would read years 0 to 99 as 1900 to 1999.
    expect(addDays('0050-03-01', -1)).toBe('0050-02-28');
    expect(addDays('0000-01-01', -1)).toBe('-000001-12-31');
    expect(mondayOf('0001-01-03')).toBe('0001-01-01');
    expect(addDays('9999-12-31', 7)).toBe('+010000-01-07');
    expect(addDays(addDays('9999-12-31', 7), 1)).toBe('+010000-01-08');
    expect(londonTimeToInstant('9999-12-31', '23:30')).toBe('9999-12-31T23:30:00.000Z');
    expect(londonTimeToInstant(addDays('9999-12-31', 1), '00:00')).toBe('+010000-01-01T00:00:00.000Z');
    expect(() => londonTimeToInstant('0000-01-01', '00:00')).not.toThrow();
  });

  it('names a text that is not a date instead of failing on an invalid time value', () => {
    expect(() => addDays('9999-99-99x', 1)).toThrow('Not a calendar date');
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
