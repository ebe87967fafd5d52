import {
  DEFAULT_WEEKLY_HOURS_LIMIT,
  setWorkingPatternRequestSchema,
  type SetWorkingPatternInput,
  type Weekday,
  type WorkingPatternView,
} from '@care/events';

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly Weekday[];

export interface WeeklyRow {
  weekday: Weekday;
  start: string;
  end: string;
}

export interface ExceptionRow {
  date: string;
  available: 'available' | 'unavailable';
  start: string;
  end: string;
  note: string;
}

/** The form as typed: numbers and dates as the inputs give them (text), turned into the request on submit. */
export interface WorkingPatternValues {
  weekly: WeeklyRow[];
  exceptions: ExceptionRow[];
  contractedHoursPerWeek: string;
  weeklyHoursLimit: string;
  optedOutOn: string;
}

/** A carer with no pattern yet: Monday to Friday 08:00–16:00 to start from, at the 48-hour limit. */
export const NEW_PATTERN: WorkingPatternValues = {
  weekly: ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start: '08:00', end: '16:00' })),
  exceptions: [],
  contractedHoursPerWeek: '',
  weeklyHoursLimit: String(DEFAULT_WEEKLY_HOURS_LIMIT),
  optedOutOn: '',
};

export function patternToValues(pattern: WorkingPatternView): WorkingPatternValues {
  return {
    weekly: pattern.weekly.map((range) => ({ ...range })),
    exceptions: pattern.exceptions.map((exception) => ({
      date: exception.date,
      available: exception.available ? 'available' : 'unavailable',
      start: exception.start ?? '',
      end: exception.end ?? '',
      note: exception.note ?? '',
    })),
    contractedHoursPerWeek: pattern.contractedHoursPerWeek === null ? '' : String(pattern.contractedHoursPerWeek),
    weeklyHoursLimit: String(pattern.weeklyHoursLimit),
    optedOutOn: pattern.optedOutOn ?? '',
  };
}

/** The request body: an unavailable date carries no hours, blanks are absent values. */
export function valuesToRequest(values: WorkingPatternValues) {
  return {
    weekly: values.weekly,
    exceptions: values.exceptions.map((exception) => ({
      date: exception.date,
      available: exception.available === 'available',
      start: exception.available === 'available' ? exception.start : null,
      end: exception.available === 'available' ? exception.end : null,
      note: exception.note,
    })),
    contractedHoursPerWeek: values.contractedHoursPerWeek,
    weeklyHoursLimit: values.weeklyHoursLimit,
    optedOutOn: values.optedOutOn,
  };
}

/**
 * The form's check, with the server's own schema: each message keyed by its full path (`weekly.2.end`), as the
 * server names the fields of a 400, so either lands under the same control.
 */
export function checkWorkingPattern(
  values: WorkingPatternValues,
): { ok: true; request: SetWorkingPatternInput } | { ok: false; errors: Record<string, string> } {
  const parsed = setWorkingPatternRequestSchema.safeParse(valuesToRequest(values));
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}

/** Every field path of the form in screen order: where messages may go, and focus goes to the first in error. */
export function fieldPaths(values: WorkingPatternValues): string[] {
  const weekly = WEEKDAYS.flatMap((weekday) =>
    values.weekly.flatMap((range, index) =>
      range.weekday === weekday ? [`weekly.${index}.start`, `weekly.${index}.end`] : [],
    ),
  );
  const exceptions = values.exceptions.flatMap((_, index) =>
    ['date', 'available', 'start', 'end', 'note'].map((field) => `exceptions.${index}.${field}`),
  );
  return ['weekly', ...weekly, 'exceptions', ...exceptions, 'contractedHoursPerWeek', 'weeklyHoursLimit', 'optedOutOn'];
}

/** "37.5 h", "—" when not recorded. */
export const hoursLabel = (hours: number | null): string => (hours === null ? '—' : `${hours} h`);
