import { z } from 'zod';
import { addDays } from '../dates';
import { REGIONS } from '../enums';
import { blankAsAbsent, oneOf, queryDate, queryOneOf } from '../fields';
import type { DateRange } from '../appointments/date-ranges';

/** Reports offer last 7 days, 30 days, 3 months, 6 months, 1 year, and a custom range. */
export const REPORT_RANGES = ['7d', '30d', '3m', '6m', '1y', 'custom'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const REPORT_RANGE_LABELS: Record<ReportRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '3m': 'Last 3 months',
  '6m': 'Last 6 months',
  '1y': 'Last year',
  custom: 'Custom range',
};
/** A custom range may span at most two years: more is not a report anyone reads on one screen. */
export const REPORT_MAX_DAYS = 731;

function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 - months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 - months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** London dates, both included, ending today: "last 7 days" is today and the 6 days before it. */
export function reportRange(range: Exclude<ReportRange, 'custom'>, today: string): DateRange {
  switch (range) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '3m':
      return { from: addDays(monthsBefore(today, 3), 1), to: today };
    case '6m':
      return { from: addDays(monthsBefore(today, 6), 1), to: today };
    case '1y':
      return { from: addDays(monthsBefore(today, 12), 1), to: today };
  }
}

export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The filters every report route takes (and the UI sends): a range preset or custom from/to, region, carer. */
export const reportFilterFields = {
  range: z.preprocess(blankAsAbsent, oneOf(REPORT_RANGES, 'Range').default('30d')),
  from: queryDate('From'),
  to: queryDate('To'),
  region: queryOneOf(REGIONS, 'Region'),
  carerId: z.preprocess(blankAsAbsent, z.uuid({ error: 'Carer ID must be a UUID' }).optional()),
};

/** A custom range needs both days, in order, within two years. */
export function refineReportRange(
  query: { range: ReportRange; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (query.range !== 'custom') return;
  if (!query.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the first day of the range' });
  if (!query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose the last day of the range' });
  if (!query.from || !query.to) return;
  if (query.to < query.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must not be before the first' });
  else if (daysBetween(query.from, query.to) >= REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'A range may be at most two years' });
  if (query.from < '1900-01-01' || query.to > '2099-12-31')
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'Must be a date from 1900 to 2099' });
}

export const reportFiltersQuery = z.object(reportFilterFields).superRefine(refineReportRange);
export type ReportFiltersQuery = z.infer<typeof reportFiltersQuery>;

/** What a report covers once the preset is resolved against today (London). */
export interface ReportScope extends DateRange {
  readonly region: string | null;
  readonly carerId: string | null;
}

export function reportScope(query: ReportFiltersQuery, today: string): ReportScope {
  const range = query.range === 'custom' ? { from: query.from!, to: query.to! } : reportRange(query.range, today);
  return { ...range, region: query.region ?? null, carerId: query.carerId ?? null };
}

/** The trend chart's buckets: days up to a month, weeks (from Monday) up to six months, months beyond. */
export type TrendBucket = 'day' | 'week' | 'month';
export function trendBucketOf(range: DateRange): TrendBucket {
  const days = daysBetween(range.from, range.to) + 1;
  if (days <= 31) return 'day';
  if (days <= 186) return 'week';
  return 'month';
}
