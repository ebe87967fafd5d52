import type { Kysely } from 'kysely';
import {
  averageDuration,
  completionRate,
  londonClock,
  meanRating,
  percentOf,
  punctualityRate,
  REPORT_GROUPING_LABELS,
  REPORT_KIND_LABELS,
  REPORT_MEASURE_LABELS,
  type ReportFormat,
  type ReportGrouping,
  type ReportKind,
  type ReportMeasure,
  type ReportOverview,
  type ReportScope,
  ukDate,
} from '@care/events';
import type { ReadModelDatabase, VisitMeasures } from '@care/projector';
import { renderPdf, type PdfBlock } from './pdf';
import { toCsv, type CsvValue } from './csv';
import { ReportQueries } from './report-queries';

/** What to produce: a report of the screen's filters, as PDF or CSV; a Custom Report with its measures and grouping. */
export interface ReportRequest {
  readonly kind: ReportKind;
  readonly scope: ReportScope;
  /** How the range was chosen ('30d' …), for the subtitle; undefined for a scheduled report's fixed period. */
  readonly rangeLabel?: string;
  readonly measures?: readonly ReportMeasure[];
  readonly groupBy?: ReportGrouping;
  /** London "today" for the compliance figures, and the generation time printed on the document. */
  readonly today: string;
  readonly generatedAt: Date;
  /** Names to print for the filters (the carer's name, not their id). */
  readonly carerName?: string | null;
  /**
   * The reader's alert figure as their dashboard counts it (not yet acknowledged, a group once, their audiences), so
   * a download shows what the screen shows; absent for a scheduled report, which counts every open alert.
   */
  readonly activeAlerts?: number;
}

/** The overview with the reader's alert figure, when the request has one. */
function withReaderAlerts(overview: ReportOverview, request: ReportRequest): ReportOverview {
  return request.activeAlerts === undefined ? overview : { ...overview, activeAlerts: request.activeAlerts };
}

export interface ReportFile {
  readonly filename: string;
  readonly contentType: string;
  readonly body: Buffer;
}

const pct = (value: number | null) => (value === null ? 'Not recorded' : `${value.toFixed(1)}%`);
const num = (value: number | null) => (value === null ? 'Not recorded' : String(value));

/** One measure of a group's sums, by the Reports & Analytics tabs' formulas; null where there is nothing to divide by. */
export function measureValue(measure: ReportMeasure, sums: VisitMeasures): number | null {
  switch (measure) {
    case 'appointments':
      return sums.total;
    case 'completed':
      return sums.completed;
    case 'completionRate':
      return completionRate(sums.completed, sums.total);
    case 'onTime':
      return sums.on_time;
    case 'punctualityRate':
      return punctualityRate(sums.on_time, sums.completed);
    case 'averageDuration':
      return averageDuration(sums.completed_minutes, sums.completed);
    case 'cancelled':
      return sums.cancelled;
    case 'missed':
      return sums.missed;
    case 'noShow':
      return sums.no_show;
    case 'bookedHours':
      return Math.round((sums.booked_minutes / 60) * 10) / 10;
    case 'taskCompletion':
      return percentOf(sums.tasks_done, sums.tasks_planned);
    case 'documentation':
      return percentOf(sums.documented, sums.completed);
    case 'satisfaction':
      return meanRating(sums.rating_sum, sums.rated);
  }
}

function subtitleOf(request: ReportRequest): string {
  const parts = [
    `${ukDate(request.scope.from)} to ${ukDate(request.scope.to)}${request.rangeLabel ? ` (${request.rangeLabel})` : ''}`,
  ];
  parts.push(
    request.scope.region
      ? `Region: ${request.scope.region.charAt(0).toUpperCase()}${request.scope.region.slice(1)}`
      : 'All regions',
  );
  parts.push(request.scope.carerId ? `Carer: ${request.carerName ?? request.scope.carerId}` : 'All carers');
  parts.push(`Generated ${ukDate(request.today)} ${londonClock(request.generatedAt)}`);
  return parts.join(' · ');
}

