import { sql, type Kysely } from 'kysely';
import type { TaskCategory, TaskStatus, TaskView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { countOf, pageOf, type Page } from '../shared/paging';
import { fullName, peopleNamed } from '../shared/people';

export interface TaskFilter {
  readonly status?: TaskStatus | undefined;
  readonly category?: TaskCategory | undefined;
  /** Pending or in progress. */
  readonly open?: boolean | undefined;
  /** Open and past its due date. */
  readonly overdue?: boolean | undefined;
  /** Assigned to the caller. */
  readonly mine?: boolean | undefined;
}

/** The caller, and whether they read everyone's tasks (tasks.read) or only those assigned to them (tasks.readOwn). */
export interface TaskReader {
  readonly all: boolean;
  readonly userId: string;
}

export const OPEN_TASK_STATUSES = ['pending', 'in_progress'] as const satisfies readonly TaskStatus[];
// A task with no due date is never overdue: `null < now()` is null, which would read as neither overdue nor not
// (the reply's `overdue` would be null, and `?overdue=false` would leave the task out).
const OVERDUE = sql<boolean>`(t.status in ('pending', 'in_progress') and t.due_date is not null and t.due_date < now())`;

export class TaskQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  private visible(reader: TaskReader) {
    const query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('tasks as t')
      .leftJoin('appointment_carer_names as ca', 'ca.id', 't.carer_id')
      .leftJoin('appointment_client_names as cl', 'cl.id', 't.client_id')
      .selectAll('t')
      .select([
        'ca.first_name as carer_first_name',
        'ca.last_name as carer_last_name',
        'cl.first_name as client_first_name',
        'cl.last_name as client_last_name',
        OVERDUE.as('overdue'),
      ]);
    return reader.all ? query : query.where('t.assigned_to', '=', reader.userId);
  }

  /** One page, newest first (ties by id), and how many match. */
  async list(filter: TaskFilter, reader: TaskReader, page: Page): Promise<{ rows: TaskView[]; total: number }> {
    let query = this.visible(reader);
    if (filter.status !== undefined) query = query.where('t.status', '=', filter.status);
    if (filter.category !== undefined) query = query.where('t.category', '=', filter.category);
    if (filter.open === true) query = query.where('t.status', 'in', OPEN_TASK_STATUSES);
    if (filter.open === false) query = query.where('t.status', 'not in', OPEN_TASK_STATUSES);
    if (filter.overdue === true)
      query = query.where('t.status', 'in', OPEN_TASK_STATUSES).where('t.due_date', '<', sql<Date>`now()`);
    if (filter.overdue === false) query = query.where(sql<boolean>`not ${OVERDUE}`);
    if (filter.mine === true) query = query.where('t.assigned_to', '=', reader.userId);
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc'), page),
      countOf(query),
    ]);
    return { rows: await this.views(rows), total };
  }

  async byId(id: string, reader: TaskReader): Promise<TaskView | undefined> {
    const row = await this.visible(reader).where('t.id', '=', id).executeTakeFirst();
    return row ? (await this.views([row]))[0] : undefined;
  }

  private async views(rows: Awaited<ReturnType<ReturnType<TaskQueries['visible']>['execute']>>): Promise<TaskView[]> {
    const person = await peopleNamed(
      this.db,
      rows.flatMap((row) => [row.assigned_to, row.assigned_by, row.created_by]),
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      type: row.type,
      category: row.category,
      priority: row.priority,
      status: row.status,
      assignedTo: person(row.assigned_to),
      assignedBy: person(row.assigned_by),
      createdBy: person(row.created_by),
      clientId: row.client_id,
      clientName: row.client_id === null ? null : fullName(row.client_first_name, row.client_last_name),
      carerId: row.carer_id,
      carerName: row.carer_id === null ? null : fullName(row.carer_first_name, row.carer_last_name),
      appointmentId: row.appointment_id,
      alertId: row.alert_id,
      dueDate: row.due_date?.toISOString() ?? null,
      overdue: row.overdue,
      completedAt: row.completed_at?.toISOString() ?? null,
      notes: row.notes,
      revision: String(row.revision),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  }
}
