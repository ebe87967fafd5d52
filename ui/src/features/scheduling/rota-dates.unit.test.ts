import { describe, expect, it } from 'vitest';
import { hourSpan, monthGridOf, mondayOf, overlaps, shortDayLabel, weekOf } from './rota-dates';

describe('rota dates', () => {
  it('starts the week on Monday, whatever day is chosen', () => {
    expect(mondayOf('2026-10-14')).toBe('2026-10-12');
    expect(mondayOf('2026-10-12')).toBe('2026-10-12');
    expect(mondayOf('2026-10-18')).toBe('2026-10-12');
    expect(weekOf('2026-12-31')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('lays a month out in whole Monday-to-Sunday weeks', () => {
    const { month, days } = monthGridOf('2026-02-17');
    expect(month).toBe('2026-02');
    expect(days[0]).toBe('2026-01-26');
    expect(days.at(-1)).toBe('2026-03-01');
    expect(days).toHaveLength(35);
  });

  it('spans London hours in UTC across the clock change', () => {
    expect(hourSpan('2026-07-06', 7)).toEqual({
      start: Date.parse('2026-07-06T06:00:00Z'),
      end: Date.parse('2026-07-06T07:00:00Z'),
    });
    expect(hourSpan('2026-01-06', 23)).toEqual({
      start: Date.parse('2026-01-06T23:00:00Z'),
      end: Date.parse('2026-01-07T00:00:00Z'),
    });
    // 01:00–02:00 does not exist on the spring change day.
    const skipped = hourSpan('2026-03-29', 1);
    expect(skipped.end - skipped.start).toBe(0);
  });

  it('counts overlap only when the intervals share time', () => {
    expect(overlaps({ start: 0, end: 10 }, { start: 10, end: 20 })).toBe(false);
    expect(overlaps({ start: 0, end: 11 }, { start: 10, end: 20 })).toBe(true);
  });

  it('labels a column with the weekday and date', () => {
    expect(shortDayLabel('2026-10-18')).toBe('Sun 18/10');
  });
});
