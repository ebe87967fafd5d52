import { describe, expect, it } from 'vitest';
import { compliancePercent, complianceRating } from '../training/training-rules';
import { averageDuration, compareRankings, completionRate, meanRating, punctualityRate } from './report-formulas';
import { reportFiltersQuery, reportRange, reportScope, trendBucketOf } from './report-range';

describe('the Reports & Analytics formulas', () => {
  it('completion rate is completed ÷ all, a percentage to 1 decimal; none at all is no figure', () => {
    expect(completionRate(4, 9)).toBe(44.4);
    expect(completionRate(2, 3)).toBe(66.7);
    expect(completionRate(0, 2)).toBe(0);
    expect(completionRate(0, 0)).toBeNull();
  });

  it('punctuality rate is over the completed visits only; with no completed visit there is no rate', () => {
    expect(punctualityRate(3, 4)).toBe(75);
    expect(punctualityRate(0, 0)).toBeNull();
  });

  it('average duration is the mean scheduled duration of completed visits', () => {
    expect(averageDuration(135, 3)).toBe(45);
    expect(averageDuration(100, 3)).toBe(33.3);
    expect(averageDuration(0, 0)).toBeNull();
    expect(meanRating(6, 2)).toBe(3);
    expect(meanRating(0, 0)).toBeNull();
  });

  it('compliance is current records ÷ 8, capped at 100, with Excellent at 90, Good at 70, else Needs Attention', () => {
    expect(compliancePercent(9)).toBe(100);
    expect(compliancePercent(8)).toBe(100);
    expect(compliancePercent(6)).toBe(75);
    expect([complianceRating(90), complianceRating(89), complianceRating(70), complianceRating(69)]).toEqual([
      'Excellent',
      'Good',
      'Good',
      'Needs Attention',
    ]);
  });

  it('ranks by completion rate, then completed visits, then name; a carer without a rate comes last', () => {
    const row = (carerName: string, completionRate: number | null, completed: number) => ({
      carerName,
      carerId: carerName,
      completionRate,
      completed,
    });
    const sorted = [
      row('Cara', null, 0),
      row('Ben', 50, 1),
      row('Anna', 75, 3),
      row('Abe', 50, 4),
      row('Zoe', 50, 1),
    ].sort(compareRankings);
    expect(sorted.map((item) => item.carerName)).toEqual(['Anna', 'Abe', 'Ben', 'Zoe', 'Cara']);
  });
});

describe('report ranges', () => {
  it('ends every preset today (London dates, both ends included)', () => {
    expect(reportRange('7d', '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(reportRange('30d', '2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(reportRange('3m', '2026-05-31')).toEqual({ from: '2026-03-01', to: '2026-05-31' });
    expect(reportRange('6m', '2026-11-23')).toEqual({ from: '2026-05-24', to: '2026-11-23' });
    expect(reportRange('1y', '2026-02-28')).toEqual({ from: '2025-03-01', to: '2026-02-28' });
  });

  it('takes a custom range and buckets the trend by day, week or month', () => {
    const query = reportFiltersQuery.parse({
      range: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
      region: '',
      carerId: '',
    });
    expect(reportScope(query, '2026-11-23')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      region: null,
      carerId: null,
    });
    expect(trendBucketOf({ from: '2026-01-01', to: '2026-01-31' })).toBe('day');
    expect(trendBucketOf({ from: '2026-01-01', to: '2026-02-01' })).toBe('week');
    expect(trendBucketOf(reportRange('1y', '2026-11-23'))).toBe('month');
  });

  it('refuses a custom range longer than two years', () => {
    const result = reportFiltersQuery.safeParse({ range: 'custom', from: '2020-01-01', to: '2026-01-01' });
    expect(result.success).toBe(false);
  });
});
