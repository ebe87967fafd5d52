import { describe, expect, it } from 'vitest';
import type { DoseSchedule } from '@care/events';
import { adherenceOf, openDoses, percent } from './dose-math';

const twiceDaily: DoseSchedule = {
  startDate: '2026-11-01',
  endDate: null,
  periods: [{ from: null, doseTimes: ['08:00', '20:00'], active: true }],
};
const now = new Date('2026-11-10T12:00:00.000Z');

describe('adherence', () => {
  it('is given ÷ doses due and not "not required", a missing outcome counting as not given', () => {
    // 01/11 08:00 to 10/11 08:00: 19 doses due by noon on 10/11.
    const outcomes = new Map<string, string>([
      ['2026-11-10T08:00:00.000Z', 'given'],
      ['2026-11-09T20:00:00.000Z', 'refused'],
      ['2026-11-09T08:00:00.000Z', 'not_required'],
      ['2026-11-08T20:00:00.000Z', 'given'],
    ]);
    expect(adherenceOf(twiceDaily, outcomes, now)).toEqual({ given: 2, due: 18 });
    expect(percent({ given: 2, due: 18 })).toBe(11.1);
    expect(percent({ given: 0, due: 0 })).toBeNull();
  });
});

describe('due and overdue', () => {
  it('lists doses of the last 24 hours and the next hour without an outcome', () => {
    const outcomes = new Map([['2026-11-10T08:00:00.000Z', 'given']]);
    expect(openDoses(twiceDaily, outcomes, new Date('2026-11-10T19:00:00.000Z')).map((d) => d.dueAt)).toEqual([
      '2026-11-09T20:00:00.000Z',
      '2026-11-10T20:00:00.000Z',
    ]);
    expect(openDoses(twiceDaily, outcomes, new Date('2026-11-10T18:59:00.000Z')).map((d) => d.dueAt)).toEqual([
      '2026-11-09T20:00:00.000Z',
    ]);
  });
});
