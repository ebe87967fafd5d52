import { z } from 'zod';
import { ALERT_SEVERITIES, REGIONS } from '../enums';

const count = z.int().min(0);
const percent = z.number().min(0).max(100).nullable();
const isoDate = z.iso.date();

/** The range and filters a report was computed for (the preset resolved to London dates). */
export const reportScopeSchema = z.strictObject({
  from: isoDate,
  to: isoDate,
  region: z.enum(REGIONS).nullable(),
  carerId: z.uuid().nullable(),
});

export const trendPointSchema = z.strictObject({
  /** First London date of the bucket. */
  start: isoDate,
  total: count,
  completed: count,
  completionRate: percent,
});

export const reportOverviewSchema = z.strictObject({
  scope: reportScopeSchema,
  totalAppointments: count,
  completed: count,
  onTime: count,
  completionRate: percent,
  punctualityRate: percent,
  /**
   * Alerts now, counted as the dashboard counts them: not yet acknowledged, a group once, not snoozed, of the
   * audiences the reader follows; with a carer or region filter, those about its carers.
   */
  activeAlerts: count,
  trend: z.strictObject({ bucket: z.enum(['day', 'week', 'month']), points: z.array(trendPointSchema) }),
});
export type ReportOverview = z.infer<typeof reportOverviewSchema>;

export const carerRankingSchema = z.strictObject({
  carerId: z.uuid(),
  carerName: z.string(),
  region: z.string().nullable(),
  total: count,
  completed: count,
  completionRate: percent,
  punctualityRate: percent,
  averageDurationMinutes: z.number().min(0).nullable(),
});
export type CarerRanking = z.infer<typeof carerRankingSchema>;

export const reportPerformanceSchema = z.strictObject({
  scope: reportScopeSchema,
  /** Top 10 by completion rate. */
  rankings: z.array(carerRankingSchema),
  /** Carers with at least one appointment in the range (the rankings show at most 10 of them). */
  carersWithVisits: count,
});
export type ReportPerformance = z.infer<typeof reportPerformanceSchema>;

export const carerComplianceSchema = z.strictObject({
  carerId: z.uuid(),
  carerName: z.string(),
  region: z.string().nullable(),
  currentCount: count,
  required: count,
  compliancePercent: z.number().min(0).max(100),
  rating: z.enum(['Excellent', 'Good', 'Needs Attention']),
});
export const expiringTrainingSchema = z.strictObject({
  id: z.uuid(),
  carerId: z.uuid(),
  carerName: z.string(),
  trainingType: z.string(),
  expiryDate: isoDate,
});
export const reportComplianceSchema = z.strictObject({
  scope: reportScopeSchema,
  carers: z.array(carerComplianceSchema),
  /** Mean of the carers' percentages, to 1 decimal; null with no carers. */
  averageCompliance: percent,
  /** Current records expiring from today to 30 days ahead, soonest first. */
  expiring: z.array(expiringTrainingSchema),
});
export type ReportCompliance = z.infer<typeof reportComplianceSchema>;

export const qualityMetricSchema = z.strictObject({
  key: z.enum(['tasks', 'documentation', 'satisfaction', 'medication']),
  label: z.string(),
  /** Percent, or a mean rating out of 5 (unit '/5'); null when nothing is recorded. */
  value: z.number().min(0).nullable(),
  unit: z.enum(['%', '/5']),
  numerator: count,
  denominator: count,
  /** How it is computed, in words, shown beside it. */
  rule: z.string(),
  /** What the screen says when nothing is recorded. */
  empty: z.string(),
});
export const reportQualitySchema = z.strictObject({
  scope: reportScopeSchema,
  completed: count,
  metrics: z.array(qualityMetricSchema),
  diary: z.strictObject({ totalEntries: count, careNotes: count, incidents: count, medicationEntries: count }),
});
export type ReportQuality = z.infer<typeof reportQualitySchema>;
export type QualityMetric = z.infer<typeof qualityMetricSchema>;

export const utilisationSchema = z.strictObject({
  key: z.string(),
  label: z.string(),
  bookedMinutes: count,
  shiftMinutes: count,
  /** Booked visit minutes ÷ rostered shift minutes, to 1 decimal; null with no shift. May pass 100 (overbooked). */
  percent: z.number().min(0).nullable(),
});
export const alertSummarySchema = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  createdAt: z.string(),
});
export const reportOperationalSchema = z.strictObject({
  scope: reportScopeSchema,
  utilisationBy: z.enum(['region', 'carer']),
  utilisation: z.array(utilisationSchema),
  alerts: z.array(alertSummarySchema),
  activeAlerts: count,
});
export type ReportOperational = z.infer<typeof reportOperationalSchema>;
export type Utilisation = z.infer<typeof utilisationSchema>;

export const reportRunViewSchema = z.strictObject({
  id: z.uuid(),
  periodFrom: isoDate,
  periodTo: isoDate,
  generatedAt: z.string(),
  fileName: z.string(),
  sizeBytes: count,
});
export const reportScheduleViewSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  report: z.enum(['overview', 'detailed']),
  format: z.enum(['pdf', 'csv']),
  frequency: z.enum(['weekly', 'monthly']),
  region: z.enum(REGIONS).nullable(),
  carerId: z.uuid().nullable(),
  carerName: z.string().nullable(),
  status: z.enum(['active', 'paused']),
  scheduledBy: z.strictObject({ id: z.uuid(), name: z.string() }),
  scheduledAt: z.string(),
  /** When the next period's report is due (07:00 London); null while paused. */
  nextRunAt: z.string().nullable(),
  /** The latest generated reports, newest first (at most 12). */
  runs: z.array(reportRunViewSchema),
});
export type ReportScheduleView = z.infer<typeof reportScheduleViewSchema>;
