import { describe, expect, it } from 'vitest';
import { chartPoints } from './trend-points';

const point = (start: string, total: number, completed: number) => ({
  start,
  total,
  completed,
  completionRate: total === 0 ? null : Math.round((completed / total) * 1000) / 10,
});
const trend = {
  bucket: 'day' as const,
  points: [point('2026-11-26', 80, 76), point('2026-11-27', 80, 78), point('2026-11-28', 60, 0)],
};

describe('the trend chart points', () => {
  it('draws the day under way apart: labelled Today, off the solid line, dashed from yesterday', () => {
    const points = chartPoints(trend, { to: '2026-11-28' }, '2026-11-28');
    expect(points.map((p) => [p.label, p.partial, p.rate, p.rateSoFar])).toEqual([
      ['26/11', false, 95, null],
      ['27/11', false, 97.5, 97.5],
      ['Today', true, null, 0],
    ]);
  });

  it('has no partial point when the range ends before today', () => {
    const points = chartPoints(trend, { to: '2026-11-28' }, '2026-11-29');
    expect(points.map((p) => [p.partial, p.rate, p.rateSoFar])).toEqual([
      [false, 95, null],
      [false, 97.5, null],
      [false, 0, null],
    ]);
  });

  it('marks the week holding today in a range of weeks', () => {
    const weeks = { bucket: 'week' as const, points: [point('2026-11-16', 500, 480), point('2026-11-23', 400, 300)] };
    const points = chartPoints(weeks, { to: '2026-11-28' }, '2026-11-28');
    expect(points.map((p) => [p.label, p.partial])).toEqual([
      ['16/11', false],
      ['23/11', true],
    ]);
  });
});
