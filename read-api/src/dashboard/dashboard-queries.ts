import { sql, type Kysely } from 'kysely';
import { addDays, londonToday, TASK_CATEGORIES, type AlertSeverity, type DashboardStats, type TaskCategory } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { UNRECORDED_STATUSES } from '../appointments/appointment-queries';
import type { Audience } from '../shared/audience';
import { WELFARE_PRIORITIES, WELFARE_TYPES } from '../shared/welfare';
import { OPEN_TASK_STATUSES } from '../tasks/task-queries';
import { TrainingQueries } from '../training/training-queries';

/** Spec part 2 section 9: the on-time rate is over the completed visits of the last 30 days. */
export const ON_TIME_WINDOW_DAYS = 30;
/** Unrecorded visits are counted over the same past window as GET /api/appointments?unrecorded=true without dates. */
export const UNRECORDED_WINDOW_DAYS = 30;
const URGENT: readonly AlertSeverity[] = ['high', 'critical'];

/**
 * Whose figures one computation answers: the agency's (one answer, keyed ''), or several carers' own at once,
 * each figure one query grouped by the carer's account (the live push's carers, in a handful of queries however
 * many are connected).
 */
type Scope = { readonly kind: 'staff' } | { readonly kind: 'users'; readonly userIds: readonly string[] };
const STAFF_KEY = '';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const mean = (values: readonly number[]) => (values.length === 0 ? null : oneDecimal(values.reduce((sum, value) => sum + value, 0) / values.length));

/**
 * GET /api/dashboard/stats and the `dashboard:stats` push: every figure of the dashboard from the read models, for
 * one audience (the agency, or one carer's own work). Each figure is one indexed query, run side by side: the
 * alerts projection's totals per carer, status and severity; partial indexes on the open tasks, the unrecorded
 * visits and the welfare entries; the appointments projection's per-carer day totals for the on-time rate and
 * the ratings.
 */
export class DashboardQueries {
  private readonly training: TrainingQueries;

  constructor(private readonly db: Kysely<ReadModelDatabase>) {
    this.training = new TrainingQueries(db);
  }

  async stats(audience: Audience): Promise<DashboardStats> {
    if (audience.kind === 'staff') return (await this.compute({ kind: 'staff' })).get(STAFF_KEY)!;
    return (await this.statsByUser([audience.userId])).get(audience.userId)!;
  }

  /** Each carer account's own figures (the same as `stats` as that carer), in one query per figure. */
  statsByUser(userIds: readonly string[]): Promise<Map<string, DashboardStats>> {
    return this.compute({ kind: 'users', userIds });
  }

  private async compute(scope: Scope): Promise<Map<string, DashboardStats>> {
    const owners = scope.kind === 'staff' ? [STAFF_KEY] : [...new Set(scope.userIds)];
    if (owners.length === 0) return new Map();
    const [alerts, tasks, unrecorded, welfare, visitFigures, compliance] = await Promise.all([
      this.alerts(scope),
      this.tasks(scope),
      this.unrecordedVisits(scope),
      scope.kind === 'staff' ? this.welfareConcerns() : Promise.resolve(null),
      this.visitFigures(scope),
      this.trainingCompliance(scope),
    ]);
    const staff = scope.kind === 'staff';
    return new Map(
      owners.map((owner): [string, DashboardStats] => {
        const alert = alerts.get(owner);
        const task = tasks.get(owner);
        const visits = visitFigures.get(owner);
        return [
          owner,
          {
            activeAlerts: alert?.active ?? 0,
            urgentAlerts: alert?.urgent ?? 0,
            openAlerts: alert?.open ?? 0,
            toDoItems: task?.open ?? 0,
            overdueTasks: task?.overdue ?? 0,
            taskCategories: task?.categories ?? emptyCategories(),
            unrecordedVisits: unrecorded.get(owner) ?? 0,
            welfareConcerns: staff ? welfare : null,
            // No incidents slice yet: zero open incidents is the true answer for the agency; a carer has no such tile.
            incidents: staff ? 0 : null,
            quickStats: {
              onTimeRate: visits && visits.completed > 0 ? oneDecimal((visits.onTime / visits.completed) * 100) : null,
              trainingCompliance: compliance.get(owner) ?? null,
              clientSatisfaction: visits && visits.rated > 0 ? oneDecimal(visits.ratingSum / visits.rated) : null,
              ratingsCount: visits?.rated ?? 0,
            },
          },
        ];
      }),
    );
  }

  /** The key of a row: the account whose carer record (`me`) it is about, or '' for the agency. */
  private owner(scope: Scope) {
    return scope.kind === 'staff' ? sql<string>`''` : sql<string>`me.user_id::text`;
  }

  /** Unacknowledged, urgent (high and critical) and open alerts, from the alerts projection's totals. */
  private async alerts(scope: Scope): Promise<Map<string, { active: number; urgent: number; open: number }>> {
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('alert_totals as t')
      .leftJoin('appointment_carer_names as me', 'me.id', 't.carer_id')
      .where('t.status', '<>', 'resolved')
      .$if(scope.kind === 'users', (query) => query.where('me.user_id', 'in', scope.kind === 'users' ? [...scope.userIds] : []).groupBy('me.user_id'))
      .select([
        this.owner(scope).as('owner'),
        sql<string>`coalesce(sum(t.alerts) filter (where t.status = 'active'), 0)`.as('active'),
        sql<string>`coalesce(sum(t.alerts) filter (where t.status = 'active' and t.severity in (${sql.join(URGENT)})), 0)`.as('urgent'),
        sql<string>`coalesce(sum(t.alerts), 0)`.as('open'),
      ])
      .execute();
    return new Map(rows.map((row) => [row.owner, { active: Number(row.active), urgent: Number(row.urgent), open: Number(row.open) }]));
  }