function overviewBlocks(overview: ReportOverview): PdfBlock[] {
  const labels = overview.trend.points.map((point) =>
    ukDate(point.start).slice(0, overview.trend.bucket === 'month' ? 10 : 5),
  );
  return [
    { kind: 'heading', text: 'Overview' },
    {
      kind: 'fields',
      rows: [
        ['Total Appointments', String(overview.totalAppointments)],
        [
          'Completion Rate',
          `${pct(overview.completionRate)} (${overview.completed} completed ÷ ${overview.totalAppointments} appointments)`,
        ],
        [
          'Punctuality Rate',
          `${pct(overview.punctualityRate)} (${overview.onTime} on time ÷ ${overview.completed} completed; on time = started at most 15 minutes late)`,
        ],
        ['Active Alerts', `${overview.activeAlerts} open now`],
      ],
    },
    {
      kind: 'lineChart',
      title: `Appointments and completed, per ${overview.trend.bucket}`,
      labels,
      series: [
        { name: 'Appointments', values: overview.trend.points.map((point) => point.total) },
        { name: 'Completed', values: overview.trend.points.map((point) => point.completed) },
      ],
    },
    {
      kind: 'table',
      columns: [{ header: 'From' }, { header: 'Appointments' }, { header: 'Completed' }, { header: 'Completion rate' }],
      rows: overview.trend.points.map((point) => [
        ukDate(point.start),
        String(point.total),
        String(point.completed),
        pct(point.completionRate),
      ]),
      fontSize: 8,
    },
  ];
}

interface Built {
  readonly title: string;
  readonly blocks: PdfBlock[];
  readonly csv: { header: string[]; rows: CsvValue[][] };
}

async function overviewReport(queries: ReportQueries, request: ReportRequest): Promise<Built> {
  const overview = withReaderAlerts(await queries.overview(request.scope), request);
  return {
    title: REPORT_KIND_LABELS.overview,
    blocks: overviewBlocks(overview),
    csv: {
      header: ['Period start', 'Appointments', 'Completed', 'Completion rate (%)'],
      rows: [
        ...overview.trend.points.map((point): CsvValue[] => [
          point.start,
          point.total,
          point.completed,
          point.completionRate,
        ]),
        ['Total', overview.totalAppointments, overview.completed, overview.completionRate],
        ['Punctuality rate (%)', overview.punctualityRate, null, null],
        ['Active alerts', overview.activeAlerts, null, null],
      ],
    },
  };
}

