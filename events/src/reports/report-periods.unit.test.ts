import { describe, expect, it } from 'vitest';
import { duePeriods, nextDueAt, periodContaining } from './report-periods';

describe('scheduled report periods', () => {
  it('a week runs Monday to Sunday and is due at 07:00 London the Monday after (GMT and BST)', () => {
    expect(periodContaining('weekly', '2026-11-25')).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
      dueAt: '2026-11-30T07:00:00.000Z',
    });
    expect(periodContaining('weekly', '2026-06-10')).toEqual({
      from: '2026-06-08',
      to: '2026-06-14',
      dueAt: '2026-06-15T06:00:00.000Z',
    });
  });

  it('a month is its calendar month, due on the 1st after', () => {
    expect(periodContaining('monthly', '2026-02-14')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      dueAt: '2026-03-01T07:00:00.000Z',
    });
  });

  it('lists the periods due and not yet generated, oldest first', () => {
    const now = new Date('2026-12-14T08:00:00Z');
    expect(duePeriods('weekly', '2026-11-25', now, new Set()).map((period) => period.from)).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
    ]);
    expect(duePeriods('weekly', '2026-11-25', now, new Set(['2026-11-23'])).map((period) => period.from)).toEqual([
      '2026-11-30',
      '2026-12-07',
    ]);
    expect(duePeriods('weekly', '2026-11-25', new Date('2026-11-30T06:59:00Z'), new Set())).toEqual([]);
    expect(nextDueAt('monthly', '2026-11-25', new Date('2026-12-01T07:00:00Z'))).toBe('2027-01-01T07:00:00.000Z');
  });
});
