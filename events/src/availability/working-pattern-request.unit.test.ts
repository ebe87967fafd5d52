import { describe, expect, it } from 'vitest';
import {
  CONTRACTED_OVER_LIMIT,
  DUPLICATE_EXCEPTION_DATE,
  END_NOT_AFTER_START,
  LIMIT_RANGE,
  OPT_OUT_DATE_REQUIRED,
  RANGES_OVERLAP,
  BAD_START_TIME,
  setWorkingPatternRequestSchema,
} from './working-pattern-request';

const fieldsOf = (input: unknown): Record<string, string> => {
  const parsed = setWorkingPatternRequestSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

const weekdays = { weekly: [{ weekday: 1, start: '08:00', end: '16:00' }], contractedHoursPerWeek: null };

describe('the working pattern request', () => {
  it('accepts a pattern and defaults the limit to 48 hours', () => {
    expect(setWorkingPatternRequestSchema.parse(weekdays)).toEqual({
      weekly: [{ weekday: 1, start: '08:00', end: '16:00' }],
      exceptions: [],
      contractedHoursPerWeek: null,
      weeklyHoursLimit: 48,
      optedOutOn: null,
    });
  });

  it('names the field of inverted hours, a bad time and overlapping ranges', () => {
    expect(fieldsOf({ ...weekdays, weekly: [{ weekday: 2, start: '17:00', end: '09:00' }] })).toEqual({
      'weekly.0.end': END_NOT_AFTER_START,
    });
    expect(fieldsOf({ ...weekdays, weekly: [{ weekday: 2, start: '25:00', end: '26:00' }] })).toMatchObject({
      'weekly.0.start': BAD_START_TIME,
    });
    expect(
      fieldsOf({
        ...weekdays,
        weekly: [
          { weekday: 3, start: '08:00', end: '12:00' },
          { weekday: 4, start: '10:00', end: '14:00' },
          { weekday: 3, start: '11:00', end: '14:00' },
        ],
      }),
    ).toEqual({ 'weekly.2.start': RANGES_OVERLAP });
  });

  it('refuses overlapping hours on one exception date and a date given twice', () => {
    const available = (start: string, end: string) => ({ date: '2027-03-01', available: true, start, end });
    expect(fieldsOf({ ...weekdays, exceptions: [available('08:00', '12:00'), available('11:00', '13:00')] })).toEqual({
      'exceptions.1.start': RANGES_OVERLAP,
    });
    expect(fieldsOf({ ...weekdays, exceptions: [available('08:00', '12:00'), available('13:00', '15:00')] })).toEqual(
      {},
    );
    const away = { date: '2027-03-01', available: false, start: null, end: null };
    expect(fieldsOf({ ...weekdays, exceptions: [away, away] })).toEqual({
      'exceptions.1.date': DUPLICATE_EXCEPTION_DATE,
    });
  });

  it('keeps the limit from 1 to 78 hours, above 48 only with an opt-out date, and contracted hours under it', () => {
    expect(fieldsOf({ ...weekdays, weeklyHoursLimit: 0.5 })).toEqual({ weeklyHoursLimit: LIMIT_RANGE });
    expect(fieldsOf({ ...weekdays, weeklyHoursLimit: 79, optedOutOn: '2026-01-05' })).toEqual({
      weeklyHoursLimit: LIMIT_RANGE,
    });
    expect(fieldsOf({ ...weekdays, weeklyHoursLimit: 60 })).toEqual({ optedOutOn: OPT_OUT_DATE_REQUIRED });
    expect(fieldsOf({ ...weekdays, weeklyHoursLimit: '60', optedOutOn: '2026-01-05' })).toEqual({});
    expect(fieldsOf({ ...weekdays, contractedHoursPerWeek: 50 })).toEqual({
      contractedHoursPerWeek: CONTRACTED_OVER_LIMIT,
    });
  });
});
