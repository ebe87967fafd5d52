import { describe, expect, it } from 'vitest';
import { setWorkingPatternRequestSchema } from '@care/events';
import { demoWorkingPatterns } from './demo-working-patterns';

describe('the demo working patterns', () => {
  it('are each accepted by the API, with full-time, part-time and one opted-out carer among them', () => {
    const patterns = demoWorkingPatterns(30, '2026-06-01');
    for (const pattern of patterns) expect(setWorkingPatternRequestSchema.safeParse(pattern).success).toBe(true);
    expect(patterns.filter((pattern) => pattern.contractedHoursPerWeek === 37.5).length).toBeGreaterThan(5);
    expect(patterns.filter((pattern) => pattern.contractedHoursPerWeek === 15).length).toBeGreaterThan(3);
    expect(patterns.filter((pattern) => pattern.weeklyHoursLimit === 60)).toEqual([
      expect.objectContaining({ optedOutOn: '2026-06-01' }),
    ]);
  });
});