/** Every figure of the five tabs: in the PDF as sections with charts, in the CSV one figure a row. */
async function detailedReport(queries: ReportQueries, request: ReportRequest): Promise<Built> {
  const [overview, performance, compliance, quality, operational] = await Promise.all([
    queries.overview(request.scope).then((figures) => withReaderAlerts(figures, request)),
    queries.performance(request.scope),
    queries.compliance(request.scope, request.today),
    queries.quality(request.scope),
    queries.operational(request.scope),
  ]);
  const rows: CsvValue[][] = [
    ['Overview', 'Total Appointments', '', overview.totalAppointments],
    ['Overview', 'Completion Rate (%)', '', overview.completionRate],
    ['Overview', 'Punctuality Rate (%)', '', overview.punctualityRate],
    ['Overview', 'Active Alerts', '', overview.activeAlerts],
    ...overview.trend.points.flatMap((point): CsvValue[][] => [
      ['Trend', 'Appointments', point.start, point.total],
      ['Trend', 'Completed', point.start, point.completed],
    ]),
    ...performance.rankings.flatMap((row): CsvValue[][] => [
      ['Performance', 'Completion rate (%)', row.carerName, row.completionRate],
      ['Performance', 'Punctuality rate (%)', row.carerName, row.punctualityRate],
      ['Performance', 'Average duration (min)', row.carerName, row.averageDurationMinutes],
    ]),
    ...compliance.carers.map((row): CsvValue[] => [
      'Compliance',
      'Training compliance (%)',
      row.carerName,
      row.compliancePercent,
    ]),
    ...compliance.expiring.map((row): CsvValue[] => [
      'Compliance',
      `Expiring: ${row.trainingType}`,
      row.carerName,
      row.expiryDate,
    ]),
    ...quality.metrics.map((metric): CsvValue[] => ['Quality', metric.label, metric.unit, metric.value]),
    ['Care Diary Summary', 'Total entries', '', quality.diary.totalEntries],
    ['Care Diary Summary', 'Care notes', '', quality.diary.careNotes],
    ['Care Diary Summary', 'Incidents reported', '', quality.diary.incidents],
    ['Care Diary Summary', 'Medication entries', '', quality.diary.medicationEntries],
    ...operational.utilisation.map((row): CsvValue[] => [
      'Resource Utilisation (%)',
      row.label,
      `${row.bookedMinutes} of ${row.shiftMinutes} min`,
      row.percent,
    ]),
    ...operational.alerts.map((alert): CsvValue[] => ['Alert Summary', alert.title, alert.severity, alert.createdAt]),
  ];
  const blocks: PdfBlock[] = [
    ...overviewBlocks(overview),
    { kind: 'heading', text: 'Carer Performance Rankings' },
    ...(performance.rankings.length === 0
      ? [{ kind: 'paragraph' as const, text: 'No performance data available' }]
      : [
          {
            kind: 'barChart' as const,
            title: 'Completion rate per carer (top 10)',
            unit: '%',
            bars: performance.rankings.map((row) => ({ label: row.carerName, value: row.completionRate ?? 0 })),
          },
          {
            kind: 'table' as const,
            columns: [
              { header: 'Carer', width: 2 },
              { header: 'Appointments' },
              { header: 'Completion' },
              { header: 'Punctuality' },
              { header: 'Avg duration' },
            ],
            rows: performance.rankings.map((row) => [
              row.carerName,
              `${row.completed} of ${row.total}`,
              pct(row.completionRate),
              pct(row.punctualityRate),
              row.averageDurationMinutes === null ? 'Not recorded' : `${row.averageDurationMinutes} min`,
            ]),
          },
        ]),
    { kind: 'heading', text: 'Training Compliance Status' },
    ...(compliance.carers.length === 0
      ? [{ kind: 'paragraph' as const, text: 'No compliance data available' }]
      : [
          {
            kind: 'table' as const,
            columns: [
              { header: 'Carer', width: 2 },
              { header: 'Current of 8' },
              { header: 'Compliance' },
              { header: 'Status' },
            ],
            rows: compliance.carers.map((row) => [
              row.carerName,
              String(row.currentCount),
              `${row.compliancePercent}%`,
              row.rating,
            ]),
          },
        ]),
    {
      kind: 'paragraph',
      text:
        compliance.expiring.length === 0
          ? 'No training expires in the next 30 days.'
          : `Expiring within 30 days: ${compliance.expiring.map((row) => `${row.carerName}, ${row.trainingType.replaceAll('_', ' ')}, ${ukDate(row.expiryDate)}`).join('; ')}.`,
    },
    { kind: 'heading', text: 'Quality Metrics' },
    {
      kind: 'fields',
      rows: quality.metrics.map(
        (metric) =>
          [
            metric.label,
            metric.value === null
              ? metric.empty
              : `${metric.value}${metric.unit === '%' ? '%' : '/5'} (${metric.rule})`,
          ] as const,
      ),
    },
    { kind: 'heading', text: 'Care Diary Summary' },
    {
      kind: 'fields',
      rows: [
        ['Total entries', String(quality.diary.totalEntries)],
        ['Care notes', String(quality.diary.careNotes)],
        ['Incidents reported', String(quality.diary.incidents)],
        ['Medication entries', String(quality.diary.medicationEntries)],
      ],
    },
    { kind: 'heading', text: 'Resource Utilisation' },
    ...(operational.utilisation.some((row) => row.percent !== null)
      ? [
          {
            kind: 'barChart' as const,
            title: `Booked visit hours ÷ rostered shift hours, per ${operational.utilisationBy}`,
            unit: '%',
            bars: operational.utilisation
              .filter((row) => row.percent !== null)
              .map((row) => ({ label: row.label, value: row.percent! })),
          },
        ]
      : [{ kind: 'paragraph' as const, text: 'No shifts rostered in this range.' }]),
    { kind: 'heading', text: 'Alert Summary' },
    operational.alerts.length === 0
      ? { kind: 'paragraph', text: 'No active alerts' }
      : {
          kind: 'table',
          columns: [{ header: 'Severity' }, { header: 'Alert', width: 3 }],
          rows: operational.alerts.map((alert) => [alert.severity, `${alert.title}: ${alert.description}`]),
        },
  ];
  return { title: REPORT_KIND_LABELS.detailed, blocks, csv: { header: ['Section', 'Figure', 'For', 'Value'], rows } };
}

