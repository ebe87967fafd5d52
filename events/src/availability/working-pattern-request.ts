import { z } from 'zod';
import { optionalDate, optionalText, requiredDate } from '../fields';
import { TEXT_LIMITS } from '../limits';
import { CLOCK_PATTERN, END_CLOCK_PATTERN, MAX_PATTERN_EXCEPTIONS, MAX_WEEKLY_RANGES } from './working-pattern-events';
import { DEFAULT_WEEKLY_HOURS_LIMIT, MAX_WEEKLY_HOURS_LIMIT, minutesOfClock } from './working-pattern';

export const WORKING_PATTERN_NOT_FOUND = 'Working pattern not found';
export const BAD_START_TIME = 'Start must be a time from 00:00 to 23:59';
export const BAD_END_TIME = 'End must be a time from 00:01 to 24:00';
export const END_NOT_AFTER_START = 'End must be after the start';
export const RANGES_OVERLAP = 'These hours overlap other hours on the same day';
export const DUPLICATE_EXCEPTION_DATE = 'This date already has an exception';
export const EXCEPTION_HOURS_REQUIRED = 'Give the hours the carer is available on this date';
export const EXCEPTION_HOURS_NOT_AVAILABLE = 'An unavailable date has no hours';
export const LIMIT_RANGE = `The weekly limit must be from 1 to ${MAX_WEEKLY_HOURS_LIMIT} hours`;
export const CONTRACTED_RANGE = `Contracted hours must be from 0 to ${MAX_WEEKLY_HOURS_LIMIT} a week`;
export const CONTRACTED_OVER_LIMIT = 'Contracted hours cannot be more than the weekly limit';
export const OPT_OUT_DATE_REQUIRED = `A limit over ${DEFAULT_WEEKLY_HOURS_LIMIT} hours needs the date the carer opted out of the ${DEFAULT_WEEKLY_HOURS_LIMIT}-hour week`;
export const WEEKDAY_MESSAGE = 'Weekday must be 1 (Monday) to 7 (Sunday)';

const numericText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
const blankAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Hours a week, whole or in quarter hours (37.5, 22.25), sent as a number or a form's numeric text. */
const hours = (message: string, min: number) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(MAX_WEEKLY_HOURS_LIMIT, message)
    .refine((value) => Number.isInteger(value * 4), 'Use whole or quarter hours');

const startClock = z.string({ error: BAD_START_TIME }).trim().regex(CLOCK_PATTERN, BAD_START_TIME);
const endClock = z
  .string({ error: BAD_END_TIME })
  .trim()
  .regex(END_CLOCK_PATTERN, BAD_END_TIME)
  .refine((clock) => clock !== '00:00', BAD_END_TIME);

const weeklyRange = z.object({
  weekday: z.preprocess(
    numericText,
    z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)], {
      error: WEEKDAY_MESSAGE,
    }),
  ),
  start: startClock,
  end: endClock,
});

const exception = z.object({
  date: requiredDate('Date is required'),
  available: z.boolean({ error: 'Available must be true or false' }),
  start: z.preprocess(blankAsNull, startClock.nullable()),
  end: z.preprocess(blankAsNull, endClock.nullable()),
  note: optionalText(TEXT_LIMITS.shortReason),
});

interface Range {
  readonly start: string;
  readonly end: string;
}

/** The index of each range (by position in its list) that overlaps an earlier one in the same group. */
function overlapping(ranges: readonly (Range & { index: number })[]): number[] {
  const sorted = [...ranges].sort((a, b) => minutesOfClock(a.start) - minutesOfClock(b.start) || a.index - b.index);
  const found: number[] = [];
  let reach = -1;
  for (const range of sorted) {
    if (minutesOfClock(range.start) < reach) found.push(range.index);
    reach = Math.max(reach, minutesOfClock(range.end));
  }
  return found;
}

/**
 * PUT /api/carers/:id/working-pattern: the whole pattern, replacing the one recorded. The UI form checks with the
 * same schema, so its messages are the server's. Each refusal names the field, e.g. `weekly.2.end`.
 */
