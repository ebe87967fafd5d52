import { z } from 'zod';
import { REGIONS } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventInteger, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

export const SCHEDULED_REPORT_KINDS = ['overview', 'detailed'] as const;
export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  weekly: 'Weekly (Monday, for the week before)',
  monthly: 'Monthly (the 1st, for the month before)',
};

/** What a schedule produces: a report of a fixed kind and format, narrowed like the screen's filters. */
export const reportSchedulePlanSchema = z.object({
  name: eventText(TEXT_LIMITS.title),
  report: z.enum(SCHEDULED_REPORT_KINDS),
  format: z.enum(['pdf', 'csv']),
  frequency: z.enum(REPORT_FREQUENCIES),
  region: z.enum(REGIONS).nullable(),
  carerId: z.uuid().nullable(),
});
export type ReportSchedulePlan = z.infer<typeof reportSchedulePlanSchema>;

/** Who scheduled it is the event's user; `startsOn` (London date) is the first day a period may end after. */
export const ReportScheduled = defineEvent(
  'ReportScheduled',
  1,
  reportSchedulePlanSchema.extend({ id: z.uuid(), startsOn: z.iso.date() }),
);
export const ReportSchedulePaused = defineEvent('ReportSchedulePaused', 1, z.object({ id: z.uuid() }));
export const ReportScheduleResumed = defineEvent('ReportScheduleResumed', 1, z.object({ id: z.uuid() }));
export const ReportScheduleDeleted = defineEvent('ReportScheduleDeleted', 1, z.object({ id: z.uuid() }));
/**
 * The rules process generated one period's report and kept the file (`media.report_files`, by `runId`). `runId` is
 * derived from the schedule and the period, so a period is generated once however many runners race.
 */
export const ScheduledReportGenerated = defineEvent(
  'ScheduledReportGenerated',
  1,
  z.object({
    id: z.uuid(),
    runId: z.uuid(),
    periodFrom: z.iso.date(),
    periodTo: z.iso.date(),
    generatedAt: eventInstant(),
    fileName: eventText(TEXT_LIMITS.title),
    contentType: z.enum(['application/pdf', 'text/csv; charset=utf-8']),
    sizeBytes: eventInteger({ min: 0, max: 50_000_000 }),
    sha256: z
      .string()
      .length(64)
      .regex(/^[0-9a-f]{64}$/),
  }),
);

export const reportScheduleEvents = [
  ReportScheduled,
  ReportSchedulePaused,
  ReportScheduleResumed,
  ReportScheduleDeleted,
  ScheduledReportGenerated,
] as const;
export type ReportScheduleEvent = EventOf<typeof reportScheduleEvents>;
export const reportScheduleStreamId = (id: string): string => `report-schedule-${id}`;

/** POST /api/report-schedules (shared with the form). */
export const createReportScheduleRequestSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(TEXT_LIMITS.title, `Must be at most ${TEXT_LIMITS.title} characters`),
  report: z.enum(SCHEDULED_REPORT_KINDS, { error: 'Report must be overview or detailed' }),
  format: z.enum(['pdf', 'csv'], { error: 'Format must be pdf or csv' }),
  frequency: z.enum(REPORT_FREQUENCIES, { error: 'Frequency must be weekly or monthly' }),
  region: z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .enum(REGIONS, { error: `Region must be one of: ${REGIONS.join(', ')}` })
      .nullable()
      .default(null),
  ),
  carerId: z.preprocess(
    (value) => (value === '' ? null : value),
    z.uuid({ error: 'Carer ID must be a UUID' }).nullable().default(null),
  ),
});
export type CreateReportScheduleRequest = z.infer<typeof createReportScheduleRequestSchema>;