async function customReport(queries: ReportQueries, request: ReportRequest): Promise<Built> {
  const measures = request.measures ?? ['appointments', 'completionRate'];
  const groupBy = request.groupBy ?? 'day';
  const groups = await queries.grouped(request.scope, groupBy);
  const values = groups.map((group) => measures.map((measure) => measureValue(measure, group.measures)));
  const label = (group: { label: string }) =>
    groupBy === 'day' || groupBy === 'week' || groupBy === 'month' ? ukDate(group.label) : group.label;
  const first = measures[0]!;
  const blocks: PdfBlock[] = [
    {
      kind: 'paragraph',
      text: `Grouped by ${REPORT_GROUPING_LABELS[groupBy].toLowerCase()}. Measures: ${measures.map((measure) => REPORT_MEASURE_LABELS[measure]).join(', ')}.`,
    },
    ...(groups.length === 0
      ? [{ kind: 'paragraph' as const, text: 'No appointments in this range.' }]
      : [
          groupBy === 'day' || groupBy === 'week' || groupBy === 'month'
            ? {
                kind: 'lineChart' as const,
                title: REPORT_MEASURE_LABELS[first],
                labels: groups.map((group) => label(group).slice(0, 5)),
                series: [{ name: REPORT_MEASURE_LABELS[first], values: values.map((row) => row[0] ?? 0) }],
              }
            : {
                kind: 'barChart' as const,
                title: REPORT_MEASURE_LABELS[first],
                bars: groups
                  .slice(0, 20)
                  .map((group, index) => ({ label: label(group), value: values[index]![0] ?? 0 })),
              },
          {
            kind: 'table' as const,
            columns: [
              { header: REPORT_GROUPING_LABELS[groupBy], width: 2 },
              ...measures.map((measure) => ({ header: REPORT_MEASURE_LABELS[measure] })),
            ],
            rows: groups.map((group, index) => [label(group), ...values[index]!.map(num)]),
            fontSize: measures.length > 6 ? 7 : 8,
          },
        ]),
  ];
  return {
    title: REPORT_KIND_LABELS.custom,
    blocks,
    csv: {
      header: [REPORT_GROUPING_LABELS[groupBy], ...measures.map((measure) => REPORT_MEASURE_LABELS[measure])],
      rows: groups.map((group, index) => [group.label, ...values[index]!]),
    },
  };
}

const BUILDERS: Record<ReportKind, (queries: ReportQueries, request: ReportRequest) => Promise<Built>> = {
  overview: overviewReport,
  detailed: detailedReport,
  custom: customReport,
};

/** The report as a file: a PDF with its charts, or a CSV of exactly the same figures. */
export async function reportFile(
  db: Kysely<ReadModelDatabase>,
  request: ReportRequest,
  format: ReportFormat,
): Promise<ReportFile> {
  const built = await BUILDERS[request.kind](new ReportQueries(db), request);
  const filename = `${request.kind}-report-${request.scope.from}-to-${request.scope.to}.${format}`;
  if (format === 'csv')
    return {
      filename,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(toCsv(built.csv.header, built.csv.rows), 'utf8'),
    };
  const pdf = await renderPdf({
    title: built.title,
    subtitle: subtitleOf(request),
    layout: request.kind === 'custom' && (request.measures?.length ?? 0) > 6 ? 'landscape' : 'portrait',
    blocks: built.blocks,
  });
  return { filename, contentType: 'application/pdf', body: pdf };
}