export const setWorkingPatternRequestSchema = z
  .object({
    weekly: z.array(weeklyRange).max(MAX_WEEKLY_RANGES, `At most ${MAX_WEEKLY_RANGES} weekly ranges`).default([]),
    exceptions: z
      .array(exception)
      .max(MAX_PATTERN_EXCEPTIONS, `At most ${MAX_PATTERN_EXCEPTIONS} exceptions`)
      .default([]),
    contractedHoursPerWeek: z.preprocess(
      (value) => numericText(blankAsNull(value)),
      hours(CONTRACTED_RANGE, 0).nullable(),
    ),
    weeklyHoursLimit: z.preprocess((value) => numericText(value ?? DEFAULT_WEEKLY_HOURS_LIMIT), hours(LIMIT_RANGE, 1)),
    optedOutOn: optionalDate().transform((date) => date ?? null),
  })
  .superRefine((value, ctx) => {
    value.weekly.forEach((range, index) => {
      if (minutesOfClock(range.end) <= minutesOfClock(range.start))
        ctx.addIssue({ code: 'custom', path: ['weekly', index, 'end'], message: END_NOT_AFTER_START });
    });
    for (let weekday = 1; weekday <= 7; weekday += 1) {
      const day = value.weekly.map((range, index) => ({ ...range, index })).filter((r) => r.weekday === weekday);
      for (const index of overlapping(day))
        ctx.addIssue({ code: 'custom', path: ['weekly', index, 'start'], message: RANGES_OVERLAP });
    }

    const byDate = new Map<string, (Range & { index: number })[]>();
    value.exceptions.forEach((entry, index) => {
      if (entry.available && (entry.start === null || entry.end === null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['exceptions', index, entry.start === null ? 'start' : 'end'],
          message: EXCEPTION_HOURS_REQUIRED,
        });
        return;
      }
      if (!entry.available && (entry.start !== null || entry.end !== null)) {
        ctx.addIssue({ code: 'custom', path: ['exceptions', index, 'start'], message: EXCEPTION_HOURS_NOT_AVAILABLE });
        return;
      }
      if (entry.start !== null && entry.end !== null && minutesOfClock(entry.end) <= minutesOfClock(entry.start)) {
        ctx.addIssue({ code: 'custom', path: ['exceptions', index, 'end'], message: END_NOT_AFTER_START });
        return;
      }
      const sameDate = byDate.get(entry.date) ?? [];
      // Two sets of hours on one date (a split day) may stand together; an unavailable date stands alone.
      const earlierUnavailable = value.exceptions.some(
        (other, at) => at < index && other.date === entry.date && !other.available,
      );
      if (earlierUnavailable || (!entry.available && sameDate.length > 0)) {
        ctx.addIssue({ code: 'custom', path: ['exceptions', index, 'date'], message: DUPLICATE_EXCEPTION_DATE });
        return;
      }
      if (entry.start !== null && entry.end !== null) sameDate.push({ start: entry.start, end: entry.end, index });
      byDate.set(entry.date, sameDate);
    });
    for (const ranges of byDate.values())
      for (const index of overlapping(ranges))
        ctx.addIssue({ code: 'custom', path: ['exceptions', index, 'start'], message: RANGES_OVERLAP });

    if (value.contractedHoursPerWeek !== null && value.contractedHoursPerWeek > value.weeklyHoursLimit)
      ctx.addIssue({ code: 'custom', path: ['contractedHoursPerWeek'], message: CONTRACTED_OVER_LIMIT });
    if (value.weeklyHoursLimit > DEFAULT_WEEKLY_HOURS_LIMIT && (value.optedOutOn ?? null) === null)
      ctx.addIssue({ code: 'custom', path: ['optedOutOn'], message: OPT_OUT_DATE_REQUIRED });
  });
export type SetWorkingPatternRequest = z.input<typeof setWorkingPatternRequestSchema>;
export type SetWorkingPatternInput = z.output<typeof setWorkingPatternRequestSchema>;
