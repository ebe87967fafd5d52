import { describe, expect, it } from 'vitest';
import { demoPayrollPeriods } from './demo-payroll';

describe('demo payroll periods', () => {
  it('given today Monday 23 November 2026 and four weeks of history, pays the four whole weeks that have ended', () => {
    expect(demoPayrollPeriods('2026-11-23')).toEqual([
      { periodStart: '2026-10-26', periodKind: 'week' },
      { periodStart: '2026-11-02', periodKind: 'week' },
      { periodStart: '2026-11-09', periodKind: 'week' },
      { periodStart: '2026-11-16', periodKind: 'week' },
    ]);
  });

  it('given a Wednesday, leaves out the part week at each end (history starts mid-week, this week has not ended)', () => {
    const periods = demoPayrollPeriods('2026-11-25');
    expect(periods.map((period) => period.periodStart)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  });
});
