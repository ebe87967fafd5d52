import { sql, type Kysely } from 'kysely';
import { addDays, londonToday, TASK_CATEGORIES, type DashboardStats, type TaskCategory } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { AlertQueries } from '../alerts/alert-queries';
import { UNRECORDED_STATUSES } from '../appointments/appointment-queries';
import type { Audience } from '../shared/audience';
import { WELFARE_PRIORITIES, WELFARE_TYPES } from '../shared/welfare';
import { OPEN_TASK_STATUSES } from '../tasks/task-queries';
import { TrainingQueries } from '../training/training-queries';

/** Spec part 2 section 9: the on-time rate is over the completed visits of the last 30 days. */
export const ON_TIME_WINDOW_DAYS = 30;
/** Unrecorded visits are counted over the same past window as GET /api/appointments?unrecorded=true without dates. */
export const UNRECORDED_WINDOW_DAYS = 30;
/** On time (spec part 2 section 9): the check-in at most 15 minutes after the planned start (punctuality.ts). */
const ON_TIME = ['On Time', 'Early'] as const;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * GET /api/dashboard/stats and the `dashboard:stats` push: every figure of the dashboard from the read models, for
 * one audience (the agency, or one carer's own work). Each figure is one indexed query (partial indexes on the
 * open alerts and tasks, the unrecorded and completed visits, the rated visits and the welfare entries), run
 * side by side.
 */
export class DashboardQueries {
  private readonly alerts: AlertQueries;
  private readonly training: TrainingQueries;

  constructor(private readonly db: Kysely<ReadModelDatabase>) {
    this.alerts = new AlertQueries(db);
    this.training = new TrainingQueries(db);
  }

  private visits(audience: Audience) {
    const query = this.db.withSchema(READ_MODEL_SCHEMA).selectFrom('appointments as a');
    if (audience.kind === 'staff') return query;
    const me = audience.userId;
    return query.where((eb) => eb('a.carer_id', 'in', eb.selectFrom('appointment_carer_names as me').select('me.id').where('me.user_id', '=', me)));
  }

  async stats(audience: Audience): Promise<DashboardStats> {
    const [alerts, tasks, unrecordedVisits, welfareConcerns, onTimeRate, trainingCompliance, ratings] = await Promise.all([
      this.alerts.figures(audience),
      this.tasks(audience),
      this.unrecordedVisits(audience),
      audience.kind === 'staff' ? this.welfareConcerns() : Promise.resolve(null),
      this.onTimeRate(audience),
      this.trainingCompliance(audience),
      this.ratings(audience),
    ]);
    return {
      activeAlerts: alerts.active,
      urgentAlerts: alerts.urgent,
      openAlerts: alerts.open,
      toDoItems: tasks.open,
      overdueTasks: tasks.overdue,
      taskCategories: tasks.categories,
      unrecordedVisits,
      welfareConcerns,
      // No incidents slice yet: zero open incidents is the true answer for the agency; a carer has no such tile.
      incidents: audience.kind === 'staff' ? 0 : null,
      quickStats: { onTimeRate, trainingCompliance, clientSatisfaction: ratings.mean, ratingsCount: ratings.count },
    };
  }

  /** Open tasks per category (every category present) and how many of them are overdue. */
  private async tasks(audience: Audience): Promise<{ open: number; overdue: number; categories: Record<TaskCategory, number> }> {
    let query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('tasks as t')
      .where('t.status', 'in', OPEN_TASK_STATUSES)
      .select(['t.category', sql<string>`count(*)`.as('open'), sql<string>`count(*) filter (where t.due_date < now())`.as('overdue')])
      .groupBy('t.category');
    if (audience.kind === 'own') query = query.where('t.assigned_to', '=', audience.userId);
    const rows = await query.execute();
    const categories = Object.fromEntries(TASK_CATEGORIES.map((category) => [category, 0])) as Record<TaskCategory, number>;
    let open = 0;
    let overdue = 0;
    for (const row of rows) {
      categories[row.category] = Number(row.open);
      open += Number(row.open);
      overdue += Number(row.overdue);
    }
    return { open, overdue, categories };
  }

  private async unrecordedVisits(audience: Audience): Promise<number> {
    const from = addDays(londonToday(), -UNRECORDED_WINDOW_DAYS);
    const row = await this.visits(audience)
      .where('a.status', 'in', UNRECORDED_STATUSES)
      .where('a.scheduled_end', '<', sql<Date>`now()`)
      // Implied by the date (a start on or after that London day ends after this instant); lets the partial index
      // on scheduled_end read only the window.
      .where('a.scheduled_end', '>', sql<Date>`now() - make_interval(days => ${UNRECORDED_WINDOW_DAYS + 2}::int)`)
      .where('a.date', '>=', from)
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
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

  /** Percent to 1 decimal of the completed visits planned in the last 30 days that started on time; null when none. */
  private async onTimeRate(audience: Audience): Promise<number | null> {
    const row = await this.visits(audience)
      .where('a.status', '=', 'completed')
      .where('a.scheduled_start', '>=', sql<Date>`now() - make_interval(days => ${ON_TIME_WINDOW_DAYS}::int)`)
      .where('a.scheduled_start', '<=', sql<Date>`now()`)
      .select([sql<string>`count(*)`.as('completed'), sql<string>`count(*) filter (where a.punctuality in (${sql.join(ON_TIME)}))`.as('on_time')])
      .executeTakeFirstOrThrow();
    const completed = Number(row.completed);
    return completed === 0 ? null : oneDecimal((Number(row.on_time) / completed) * 100);
  }

  /** The mean of the per-carer compliance the training screen shows, over active carers; null when there are none. */
  private async trainingCompliance(audience: Audience): Promise<number | null> {
    const rows = await this.training.compliance(audience.kind === 'own' ? audience.userId : undefined, { activeOnly: true });
    if (rows.length === 0) return null;
    return oneDecimal(rows.reduce((sum, row) => sum + row.compliancePercent, 0) / rows.length);
  }

  /** The mean client rating recorded at check-out (to 1 decimal) and how many; null when none was given. */
  private async ratings(audience: Audience): Promise<{ mean: number | null; count: number }> {
    const row = await this.visits(audience)
      .where('a.client_rating', 'is not', null)
      .select([sql<string>`count(*)`.as('count'), sql<string | null>`avg(a.client_rating)`.as('mean')])
      .executeTakeFirstOrThrow();
    return { mean: row.mean === null ? null : oneDecimal(Number(row.mean)), count: Number(row.count) };
  }
}
