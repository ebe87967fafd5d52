import { z } from 'zod';
import { blankAsAbsent, oneOf, queryOneOf } from '../fields';
import { refineReportRange, reportFilterFields } from './report-range';

/** The three exports of Export Reports, and what a Custom Report may show and group by. */
export const REPORT_KINDS = ['overview', 'detailed', 'custom'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  overview: 'Overview Summary',
  detailed: 'Detailed Analytics',
  custom: 'Custom Report',
};

export const REPORT_MEASURES = [
  'appointments',
  'completed',
  'completionRate',
  'onTime',
  'punctualityRate',
  'averageDuration',
  'cancelled',
  'missed',
  'noShow',
  'bookedHours',
  'taskCompletion',
  'documentation',
  'satisfaction',
] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];
export const REPORT_MEASURE_LABELS: Record<ReportMeasure, string> = {
  appointments: 'Appointments',
  completed: 'Completed',
  completionRate: 'Completion rate (%)',
  onTime: 'On time',
  punctualityRate: 'Punctuality rate (%)',
  averageDuration: 'Average duration (min)',
  cancelled: 'Cancelled',
  missed: 'Missed',
  noShow: 'No-shows',
  bookedHours: 'Booked hours',
  taskCompletion: 'Task completion (%)',
  documentation: 'Documented visits (%)',
  satisfaction: 'Client satisfaction (/5)',
};
export const REPORT_GROUPINGS = ['day', 'week', 'month', 'carer', 'client', 'region'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];
export const REPORT_GROUPING_LABELS: Record<ReportGrouping, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  carer: 'Carer',
  client: 'Client',
  region: 'Region',
};
export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** `measures=a,b,c` (or repeated) to a list of known measures, in the order chosen, without repeats. */
const measureList = z.preprocess(
  (value) => {
    const parts = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
      .map((part) => String(part).trim())
      .filter(Boolean);
    return parts.length === 0 ? undefined : [...new Set(parts)];
  },
  z
    .array(z.enum(REPORT_MEASURES, { error: `Measures must be among: ${REPORT_MEASURES.join(', ')}` }))
    .min(1)
    .max(REPORT_MEASURES.length)
    .optional(),
);

/** GET /api/reports/export.pdf and export.csv: the report, the filters of the screen, and a custom report's choices. */
export const reportExportQuery = z
  .object({
    ...reportFilterFields,
    report: z.preprocess(blankAsAbsent, oneOf(REPORT_KINDS, 'Report')),
    measures: measureList,
    groupBy: queryOneOf(REPORT_GROUPINGS, 'Grouping'),
  })
  .superRefine((query, ctx) => {
    refineReportRange(query, ctx);
    if (query.report !== 'custom') return;
    if (!query.measures) ctx.addIssue({ code: 'custom', path: ['measures'], message: 'Choose at least one measure' });
    if (!query.groupBy) ctx.addIssue({ code: 'custom', path: ['groupBy'], message: 'Choose how to group the report' });
    // Client roll-ups are kept per client, not per carer: a client grouping cannot be narrowed to a carer or region.
    if (query.groupBy === 'client' && (query.carerId || query.region))
      ctx.addIssue({
        code: 'custom',
        path: ['groupBy'],
        message: 'Grouping by client covers every carer: clear the region and carer filters',
      });
  });
export type ReportExportQuery = z.infer<typeof reportExportQuery>;