  /** Open tasks per category (every category present) and how many of them are overdue. */
  private async tasks(scope: Scope): Promise<Map<string, { open: number; overdue: number; categories: Record<TaskCategory, number> }>> {
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('tasks as t')
      .where('t.status', 'in', OPEN_TASK_STATUSES)
      .$if(scope.kind === 'users', (query) => query.where('t.assigned_to', 'in', scope.kind === 'users' ? [...scope.userIds] : []).groupBy('t.assigned_to'))
      .select([
        (scope.kind === 'staff' ? sql<string>`''` : sql<string>`t.assigned_to::text`).as('owner'),
        't.category',
        sql<string>`count(*)`.as('open'),
        sql<string>`count(*) filter (where t.due_date < now())`.as('overdue'),
      ])
      .groupBy('t.category')
      .execute();
    const figures = new Map<string, { open: number; overdue: number; categories: Record<TaskCategory, number> }>();
    for (const row of rows) {
      const figure = figures.get(row.owner) ?? { open: 0, overdue: 0, categories: emptyCategories() };
      figure.categories[row.category] = Number(row.open);
      figure.open += Number(row.open);
      figure.overdue += Number(row.overdue);
      figures.set(row.owner, figure);
    }
    return figures;
  }

  /** Visits, through the carer record of each account when per account. */
  private visits(scope: Scope) {
    return this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('appointments as a')
      .leftJoin('appointment_carer_names as me', 'me.id', 'a.carer_id')
      .$if(scope.kind === 'users', (query) => query.where('me.user_id', 'in', scope.kind === 'users' ? [...scope.userIds] : []).groupBy('me.user_id'));
  }

  private async unrecordedVisits(scope: Scope): Promise<Map<string, number>> {
    const from = addDays(londonToday(), -UNRECORDED_WINDOW_DAYS);
    const rows = await this.visits(scope)
      .where('a.status', 'in', UNRECORDED_STATUSES)
      .where('a.scheduled_end', '<', sql<Date>`now()`)
      // Implied by the date (a start on or after that London day ends after this instant); lets the partial index
      // on scheduled_end read only the window.
      .where('a.scheduled_end', '>', sql<Date>`now() - make_interval(days => ${UNRECORDED_WINDOW_DAYS + 2}::int)`)
      .where('a.date', '>=', from)
      .select([this.owner(scope).as('owner'), sql<string>`count(*)`.as('count')])
      .execute();
    return new Map(rows.map((row) => [row.owner, Number(row.count)]));
  }

  private async welfareConcerns(): Promise<number> {
    const row = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('diary_entries as e')
      .where('e.reviewed_at', 'is', null)
      .where('e.entry_type', 'in', WELFARE_TYPES)
      .where('e.priority', 'in', WELFARE_PRIORITIES)
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The per-carer, per-day sums of completed, on-time and rated visits, through each account's carer record when per account. */
  private dayTotals(scope: Scope) {
    return this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('appointment_day_totals as d')
      .leftJoin('appointment_carer_names as me', 'me.id', 'd.carer_id')
      .$if(scope.kind === 'users', (query) => query.where('me.user_id', 'in', scope.kind === 'users' ? [...scope.userIds] : []).groupBy('me.user_id'));
  }

  /**
   * In one pass over the day totals: the completed visits of the last 30 days (London dates, today included) and how
   * many started on time, and every client rating recorded at check-out (how many and their sum).
   */
  private async visitFigures(scope: Scope): Promise<Map<string, { completed: number; onTime: number; rated: number; ratingSum: number }>> {
    const today = londonToday();
    const inWindow = sql<boolean>`d.date > ${addDays(today, -ON_TIME_WINDOW_DAYS)}::date and d.date <= ${today}::date`;
    const rows = await this.dayTotals(scope)
      .select([
        this.owner(scope).as('owner'),
        sql<string>`coalesce(sum(d.completed) filter (where ${inWindow}), 0)`.as('completed'),
        sql<string>`coalesce(sum(d.on_time) filter (where ${inWindow}), 0)`.as('on_time'),
        sql<string>`coalesce(sum(d.rated), 0)`.as('rated'),
        sql<string>`coalesce(sum(d.rating_sum), 0)`.as('rating_sum'),
      ])
      .execute();
    return new Map(
      rows.map((row) => [row.owner, { completed: Number(row.completed), onTime: Number(row.on_time), rated: Number(row.rated), ratingSum: Number(row.rating_sum) }]),
    );
  }

  /** The mean of the per-carer compliance the training screen shows, over active carers; none when there are none. */
  private async trainingCompliance(scope: Scope): Promise<Map<string, number | null>> {
    if (scope.kind === 'staff') {
      const rows = await this.training.compliance(undefined, { activeOnly: true });
      return new Map([[STAFF_KEY, mean(rows.map((row) => row.compliancePercent))]]);
    }
    const byUser = await this.training.activeComplianceByUser(scope.userIds);
    return new Map([...byUser].map(([userId, percents]) => [userId, mean(percents)]));
  }
}

function emptyCategories(): Record<TaskCategory, number> {
  return Object.fromEntries(TASK_CATEGORIES.map((category) => [category, 0])) as Record<TaskCategory, number>;
}
