import { MAX_RECURRING_OCCURRENCES } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { expandWeeklyPattern, isoWeekday } from './weekly-pattern';

describe('weekly patterns', () => {
  it('numbers the days of the week from Monday (1) to Sunday (7)', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
  });

  it('creates a visit on each chosen day between the dates, both included', () => {
    // Monday 2 to Sunday 15 November 2026, Mondays and Thursdays at 09:00 (London is on UTC).
    expect(
      expandWeeklyPattern({ daysOfWeek: [1, 4], startTime: '09:00', startDate: '2026-11-02', untilDate: '2026-11-16' }),
    ).toEqual([
      '2026-11-02T09:00:00.000Z',
      '2026-11-05T09:00:00.000Z',
      '2026-11-09T09:00:00.000Z',
      '2026-11-12T09:00:00.000Z',
      '2026-11-16T09:00:00.000Z',
    ]);
  });

  it('keeps the London wall-clock time across the clock change in spring and autumn', () => {
    // The clocks go forward on Sunday 29 March 2026 and back on Sunday 25 October 2026.
    expect(
      expandWeeklyPattern({
        daysOfWeek: [6, 7, 1],
        startTime: '09:00',
        startDate: '2026-03-28',
        untilDate: '2026-03-30',
      }),
    ).toEqual(['2026-03-28T09:00:00.000Z', '2026-03-29T08:00:00.000Z', '2026-03-30T08:00:00.000Z']);
    expect(
      expandWeeklyPattern({ daysOfWeek: [6, 7], startTime: '09:00', startDate: '2026-10-24', untilDate: '2026-10-25' }),
    ).toEqual(['2026-10-24T08:00:00.000Z', '2026-10-25T09:00:00.000Z']);
  });

  it('refuses a pattern that matches no day, or too many', () => {
    expect(
      refusal(() =>
        expandWeeklyPattern({ daysOfWeek: [6], startTime: '09:00', startDate: '2026-11-02', untilDate: '2026-11-04' }),
      ),
    ).toEqual({
      kind: 'invalid',
      message: 'No day between the start and until dates is one of the chosen days',
      field: 'daysOfWeek',
    });
    expect(
      refusal(() =>
        expandWeeklyPattern({
          daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
          startTime: '09:00',
          startDate: '2026-01-01',
          untilDate: '2026-12-31',
        }),
      ),
    ).toMatchObject({ kind: 'invalid', field: 'untilDate' });
    expect(
      expandWeeklyPattern({
        daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
        startTime: '09:00',
        startDate: '2026-01-01',
        untilDate: '2026-07-19',
      }),
    ).toHaveLength(MAX_RECURRING_OCCURRENCES);
  });
});
