import { sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import {
  addDays,
  compliancePercent,
  londonToday,
  OPEN_INCIDENT_STATUSES,
  TASK_CATEGORIES,
  type AlertAudience,
  type DashboardStats,
  type TaskCategory,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { UNRECORDED_STATUSES } from '../appointments/appointment-queries';
import type { Audience } from '../shared/audience';
import { staffAlertItems, URGENT_SEVERITIES } from '../alerts/alert-items';
import { snoozedOwnItems } from '../alerts/snoozed-alerts';
import { openFamilyConcerns, WELFARE_PRIORITIES, WELFARE_TYPES } from '../shared/welfare';
import { OPEN_TASK_STATUSES } from '../tasks/task-queries';
import { TrainingQueries } from '../training/training-queries';

/** The on-time rate is over the completed visits of the last 30 days. */
export const ON_TIME_WINDOW_DAYS = 30;
/** Unrecorded visits are counted over the same past window as GET /api/appointments?unrecorded=true without dates. */
export const UNRECORDED_WINDOW_DAYS = 30;

/**
 * Whose figures one computation answers: the agency's (one answer, keyed ''), or several carers' own at once,
 * each figure grouped by the carer's account (the live push's carers, in one statement however many are connected).
 */
type Scope =
  | { readonly kind: 'staff'; readonly alerts: readonly AlertAudience[] }
  | { readonly kind: 'users'; readonly userIds: readonly string[] };
const STAFF_KEY = '';
/** One owner's alert figures (counts arrive as JSON numbers or text). */
interface AlertFigures {
  owner: string | null;
  active: number;
  urgent: number;
  open: number;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const mean = (values: readonly number[]) =>
  values.length === 0 ? null : oneDecimal(values.reduce((sum, value) => sum + value, 0) / values.length);

/** A query's rows as one JSON array column of the statement that embeds it (counts arrive as JSON numbers). */
function jsonRows<O>(query: Compilable<O>): RawBuilder<O[]> {
  return sql<O[]>`(select coalesce(json_agg(f), '[]'::json) from (${query}) as f)`;
}

/**
 * GET /api/dashboard/stats and the `dashboard:stats` push: every figure of the dashboard from the read models, for
 * one audience (the agency, or one carer's own work), in one statement of one indexed subquery per figure: the
 * alerts projection's totals per carer, status and severity; partial indexes on the open tasks, the unrecorded
 * visits and the welfare entries; the appointments projection's per-carer day totals for the on-time rate and
 * the ratings; the carers' training compliance. One round trip and one backend: under load its tail is far
 * shorter than six queries side by side.
 */
export class DashboardQueries {
  private readonly training: TrainingQueries;

  constructor(private readonly db: Kysely<ReadModelDatabase>) {
    this.training = new TrainingQueries(db);
  }

  async stats(audience: Audience): Promise<DashboardStats> {
    if (audience.kind === 'staff') return (await this.compute(audience)).get(STAFF_KEY)!;
    return (await this.statsByUser([audience.userId])).get(audience.userId)!;
  }

  /** Each carer account's own figures (the same as `stats` as that carer), in one statement for all of them. */
  statsByUser(userIds: readonly string[]): Promise<Map<string, DashboardStats>> {
    return this.compute({ kind: 'users', userIds });
  }

  private async compute(scope: Scope): Promise<Map<string, DashboardStats>> {
    const owners = scope.kind === 'staff' ? [STAFF_KEY] : [...new Set(scope.userIds)];
    if (owners.length === 0) return new Map();
    const staff = scope.kind === 'staff';
    const [row, openIncidents] = await Promise.all([
      this.db
        .withSchema(READ_MODEL_SCHEMA)
        .selectNoFrom([
          jsonRows(this.alerts(scope)).as('alerts'),
          // A carer's own snoozed alerts, subtracted below (staff items subtract theirs in alert-items.ts).
          jsonRows(snoozedOwnItems(this.db, this.userIds(scope), URGENT_SEVERITIES)).as('snoozed'),
          jsonRows(this.tasks(scope)).as('tasks'),
          jsonRows(this.unrecordedVisits(scope)).as('unrecorded'),
          jsonRows(this.welfareConcerns(scope)).as('welfare'),
          jsonRows(this.visitFigures(scope)).as('visits'),
          jsonRows(this.training.complianceQuery({ userIds: staff ? undefined : owners, activeOnly: true })).as(
            'compliance',
          ),
        ])
        .executeTakeFirstOrThrow(),
      staff ? this.openIncidents() : Promise.resolve(null),
    ]);

    const alerts = new Map(row.alerts.map((alert) => [alert.owner, alert]));
    const snoozed = new Map(row.snoozed.map((alert) => [alert.owner, alert]));
    const unrecorded = new Map(row.unrecorded.map((visits) => [visits.owner, Number(visits.count)]));
    const visits = new Map(row.visits.map((day) => [day.owner, day]));
    const tasks = new Map<string, { open: number; overdue: number; categories: Record<TaskCategory, number> }>();
    for (const task of row.tasks) {
      const figure = tasks.get(task.owner) ?? { open: 0, overdue: 0, categories: emptyCategories() };
      figure.categories[task.category] = Number(task.open);
      figure.open += Number(task.open);
      figure.overdue += Number(task.overdue);
      tasks.set(task.owner, figure);
    }
    const compliance = new Map<string, number[]>();
    for (const carer of row.compliance) {
      const owner = staff ? STAFF_KEY : carer.user_id;
      if (owner === null) continue;
      compliance.set(owner, [...(compliance.get(owner) ?? []), compliancePercent(Number(carer.current_count))]);
    }
    const welfare = staff ? Number(row.welfare[0]?.count ?? 0) : null;

    return new Map(
      owners.map((owner): [string, DashboardStats] => {
        const alert = alerts.get(owner);
        const asleep = snoozed.get(owner);
        const task = tasks.get(owner);
        const day = visits.get(owner);
        const completed = Number(day?.completed ?? 0);
        const rated = Number(day?.rated ?? 0);
        return [
          owner,
          {
            activeAlerts: Number(alert?.active ?? 0) - Number(asleep?.active ?? 0),
            urgentAlerts: Number(alert?.urgent ?? 0) - Number(asleep?.urgent ?? 0),
            openAlerts: Number(alert?.open ?? 0) - Number(asleep?.open ?? 0),
            toDoItems: task?.open ?? 0,
            overdueTasks: task?.overdue ?? 0,
            taskCategories: task?.categories ?? emptyCategories(),
            unrecordedVisits: unrecorded.get(owner) ?? 0,
            welfareConcerns: welfare,
            // Open incidents (neither resolved nor closed): the agency's only; a carer has no such tile.
            incidents: openIncidents,
            quickStats: {
              onTimeRate: completed > 0 ? oneDecimal((Number(day!.on_time) / completed) * 100) : null,
              trainingCompliance: mean(compliance.get(owner) ?? []),
              clientSatisfaction: rated > 0 ? oneDecimal(Number(day!.rating_sum) / rated) : null,
              ratingsCount: rated,
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

  private userIds(scope: Scope): string[] {
    return scope.kind === 'users' ? [...scope.userIds] : [];
  }

  /**
   * Unacknowledged, urgent (high and critical) and open alerts, from the alerts projection's totals: for staff, the
   * items of the audiences they read (a group counts once), for carers each of their own alerts.
   */
  private alerts(scope: Scope): Compilable<AlertFigures> {
    if (scope.kind === 'staff') return staffAlertItems(this.db, scope.alerts).select(sql<string>`''`.as('owner'));
    return this.db
      .selectFrom('alert_totals as t')
      .leftJoin('appointment_carer_names as me', 'me.id', 't.carer_id')
      .where('t.status', '<>', 'resolved')
      .where('me.user_id', 'in', this.userIds(scope))
      .groupBy('me.user_id')
      .select([
        this.owner(scope).as('owner'),
        sql<number>`coalesce(sum(t.alerts) filter (where t.status = 'active'), 0)`.as('active'),
        sql<number>`coalesce(sum(t.alerts) filter (where t.status = 'active' and t.severity in (${sql.join(URGENT_SEVERITIES)})), 0)`.as(
          'urgent',
        ),
        sql<number>`coalesce(sum(t.alerts), 0)`.as('open'),
      ]);
  }

  /** Open tasks per category and how many of them are overdue. */
  private tasks(scope: Scope) {
    return this.db
      .selectFrom('tasks as t')
      .where('t.status', 'in', OPEN_TASK_STATUSES)
      .$if(scope.kind === 'users', (query) =>
        query.where('t.assigned_to', 'in', this.userIds(scope)).groupBy('t.assigned_to'),
      )
      .select([
        (scope.kind === 'staff' ? sql<string>`''` : sql<string>`t.assigned_to::text`).as('owner'),
        't.category',
        sql<number>`count(*)`.as('open'),
        sql<number>`count(*) filter (where t.due_date < now())`.as('overdue'),
      ])
      .groupBy('t.category');
  }

  private unrecordedVisits(scope: Scope) {
    return (
      this.db
        .selectFrom('appointments as a')
        .leftJoin('appointment_carer_names as me', 'me.id', 'a.carer_id')
        .$if(scope.kind === 'users', (query) =>
          query.where('me.user_id', 'in', this.userIds(scope)).groupBy('me.user_id'),
        )
        .where('a.status', 'in', UNRECORDED_STATUSES)
        .where('a.scheduled_end', '<', sql<Date>`now()`)
        // Implied by the date (a start on or after that London day ends after this instant); lets the partial index
        // on scheduled_end read only the window.
        .where('a.scheduled_end', '>', sql<Date>`now() - make_interval(days => ${UNRECORDED_WINDOW_DAYS + 2}::int)`)
        .where('a.date', '>=', addDays(londonToday(), -UNRECORDED_WINDOW_DAYS))
        .select([this.owner(scope).as('owner'), sql<number>`count(*)`.as('count')])
    );
  }

  /**
   * Open incidents, apart from the one statement: while the incidents projection is first built (its tables are
   * swapped in when caught up) the table does not exist yet, and the other figures must not fail for it.
   */
  private async openIncidents(): Promise<number> {
    try {
      const row = await this.db
        .withSchema(READ_MODEL_SCHEMA)
        .selectFrom('incidents')
        .where('status', 'in', OPEN_INCIDENT_STATUSES)
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    } catch (error) {
      if ((error as { code?: unknown }).code === '42P01') return 0;
      throw error;
    }
  }

  /**
   * Welfare concerns: the agency's only (a carer has no such tile). The diary's unreviewed high entries and the
   * family members' concerns the office has not answered yet (docs/features/family-concerns.md).
   */
  private welfareConcerns(scope: Scope) {
    return this.db
      .selectFrom('diary_entries as e')
      .where('e.reviewed_at', 'is', null)
      .where('e.entry_type', 'in', WELFARE_TYPES)
      .where('e.priority', 'in', WELFARE_PRIORITIES)
      .$if(scope.kind === 'users', (query) => query.where(sql<boolean>`false`))
      .select(sql<number>`count(*) + (${openFamilyConcerns(this.db)})`.as('count'));
  }

  /**
   * In one pass over the day totals: the completed visits of the last 30 days (London dates, today included) and how
   * many started on time, and every client rating recorded at check-out (how many and their sum).
   */
  private visitFigures(scope: Scope) {
    const today = londonToday();
    const inWindow = sql<boolean>`d.date > ${addDays(today, -ON_TIME_WINDOW_DAYS)}::date and d.date <= ${today}::date`;
    return this.db
      .selectFrom('appointment_day_totals as d')
      .leftJoin('appointment_carer_names as me', 'me.id', 'd.carer_id')
      .$if(scope.kind === 'users', (query) =>
        query.where('me.user_id', 'in', this.userIds(scope)).groupBy('me.user_id'),
      )
      .select([
        this.owner(scope).as('owner'),
        sql<number>`coalesce(sum(d.completed) filter (where ${inWindow}), 0)`.as('completed'),
        sql<number>`coalesce(sum(d.on_time) filter (where ${inWindow}), 0)`.as('on_time'),
        sql<number>`coalesce(sum(d.rated), 0)`.as('rated'),
        sql<number>`coalesce(sum(d.rating_sum), 0)`.as('rating_sum'),
      ]);
  }
}

function emptyCategories(): Record<TaskCategory, number> {
  return Object.fromEntries(TASK_CATEGORIES.map((category) => [category, 0])) as Record<TaskCategory, number>;
}
