import { describe, expect, it } from 'vitest';
import { londonToday, rangeDates } from './manage-range';

describe('the Manage Care Operations date ranges', () => {
  it('covers today and the days before it, both ends included', () => {
    expect(rangeDates('today', '2026-03-10')).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(rangeDates('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(rangeDates('7d', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(rangeDates('30d', '2026-01-15')).toEqual({ from: '2025-12-17', to: '2026-01-15' });
  });

  it('covers three calendar months back to the day after, clamping to the end of a shorter month', () => {
    expect(rangeDates('3m', '2026-05-20')).toEqual({ from: '2026-02-21', to: '2026-05-20' });
    expect(rangeDates('3m', '2024-05-31')).toEqual({ from: '2024-03-01', to: '2024-05-31' });
    expect(rangeDates('3m', '2026-02-10')).toEqual({ from: '2025-11-11', to: '2026-02-10' });
  });

  it("takes today's date on the UK clock, not UTC", () => {
    // 23:30 UTC on 30 June is already 1 July in British Summer Time; in winter London and UTC agree.
    expect(londonToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});
