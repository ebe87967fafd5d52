import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  addDays,
  ALERT_SUMMARY_SHOWN,
  averageDuration,
  compareRankings,
  completionRate,
  compliancePercent,
  complianceRating,
  EXPIRING_WITHIN_DAYS,
  meanRating,
  percentOf,
  punctualityRate,
  RANKINGS_SHOWN,
  REGIONS,
  REQUIRED_TRAINING_COUNT,
  trendBucketOf,
  type AlertSeverity,
  type Region,
  type ReportCompliance,
  type ReportOperational,
  type ReportOverview,
  type ReportPerformance,
  type ReportQuality,
  type ReportScope,
  type TrendBucket,
} from '@care/events';
import { READ_MODEL_SCHEMA, VISIT_MEASURES, type ReadModelDatabase, type VisitMeasures } from '@care/projector';
import { medicationAdherence } from './medication-adherence';

type Db = Kysely<ReadModelDatabase>;

const SEVERITY_RANK: Record<AlertSeverity, number> = { critical: 4, high: 3, medium: 2, low: 1 };
const fullName = (first: string, last: string) => `${first} ${last}`.trim();
const n = (value: unknown) => Number(value ?? 0);
const sumOf = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)::bigint`;

/**
 * Every figure of Reports & Analytics from the reports projection's day roll-ups: a year
 * sums a few thousand rows per carer and day, never the visits. The carer filter keeps that carer's rows; the region
 * filter the rows of carers in that region; visits with no carer count only with neither filter.
 */
export class ReportQueries {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db.withSchema(READ_MODEL_SCHEMA) as Db;
  }

  /** Rows of a table keyed by carer_id, limited to the scope's carer or region. */
  private carerFilter(scope: ReportScope, column: string) {
    return (eb: ExpressionBuilder<ReadModelDatabase, keyof ReadModelDatabase>) => {
      const conditions = [];
      if (scope.carerId !== null) conditions.push(eb(sql.ref(column), '=', scope.carerId));
      if (scope.region !== null)
        conditions.push(
          eb(
            sql.ref(column),
            'in',
            eb.selectFrom('report_carers').select('report_carers.id').where('report_carers.region', '=', scope.region),
          ),
        );
      return eb.and(conditions);
    };
  }

  private carerDays(scope: ReportScope) {
    return this.db
      .selectFrom('report_carer_days as d')
      .where('d.date', '>=', scope.from)
      .where('d.date', '<=', scope.to)
      .where(this.carerFilter(scope, 'd.carer_id') as never);
  }

  /** Per-day sums in the range: the agency's own day table without a filter (365 rows a year), else the carers'. */
  private daySums(scope: ReportScope) {
    const columns = [
      sql<string>`to_char(d.date, 'YYYY-MM-DD')`.as('date'),
      sumOf('d.total').as('total'),
      sumOf('d.completed').as('completed'),
      sumOf('d.on_time').as('on_time'),
    ];
    if (scope.carerId === null && scope.region === null) {
      return this.db
        .selectFrom('report_days as d')
        .where('d.date', '>=', scope.from)
        .where('d.date', '<=', scope.to)
        .select(columns)
        .groupBy('d.date')
        .execute();
    }
    return this.carerDays(scope).select(columns).groupBy('d.date').execute();
  }

  async overview(scope: ReportScope): Promise<ReportOverview> {
    const bucket = trendBucketOf(scope);
    const [rows, activeAlerts] = await Promise.all([this.daySums(scope), this.activeAlertCount(scope)]);
    // Days into their buckets here: 365 rows, rather than a date function on every row in the database.
    const starts = bucketStarts(scope, bucket);
    const sums = new Map(starts.map((start) => [start, { total: 0, completed: 0 }]));
    for (const row of rows) {
      const start = bucketOf(row.date, bucket, scope.from);
      const sum = sums.get(start);
      if (!sum) continue;
      sum.total += n(row.total);
      sum.completed += n(row.completed);
    }
    const points = starts.map((start) => {
      const { total, completed } = sums.get(start)!;
      return { start, total, completed, completionRate: completionRate(completed, total) };
    });
    const total = rows.reduce((sum, row) => sum + n(row.total), 0);
    const completed = rows.reduce((sum, row) => sum + n(row.completed), 0);
    const onTime = rows.reduce((sum, row) => sum + n(row.on_time), 0);
    return {
      scope: scopeView(scope),
      totalAppointments: total,
      completed,
      onTime,
      completionRate: completionRate(completed, total),
      punctualityRate: punctualityRate(onTime, completed),
      activeAlerts,
      trend: { bucket, points },
    };
  }

  async performance(scope: ReportScope): Promise<ReportPerformance> {
    // Sums per carer id first (one narrow hash aggregate over the day rows), then their names: 60 rows to join, not 22,000.
    const sums = this.carerDays(scope)
      .where('d.carer_id', 'is not', null)
      .select([
        'd.carer_id',
        sumOf('d.total').as('total'),
        sumOf('d.completed').as('completed'),
        sumOf('d.on_time').as('on_time'),
        sumOf('d.completed_minutes').as('completed_minutes'),
      ])
      .groupBy('d.carer_id')
      .having(sql<number>`sum(d.total)`, '>', 0)
      .as('s');
    const rows = await this.db
      .selectFrom(sums)
      .innerJoin('report_carers as c', 'c.id', 's.carer_id')
      .select([
        'c.id',
        'c.first_name',
        'c.last_name',
        'c.region',
        's.total',
        's.completed',
        's.on_time',
        's.completed_minutes',
      ])
      .execute();
    const rankings = rows
      .map((row) => ({
        carerId: row.id,
        carerName: fullName(row.first_name, row.last_name),
        region: row.region,
        total: n(row.total),
        completed: n(row.completed),
        completionRate: completionRate(n(row.completed), n(row.total)),
        punctualityRate: punctualityRate(n(row.on_time), n(row.completed)),
        averageDurationMinutes: averageDuration(n(row.completed_minutes), n(row.completed)),
      }))
      .sort(compareRankings);
    return { scope: scopeView(scope), rankings: rankings.slice(0, RANKINGS_SHOWN), carersWithVisits: rankings.length };
  }

  /** Training compliance now (as of `today`, London): active carers in the filter; expiring within 30 days. */
  async compliance(scope: ReportScope, today: string): Promise<ReportCompliance> {
    const [carers, expiring] = await Promise.all([
      this.db
        .selectFrom('carers as c')
        .where('c.is_active', '=', true)
        .$if(scope.carerId !== null, (query) => query.where('c.id', '=', scope.carerId!))
        .$if(scope.region !== null, (query) => query.where('c.region', '=', scope.region))
        .select((eb) => [
          'c.id',
          'c.first_name',
          'c.last_name',
          'c.region',
          eb
            .selectFrom('training_compliance as tc')
            .whereRef('tc.carer_id', '=', 'c.id')
            .where((inner) => inner.or([inner('tc.open_ended', '=', true), inner('tc.latest_expiry', '>=', today)]))
            .select(sql<number>`count(*)::int`.as('count'))
            .$asScalar()
            .as('current_count'),
        ])
        .orderBy('c.last_name')
        .orderBy('c.first_name')
        .orderBy('c.id')
        .execute(),
      this.db
        .selectFrom('training_records as t')
        .innerJoin('carers as c', 'c.id', 't.carer_id')
        .where('t.status', '=', 'current')
        .where('t.expiry_date', '>=', today)
        .where('t.expiry_date', '<=', addDays(today, EXPIRING_WITHIN_DAYS))
        .$if(scope.carerId !== null, (query) => query.where('c.id', '=', scope.carerId!))
        .$if(scope.region !== null, (query) => query.where('c.region', '=', scope.region))
        .select(['t.id', 't.carer_id', 't.training_type', 't.expiry_date', 'c.first_name', 'c.last_name'])
        .orderBy('t.expiry_date')
        .orderBy('t.id')
        .execute(),
    ]);
    const views = carers.map((row) => {
      const percent = compliancePercent(n(row.current_count));
      return {
        carerId: row.id,
        carerName: fullName(row.first_name, row.last_name),
        region: row.region,
        currentCount: n(row.current_count),
        required: REQUIRED_TRAINING_COUNT,
        compliancePercent: percent,
        rating: complianceRating(percent),
      };
    });
    const mean =
      views.length === 0
        ? null
        : Math.round((views.reduce((sum, view) => sum + view.compliancePercent, 0) / views.length) * 10) / 10;
    return {
      scope: scopeView(scope),
      carers: views,
      averageCompliance: mean,
      expiring: expiring.map((row) => ({
        id: row.id,
        carerId: row.carer_id,
        carerName: fullName(row.first_name, row.last_name),
        trainingType: row.training_type,
        expiryDate: row.expiry_date!,
      })),
    };
  }

  async quality(scope: ReportScope): Promise<ReportQuality> {
    const [visits, diary, medication] = await Promise.all([
      this.carerDays(scope)
        .select([
          sumOf('d.completed').as('completed'),
          sumOf('d.tasks_planned').as('tasks_planned'),
          sumOf('d.tasks_done').as('tasks_done'),
          sumOf('d.documented').as('documented'),
          sumOf('d.rated').as('rated'),
          sumOf('d.rating_sum').as('rating_sum'),
        ])
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('report_diary_days as d')
        .where('d.date', '>=', scope.from)
        .where('d.date', '<=', scope.to)
        .where(this.carerFilter(scope, 'd.carer_id') as never)
        .select(['d.entry_type', sumOf('d.entries').as('entries')])
        .groupBy('d.entry_type')
        .execute(),
      medicationAdherence(this.db, scope),
    ]);
    const completed = n(visits.completed);
    const entries = new Map(diary.map((row) => [row.entry_type, n(row.entries)]));
    return {
      scope: scopeView(scope),
      completed,
      metrics: [
        {
          key: 'tasks',
          label: 'Task completion',
          value: percentOf(n(visits.tasks_done), n(visits.tasks_planned)),
          unit: '%',
          numerator: n(visits.tasks_done),
          denominator: n(visits.tasks_planned),
          rule: 'Planned tasks ticked done at check-out ÷ tasks planned, on completed visits',
          empty: 'No planned tasks on completed visits in this range',
        },
        {
          key: 'documentation',
          label: 'Visit documentation',
          value: percentOf(n(visits.documented), completed),
          unit: '%',
          numerator: n(visits.documented),
          denominator: completed,
          rule: 'Completed visits with notes and a client signature ÷ completed visits',
          empty: 'No completed visits in this range',
        },
        {
          key: 'satisfaction',
          label: 'Client satisfaction',
          value: meanRating(n(visits.rating_sum), n(visits.rated)),
          unit: '/5',
          numerator: n(visits.rating_sum),
          denominator: n(visits.rated),
          rule: 'Mean of the ratings (1 to 5) clients gave at check-out',
          empty: 'No client ratings recorded in this range',
        },
        medication,
      ],
      diary: {
        totalEntries: [...entries.values()].reduce((sum, value) => sum + value, 0),
        careNotes: entries.get('care_note') ?? 0,
        incidents: entries.get('incident') ?? 0,
        medicationEntries: entries.get('medication') ?? 0,
      },
    };
  }

  async operational(scope: ReportScope): Promise<ReportOperational> {
    const byCarer = scope.region !== null || scope.carerId !== null;
    const [booked, shifts, alerts, activeAlerts] = await Promise.all([
      this.carerDays(scope)
        .innerJoin('report_carers as c', 'c.id', 'd.carer_id')
        .select(['c.id', 'c.first_name', 'c.last_name', 'c.region', sumOf('d.booked_minutes').as('minutes')])
        .groupBy(['c.id', 'c.first_name', 'c.last_name', 'c.region'])
        .execute(),
      this.db
        .selectFrom('report_shift_days as s')
        .innerJoin('report_carers as c', 'c.id', 's.carer_id')
        .where('s.date', '>=', scope.from)
        .where('s.date', '<=', scope.to)
        .where(this.carerFilter(scope, 's.carer_id') as never)
        .select(['c.id', 'c.first_name', 'c.last_name', 'c.region', sumOf('s.shift_minutes').as('minutes')])
        .groupBy(['c.id', 'c.first_name', 'c.last_name', 'c.region'])
        .execute(),
      this.openAlerts(scope)
        .select(['a.id', 'a.title', 'a.description', 'a.severity', 'a.created_at'])
        .orderBy(sql`case a.severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`, 'desc')
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id')
        .limit(ALERT_SUMMARY_SHOWN)
        .execute(),
      this.activeAlertCount(scope),
    ]);
    const groups = new Map<string, { label: string; bookedMinutes: number; shiftMinutes: number }>();
    const groupOf = (row: { id: string; first_name: string; last_name: string; region: string | null }) => {
      const key = byCarer ? row.id : (row.region ?? 'none');
      const label = byCarer
        ? fullName(row.first_name, row.last_name)
        : row.region === null
          ? 'No region'
          : capitalised(row.region);
      const group = groups.get(key) ?? { label, bookedMinutes: 0, shiftMinutes: 0 };
      groups.set(key, group);
      return group;
    };
    if (!byCarer)
      for (const region of REGIONS)
        groups.set(region, { label: capitalised(region), bookedMinutes: 0, shiftMinutes: 0 });
    for (const row of booked) groupOf(row).bookedMinutes += n(row.minutes);
    for (const row of shifts) groupOf(row).shiftMinutes += n(row.minutes);
    const utilisation = [...groups.entries()]
      .filter(([, group]) => !byCarer || group.bookedMinutes > 0 || group.shiftMinutes > 0)
      .map(([key, group]) => ({ key, ...group, percent: percentOf(group.bookedMinutes, group.shiftMinutes) }));
    if (byCarer) utilisation.sort((a, b) => a.label.localeCompare(b.label, 'en-GB') || a.key.localeCompare(b.key));
    return {
      scope: scopeView(scope),
      utilisationBy: byCarer ? 'carer' : 'region',
      utilisation,
      alerts: alerts
        .map((alert) => ({
          id: alert.id,
          title: alert.title,
          description: alert.description,
          severity: alert.severity,
          createdAt: alert.created_at.toISOString(),
        }))
        .sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]),
      activeAlerts,
    };
  }

  /**
   * A Custom Report's rows: the visit sums per day, week, month, carer, client or region, in that order (periods in
   * date order, people and regions by name). Client rows come from the per-client roll-up (no carer filter applies).
   */
  async grouped(
    scope: ReportScope,
    groupBy: 'day' | 'week' | 'month' | 'carer' | 'client' | 'region',
  ): Promise<{ key: string; label: string; measures: VisitMeasures }[]> {
    const sums = VISIT_MEASURES.map((measure) => sumOf(`d.${measure}`).as(measure));
    const measuresOf = (row: Record<string, unknown>) =>
      Object.fromEntries(VISIT_MEASURES.map((measure) => [measure, n(row[measure])])) as unknown as VisitMeasures;
    if (groupBy === 'day' || groupBy === 'week' || groupBy === 'month') {
      const rows = await this.carerDays(scope)
        .select([sql<string>`${bucketExpression(groupBy)}`.as('start'), ...sums])
        .groupBy(sql`1`)
        .execute();
      const byStart = new Map(rows.map((row) => [row.start < scope.from ? scope.from : row.start, row]));
      return bucketStarts(scope, groupBy).map((start) => ({
        key: start,
        label: start,
        measures: measuresOf(byStart.get(start) ?? {}),
      }));
    }
    if (groupBy === 'client') {
      const rows = await this.db
        .selectFrom('report_client_days as d')
        .innerJoin('report_clients as c', 'c.id', 'd.client_id')
        .where('d.date', '>=', scope.from)
        .where('d.date', '<=', scope.to)
        .select(['c.id', 'c.first_name', 'c.last_name', ...sums])
        .groupBy(['c.id', 'c.first_name', 'c.last_name'])
        .orderBy('c.last_name')
        .orderBy('c.first_name')
        .orderBy('c.id')
        .execute();
      return rows.map((row) => ({
        key: row.id,
        label: fullName(row.first_name, row.last_name),
        measures: measuresOf(row),
      }));
    }
    const rows = await this.carerDays(scope)
      .leftJoin('report_carers as c', 'c.id', 'd.carer_id')
      .select(['d.carer_id', 'c.first_name', 'c.last_name', 'c.region', ...sums])
      .groupBy(['d.carer_id', 'c.first_name', 'c.last_name', 'c.region'])
      .execute();
    const groups = new Map<string, { key: string; label: string; measures: VisitMeasures }>();
    for (const row of rows) {
      const key =
        groupBy === 'carer'
          ? (row.carer_id ?? 'unassigned')
          : (row.region ?? (row.carer_id === null ? 'unassigned' : 'none'));
      const label =
        groupBy === 'carer'
          ? row.carer_id === null
            ? 'No carer assigned'
            : fullName(row.first_name ?? '', row.last_name ?? '')
          : row.region === null
            ? row.carer_id === null
              ? 'No carer assigned'
              : 'No region'
            : capitalised(row.region);
      const group = groups.get(key) ?? { key, label, measures: measuresOf({}) };
      for (const measure of VISIT_MEASURES) group.measures[measure] += n(row[measure]);
      groups.set(key, group);
    }
    return [...groups.values()].sort((a, b) => a.label.localeCompare(b.label, 'en-GB') || a.key.localeCompare(b.key));
  }

  /** Open alerts (active or acknowledged, as GET /api/alerts?active=true), about the filter's carers. */
  private openAlerts(scope: ReportScope) {
    return this.db
      .selectFrom('alerts as a')
      .where('a.status', '<>', 'resolved')
      .where(this.carerFilter(scope, 'a.carer_id') as never);
  }

  private async activeAlertCount(scope: ReportScope): Promise<number> {
    const row = await this.db
      .selectFrom('alert_totals as t')
      .where('t.status', '<>', 'resolved')
      .where(this.carerFilter(scope, 't.carer_id') as never)
      .select(sumOf('t.alerts').as('count'))
      .executeTakeFirstOrThrow();
    return n(row.count);
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function scopeView(scope: ReportScope) {
  return { from: scope.from, to: scope.to, region: scope.region as Region | null, carerId: scope.carerId };
}

function bucketExpression(bucket: TrendBucket) {
  if (bucket === 'day') return sql`to_char(d.date, 'YYYY-MM-DD')`;
  return sql`to_char(date_trunc(${bucket}, d.date)::date, 'YYYY-MM-DD')`;
}

/** The bucket a date falls in, as its first date in the range (the first bucket starts at the range's start). */
function bucketOf(date: string, bucket: TrendBucket, from: string): string {
  let start = date;
  if (bucket === 'week') start = addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
  if (bucket === 'month') start = `${date.slice(0, 7)}-01`;
  return start < from ? from : start;
}

/** Every bucket's first date in the range (the first one clamped to the range's start), so empty ones show as 0. */
export function bucketStarts(range: { from: string; to: string }, bucket: TrendBucket): string[] {
  const starts: string[] = [];
  let start = range.from;
  while (start <= range.to) {
    starts.push(start);
    start = nextBucket(start, bucket);
  }
  return starts;
}

function nextBucket(date: string, bucket: TrendBucket): string {
  if (bucket === 'day') return addDays(date, 1);
  if (bucket === 'week') {
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    return addDays(date, 7 - weekday);
  }
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}
