import { describe, expect, it } from 'vitest';
import { END_NOT_AFTER_START, OPT_OUT_DATE_REQUIRED } from '@care/events';
import { checkWorkingPattern, NEW_PATTERN } from './working-pattern-form';

describe('the working pattern form', () => {
  it('sends the typed numbers as numbers, blanks as null, and an unavailable date without hours', () => {
    const check = checkWorkingPattern({
      ...NEW_PATTERN,
      contractedHoursPerWeek: '37.5',
      exceptions: [{ date: '2027-03-01', available: 'unavailable', start: '09:00', end: '10:00', note: '' }],
    });
    expect(check).toEqual({
      ok: true,
      request: expect.objectContaining({
        contractedHoursPerWeek: 37.5,
        weeklyHoursLimit: 48,
        optedOutOn: null,
        exceptions: [{ date: '2027-03-01', available: false, start: null, end: null, note: null }],
      }),
    });
  });

  it("puts the schema's messages under the control they name, by full path", () => {
    const check = checkWorkingPattern({
      ...NEW_PATTERN,
      weekly: [...NEW_PATTERN.weekly, { weekday: 6, start: '17:00', end: '09:00' }],
      weeklyHoursLimit: '60',
    });
    expect(check).toEqual({
      ok: false,
      errors: { 'weekly.5.end': END_NOT_AFTER_START, optedOutOn: OPT_OUT_DATE_REQUIRED },
    });
  });
});
