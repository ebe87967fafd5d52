import { describe, expect, it } from 'vitest';
import { alertAudienceOf } from '@care/events';
import type { CarerWeekFact } from '@care/projector/rule-facts';
import { workingTimeOverLimit } from './working-time-rules';

const NOW = new Date('2027-03-10T12:00:00.000Z');
const week = (overrides: Partial<CarerWeekFact> = {}): CarerWeekFact => ({
  carerId: '0190a6b0-0000-7000-8000-0000000000a1',
  carerFirstName: 'Nadia',
  carerLastName: 'Hussain',
  weekStart: '2027-03-08',
  minutes: 49 * 60,
  weeklyHoursLimit: 48,
  ...overrides,
});

describe('working time rule', () => {
  it('given a carer booked past their weekly limit, raises one medium alert for the people team, for that carer and week', () => {
    const alerts = workingTimeOverLimit.holds([week()], NOW);
    expect(workingTimeOverLimit.severity).toBe('medium');
    expect(alertAudienceOf(workingTimeOverLimit.name)).toBe('people');
    expect(alerts).toEqual([
      expect.objectContaining({
        subject: '0190a6b0-0000-7000-8000-0000000000a1/2027-03-08',
        description: 'Nadia Hussain is booked for 49 h in the week of 08/03/2027; their weekly limit is 48 h.',
        relatedKind: 'carer',
        carerId: '0190a6b0-0000-7000-8000-0000000000a1',
      }),
    ]);
  });

  it('raises nothing for a week at or under the limit, nor for an opted-out carer within their higher limit', () => {
    expect(workingTimeOverLimit.holds([week({ minutes: 48 * 60 })], NOW)).toEqual([]);
    expect(workingTimeOverLimit.holds([week({ minutes: 55 * 60, weeklyHoursLimit: 60 })], NOW)).toEqual([]);
  });

  it('evaluated twice on the same week, wants the same one alert (the runner raises each subject once)', () => {
    const facts = [week(), week({ weekStart: '2027-03-15', minutes: 50 * 60 })];
    const first = workingTimeOverLimit.holds(facts, NOW);
    const second = workingTimeOverLimit.holds(facts, NOW);
    expect(second).toEqual(first);
    expect(new Set([...first, ...second].map((alert) => alert.subject)).size).toBe(2);
  });
});
