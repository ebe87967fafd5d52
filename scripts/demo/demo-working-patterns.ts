import type { SetWorkingPatternRequest, Weekday } from '@care/events';

const days = (weekdays: readonly Weekday[], start: string, end: string) =>
  weekdays.map((weekday) => ({ weekday, start, end }));

/**
 * The demo carers' working patterns, by their place in the list: most full time, Monday to Friday 08:00–16:00; every
 * third part time (mornings on three days); every fifth on evenings and weekends; and the third carer opted out of the
 * 48-hour week with a limit of 60 hours. Visits booked outside these hours go ahead with a warning, as in real life.
 */
export function demoWorkingPatterns(carerCount: number, optedOutOn: string): SetWorkingPatternRequest[] {
  return Array.from({ length: carerCount }, (_, index): SetWorkingPatternRequest => {
    if (index === 2)
      return {
        weekly: days([1, 2, 3, 4, 5, 6], '07:00', '19:00'),
        exceptions: [],
        contractedHoursPerWeek: 48,
        weeklyHoursLimit: 60,
        optedOutOn,
      };
    if (index % 5 === 4)
      return {
        weekly: [...days([1, 2, 3, 4, 5], '17:00', '22:00'), ...days([6, 7], '08:00', '20:00')],
        exceptions: [],
        contractedHoursPerWeek: 40,
        weeklyHoursLimit: 48,
        optedOutOn: null,
      };
    if (index % 3 === 1)
      return {
        weekly: days([1, 3, 5], '08:00', '13:00'),
        exceptions: [],
        contractedHoursPerWeek: 15,
        weeklyHoursLimit: 48,
        optedOutOn: null,
      };
    return {
      weekly: days([1, 2, 3, 4, 5], '08:00', '16:00'),
      exceptions: [],
      contractedHoursPerWeek: 37.5,
      weeklyHoursLimit: 48,
      optedOutOn: null,
    };
  });
}
