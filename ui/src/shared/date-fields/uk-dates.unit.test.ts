import { describe, expect, it } from 'vitest';
import {
  dayOfIso,
  formatUkDate,
  formatUkDateTime,
  isoOfDay,
  parseTime,
  parseUkDate,
  parseUkDateTime,
} from './uk-dates';

describe('UK dates', () => {
  it('reads day first, in the ways people type it', () => {
    for (const typed of [
      '03/04/2026',
      '3/4/2026',
      '03-04-2026',
      '03.04.2026',
      '03 04 2026',
      '03042026',
      ' 3 / 4 / 2026 ',
    ]) {
      expect(parseUkDate(typed), typed).toBe('2026-04-03');
    }
  });

  it('refuses what is not a real day', () => {
    for (const typed of [
      '31/02/2026',
      '29/02/2026',
      '00/01/2026',
      '12/13/2026',
      '2026-04-03',
      '3/4/26',
      'tomorrow',
      '',
    ]) {
      expect(parseUkDate(typed), typed).toBeNull();
    }
    expect(parseUkDate('29/02/2028')).toBe('2028-02-29');
  });

  it('reads 24-hour times and date-times', () => {
    expect(parseTime('9:05')).toBe('09:05');
    expect(parseTime('1430')).toBe('14:30');
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(parseUkDateTime('23/11/2026 14:30')).toBe('2026-11-23T14:30');
    expect(parseUkDateTime('23/11/2026, 9.15')).toBe('2026-11-23T09:15');
    expect(parseUkDateTime('23/11/2026')).toBeNull();
    expect(parseUkDateTime('31/11/2026 10:00')).toBeNull();
  });

  it('writes ISO values back day first, and leaves a half-typed value alone', () => {
    expect(formatUkDate('2026-04-03')).toBe('03/04/2026');
    expect(formatUkDate('03/04/20')).toBe('03/04/20');
    expect(formatUkDateTime('2026-04-03T07:05')).toBe('03/04/2026 07:05');
    expect(formatUkDateTime('2026-04-03T07:05:00.000Z')).toBe('03/04/2026 07:05');
  });

  it('turns a calendar day into its ISO date and back without a time-zone shift', () => {
    expect(isoOfDay(new Date(2026, 2, 29))).toBe('2026-03-29');
    expect(isoOfDay(dayOfIso('2026-10-25') as Date)).toBe('2026-10-25');
    expect(dayOfIso('')).toBeUndefined();
  });
});
