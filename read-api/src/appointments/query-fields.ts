import { z } from 'zod';
import {
  addDays,
  blankAsAbsent,
  type DateRange,
  londonToday,
  queryDate,
  searchText as boundedSearchText,
} from '@care/events';

export type { DateRange };

/**
 * Query-string fields shared by the appointments, monitoring and shifts routes. A blank value (a filter left
 * empty in the UI) means "not given" (blankAsAbsent).
 */

/** A date filter, 1900 to 2099 (the bound every date the platform takes has). */
export const optionalDate = queryDate;

export const optionalId = (message: string) => z.preprocess(blankAsAbsent, z.uuid({ error: message }).optional());

export const optionalFlag = (label: string) =>
  z
    .preprocess(blankAsAbsent, z.enum(['true', 'false'], { error: `${label} must be true or false` }).optional())
    .transform((value) => value === 'true');

export const searchText = z.preprocess(blankAsAbsent, boundedSearchText().optional());

export { wholeNumber } from '../shared/paging';

/** Days in a range, both ends included. */
export const daysIn = ({ from, to }: DateRange): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/**
 * The longest range any list, summary, analytics or CSV export answers: about a year. A wider one is refused with
 * 400 on `to`, so no request can make the server read and serialise the whole history in one go.
 */
export const MAX_RANGE_DAYS = 366;

/** Without a date: a month either side of today, the window the screens care about. */
export const DEFAULT_WINDOW_DAYS = 30;

function defaultWindow(): DateRange {
  const today = londonToday();
  return { from: addDays(today, -DEFAULT_WINDOW_DAYS), to: addDays(today, DEFAULT_WINDOW_DAYS) };
}

export function todayOnly(): DateRange {
  const today = londonToday();
  return { from: today, to: today };
}

/**
 * `?today=true`, `?date=D` or `?from=D&to=D`: one of them, or none for the `fallback` range (resolveDateRange).
 */
export const dateRangeFields = {
  today: optionalFlag('Today'),
  date: optionalDate('Date'),
  from: optionalDate('From date'),
  to: optionalDate('To date'),
};

/** The range the fields ask for; adds the issues to `ctx` and returns undefined when they do not make one. */
export function resolveDateRange(
  value: { today: boolean; date?: string | undefined; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
  fallback: () => DateRange = defaultWindow,
): DateRange | undefined {
  const given = [value.today, value.date !== undefined, value.from !== undefined || value.to !== undefined].filter(
    Boolean,
  ).length;
  if (given > 1) {
    ctx.addIssue({ code: 'custom', path: ['date'], message: 'Use one of today, date, or from and to' });
    return undefined;
  }
  const today = londonToday();
  if (value.today) return { from: today, to: today };
  if (value.date !== undefined) return { from: value.date, to: value.date };
  if (value.from === undefined && value.to === undefined) return fallback();
  return checkedRange(value.from, value.to, ctx, MAX_RANGE_DAYS);
}

/** Both ends given, in order, and (when `maxDays` is set) not too long. */
export function checkedRange(
  from: string | undefined,
  to: string | undefined,
  ctx: z.RefinementCtx,
  maxDays?: number,
): DateRange | undefined {
  if (from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'From date is required' });
  if (to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To date is required' });
  if (from === undefined || to === undefined) return undefined;
  if (to < from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'To date must not be before the from date' });
    return undefined;
  }
  if (maxDays !== undefined && daysIn({ from, to }) > maxDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `The range must be at most ${maxDays} days` });
    return undefined;
  }
  return { from, to };
}
