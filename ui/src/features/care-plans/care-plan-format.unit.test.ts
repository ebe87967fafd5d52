import { describe, expect, it } from 'vitest';
import { firstOf, reviewText, riskRows } from './care-plan-format';

describe('care plan card texts', () => {
  it('shows the first items and how many more', () => {
    expect(firstOf(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(firstOf(['a'], 3)).toEqual({ shown: ['a'], more: 0 });
  });

  it('says when the review is due, or how long it is overdue', () => {
    expect(reviewText({ reviewDate: '2026-12-10', reviewInDays: 17 })).toBe('10/12/2026 (in 17 days)');
    expect(reviewText({ reviewDate: '2026-11-23', reviewInDays: 0 })).toBe('23/11/2026 (today)');
    expect(reviewText({ reviewDate: '2026-11-22', reviewInDays: -1 })).toBe('22/11/2026 (overdue by 1 day)');
  });

  it('lists all six risk areas, unrated ones as not assessed', () => {
    const rows = riskRows({ riskAssessment: [{ area: 'skin_integrity', level: 'high', notes: 'Pressure sore risk' }] });
    expect(rows).toHaveLength(6);
    expect(rows[2]).toEqual({ area: 'Skin integrity', level: 'high', label: 'High', notes: 'Pressure sore risk' });
    expect(rows[0]).toEqual({ area: 'Falls', level: null, label: 'Not assessed', notes: null });
  });
});
