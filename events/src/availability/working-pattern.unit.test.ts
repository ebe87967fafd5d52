import { describe, expect, it } from 'vitest';
import { availabilityOf, type WorkingPattern } from './working-pattern';

/** Monday to Friday 08:00–16:00, Saturday 22:00–24:00 and Sunday 00:00–06:00 (a night across midnight). */
const pattern: WorkingPattern = {
  weekly: [
    ...([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start: '08:00', end: '16:00' })),
    { weekday: 6, start: '22:00', end: '24:00' },
    { weekday: 7, start: '00:00', end: '06:00' },
  ],
  exceptions: [
    { date: '2027-01-13', available: false, start: null, end: null, note: 'Dentist' },
    { date: '2027-01-14', available: true, start: '12:00', end: '20:00', note: null },
  ],
  contractedHoursPerWeek: 40,
  weeklyHoursLimit: 48,
};

describe('availabilityOf', () => {
  it('is inside when the whole visit is within the usual hours (winter: London is UTC)', () => {
    // Monday 11 January 2027.
    expect(availabilityOf(pattern, '2027-01-11T09:00:00Z', '2027-01-11T10:00:00Z')).toBe('inside');
    expect(availabilityOf(pattern, '2027-01-11T08:00:00Z', '2027-01-11T16:00:00Z')).toBe('inside');
  });

  it('is outside when the visit is wholly outside them', () => {
    expect(availabilityOf(pattern, '2027-01-11T18:00:00Z', '2027-01-11T19:00:00Z')).toBe('outside');
    expect(availabilityOf(pattern, '2027-01-12T06:00:00Z', '2027-01-12T07:00:00Z')).toBe('outside');
  });

  it('is outside when the visit runs past the end of a range', () => {
    expect(availabilityOf(pattern, '2027-01-11T15:30:00Z', '2027-01-11T16:30:00Z')).toBe('outside');
    expect(availabilityOf(pattern, '2027-01-11T07:45:00Z', '2027-01-11T08:30:00Z')).toBe('outside');
  });

  it('lets an exception replace the weekday: unavailable all day, or available at other hours', () => {
    // Wednesday 13 January: usually 08:00–16:00, but away.
    expect(availabilityOf(pattern, '2027-01-13T09:00:00Z', '2027-01-13T10:00:00Z')).toBe('outside');
    // Thursday 14 January: 12:00–20:00 instead of 08:00–16:00.
    expect(availabilityOf(pattern, '2027-01-14T09:00:00Z', '2027-01-14T10:00:00Z')).toBe('outside');
    expect(availabilityOf(pattern, '2027-01-14T18:00:00Z', '2027-01-14T19:00:00Z')).toBe('inside');
  });

  it('is unknown when no pattern is recorded', () => {
    expect(availabilityOf(null, '2027-01-11T09:00:00Z', '2027-01-11T10:00:00Z')).toBe('unknown');
  });

  it('is inside for a visit crossing midnight when the two days meet there', () => {
    // Saturday 16 January 23:00 to Sunday 17 January 01:00.
    expect(availabilityOf(pattern, '2027-01-16T23:00:00Z', '2027-01-17T01:00:00Z')).toBe('inside');
    // Friday 15 January has no night hours: the same visit a day earlier is outside.
    expect(availabilityOf(pattern, '2027-01-15T23:00:00Z', '2027-01-16T01:00:00Z')).toBe('outside');
  });

  it('reads the hours as London time in summer (British Summer Time is UTC+1)', () => {
    // Monday 5 July 2027, 08:00–09:00 London is 07:00–08:00 UTC.
    expect(availabilityOf(pattern, '2027-07-05T07:00:00Z', '2027-07-05T08:00:00Z')).toBe('inside');
    // 16:00–17:00 London is 15:00–16:00 UTC: past the end of the day's hours.
    expect(availabilityOf(pattern, '2027-07-05T15:00:00Z', '2027-07-05T16:00:00Z')).toBe('outside');
    // 06:30 UTC is 07:30 London: before the day starts.
    expect(availabilityOf(pattern, '2027-07-05T06:30:00Z', '2027-07-05T07:30:00Z')).toBe('outside');
  });
});
