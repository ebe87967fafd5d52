import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_TYPES,
  londonToday,
  OPEN_INCIDENT_STATUSES,
  PERMISSIONS,
  type IncidentHandlerView,
  type IncidentAnalyticsView,
  type IncidentDetailView,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentSummaryView,
  type IncidentType,
  type IncidentView,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { likePattern } from '../shared/like-pattern';
import { countOf, pageOf, type Page } from '../shared/paging';
import { fullName, peopleNamed } from '../shared/people';
import { timelineOf, type IncidentEventRow } from './incident-timeline';

/** The screen's tabs: Overview (all), Critical Incidents, Under Investigation, Safeguarding. */
export const INCIDENT_TABS = ['overview', 'critical', 'investigating', 'safeguarding'] as const;
export type IncidentTab = (typeof INCIDENT_TABS)[number];

export interface IncidentFilter {
  /** Title, client name or carer name, case-insensitive. */
  readonly search?: string | undefined;
  readonly severity?: IncidentSeverity | undefined;
  readonly type?: IncidentType | undefined;
  readonly status?: IncidentStatus | undefined;
  readonly tab?: IncidentTab | undefined;
  /** Neither resolved nor closed. */
  readonly open?: boolean | undefined;
  /** A statutory duty past its due date. */
  readonly overdue?: boolean | undefined;
  readonly clientId?: string | undefined;
}

/** Everyone's incidents (incidents.read), or a carer's own: reported by them or naming their carer record (incidents.readOwn). */
export type IncidentReader = { readonly all: true } | { readonly all: false; readonly userId: string };

const OPEN = sql<SqlBool>`i.status in ('reported', 'investigating')`;

export class IncidentQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  private base(reader: IncidentReader) {
    const query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('incidents as i')
      .leftJoin('appointment_carer_names as ca', 'ca.id', 'i.carer_id')
      .leftJoin('appointment_client_names as cl', 'cl.id', 'i.client_id');
    if (reader.all) return query;
    // Limited in the query, never in the UI: what they reported, or what names their own carer record.
    return query.where((eb) =>
      eb.or([
        eb('i.reported_by', '=', reader.userId),
        eb(
          'i.carer_id',
          'in',
          eb.selectFrom('appointment_carer_names as me').select('me.id').where('me.user_id', '=', reader.userId),
        ),
      ]),
    );
  }

  private filtered(filter: IncidentFilter, reader: IncidentReader, today: string) {
    let query = this.base(reader);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      query = query.where((eb) =>
        eb.or([
          eb('i.title', 'ilike', pattern),
          eb(sql<string>`cl.first_name || ' ' || cl.last_name`, 'ilike', pattern),
          eb(sql<string>`ca.first_name || ' ' || ca.last_name`, 'ilike', pattern),
        ]),
      );
    }
    if (filter.severity !== undefined) query = query.where('i.severity', '=', filter.severity);
    if (filter.type !== undefined) query = query.where('i.type', '=', filter.type);
    if (filter.status !== undefined) query = query.where('i.status', '=', filter.status);
    if (filter.clientId !== undefined) query = query.where('i.client_id', '=', filter.clientId);
    if (filter.open === true) query = query.where('i.status', 'in', OPEN_INCIDENT_STATUSES);
    if (filter.open === false) query = query.where('i.status', 'not in', OPEN_INCIDENT_STATUSES);
    if (filter.overdue === true) query = query.where('i.next_duty_due', '<', today);
    if (filter.tab === 'critical') query = query.where('i.severity', '=', 'critical');
    if (filter.tab === 'investigating') query = query.where('i.status', '=', 'investigating');
    if (filter.tab === 'safeguarding')
      query = query.where((eb) => eb.or([eb('i.type', '=', 'safeguarding'), eb('i.referrals_count', '>', 0)]));
    return query;
  }

  private listed(filter: IncidentFilter, reader: IncidentReader, today: string) {
    return this.filtered(filter, reader, today)
      .selectAll('i')
      .select([
        'ca.first_name as carer_first_name',
        'ca.last_name as carer_last_name',
        'cl.first_name as client_first_name',
        'cl.last_name as client_last_name',
      ]);
  }

  /** One page, most recent occurrence first (ties by id), and how many match. */
  async list(
    filter: IncidentFilter,
    reader: IncidentReader,
    page: Page,
    today = londonToday(),
  ): Promise<{ rows: IncidentView[]; total: number }> {
    const query = this.listed(filter, reader, today);
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('i.date_occurred', 'desc').orderBy('i.id', 'desc'), page),
      countOf(query),
    ]);
    return { rows: await this.views(rows, today), total };
  }

  async byId(id: string, reader: IncidentReader, today = londonToday()): Promise<IncidentDetailView | undefined> {
    const row = await this.listed({}, reader, today).where('i.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const [view] = await this.views([row], today);
    const events: IncidentEventRow[] = (
      await this.db
        .withSchema(READ_MODEL_SCHEMA)
        .selectFrom('incident_events')
        .selectAll()
        .where('incident_id', '=', id)
        .orderBy('revision')
        .execute()
    ).map((event) => ({ ...event, revision: String(event.revision) }));
    const named = await this.namesOf(events);
    const person = await peopleNamed(
      this.db,
      events.map((event) => event.user_id),
    );
    return { ...view!, ...timelineOf(events, person, named) };
  }

  /** The cards: critical, open, this week (occurred in the last 7 days), total, under investigation, safeguarding, overdue duties. */
  async summary(filter: IncidentFilter, reader: IncidentReader, today = londonToday()): Promise<IncidentSummaryView> {
    const count = (condition: Expression<SqlBool>) => sql<string>`count(*) filter (where ${condition})`;
    const row = await this.filtered(filter, reader, today)
      .select([
        count(sql`i.severity = 'critical'`).as('critical'),
        count(OPEN).as('open'),
        count(sql`i.date_occurred >= now() - interval '7 days'`).as('this_week'),
        sql<string>`count(*)`.as('total'),
        count(sql`i.status = 'investigating'`).as('under_investigation'),
        count(sql`i.type = 'safeguarding' or i.referrals_count > 0`).as('safeguarding'),
        count(sql`i.next_duty_due < ${today}::date`).as('overdue_duties'),
      ])
      .executeTakeFirstOrThrow();
    return {
      critical: Number(row.critical),
      open: Number(row.open),
      thisWeek: Number(row.this_week),
      total: Number(row.total),
      underInvestigation: Number(row.under_investigation),
      safeguarding: Number(row.safeguarding),
      overdueDuties: Number(row.overdue_duties),
    };
  }

  /** The Analytics tab: by type, severity and month (London, the last 12), and the median hours from occurrence to first resolution. */
  async analytics(
    filter: IncidentFilter,
    reader: IncidentReader,
    today = londonToday(),
  ): Promise<IncidentAnalyticsView> {
    const query = this.filtered(filter, reader, today);
    const firstMonth = `${addMonths(today.slice(0, 7), -11)}-01`;
    const [types, severities, months, resolution] = await Promise.all([
      query
        .select(['i.type', sql<string>`count(*)`.as('count')])
        .groupBy('i.type')
        .execute(),
      query
        .select(['i.severity', sql<string>`count(*)`.as('count')])
        .groupBy('i.severity')
        .execute(),
      query
        .select([
          sql<string>`to_char(i.date_occurred at time zone 'Europe/London', 'YYYY-MM')`.as('month'),
          sql<string>`count(*)`.as('count'),
        ])
        .where(sql<SqlBool>`(i.date_occurred at time zone 'Europe/London')::date >= ${firstMonth}::date`)
        .groupBy(sql`1`)
        .execute(),
      query
        .select([
          sql<
            number | null
          >`percentile_cont(0.5) within group (order by extract(epoch from (i.first_resolved_at - i.date_occurred)))`.as(
            'median_seconds',
          ),
          sql<string>`count(i.first_resolved_at)`.as('resolved'),
        ])
        .where('i.first_resolved_at', 'is not', null)
        .executeTakeFirstOrThrow(),
    ]);
    const countOfType = new Map(types.map((row) => [row.type, Number(row.count)]));
    const countOfSeverity = new Map(severities.map((row) => [row.severity, Number(row.count)]));
    const countOfMonth = new Map(months.map((row) => [row.month, Number(row.count)]));
    const median =
      resolution.median_seconds === null ? null : Math.round((Number(resolution.median_seconds) / 3600) * 100) / 100;
    return {
      byType: INCIDENT_TYPES.map((type) => ({ type, count: countOfType.get(type) ?? 0 })),
      bySeverity: [...INCIDENT_SEVERITIES]
        .reverse()
        .map((severity) => ({ severity, count: countOfSeverity.get(severity) ?? 0 })),
      byMonth: Array.from({ length: 12 }, (_, index) => addMonths(today.slice(0, 7), index - 11)).map((month) => ({
        month,
        count: countOfMonth.get(month) ?? 0,
      })),
      medianHoursToResolve: median,
      resolvedCount: Number(resolution.resolved),
    };
  }

  /** Open incidents the reader sees (the dashboard's Incidents tile). */
  async openCount(reader: IncidentReader): Promise<number> {
    return countOf(this.base(reader).select('i.id').where('i.status', 'in', OPEN_INCIDENT_STATUSES));
  }

  /** Whom Escalate may hand an incident to: the active accounts whose role manages incidents, by name. */
  async handlers(): Promise<IncidentHandlerView[]> {
    const roles = PERMISSIONS['incidents.manage'].roles;
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'role'])
      .where('is_active', '=', true)
      .where('role', 'in', roles)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name, role: row.role }));
  }

  /** The name of the account generating a report (printed on it). */
  async personName(userId: string): Promise<string | null> {
    const person = (await peopleNamed(this.db, [userId]))(userId);
    return person === null ? null : fullName(person.firstName, person.lastName);
  }

  /** Client and carer names the timeline's amendments mention (before and after). */
  private async namesOf(
    events: readonly IncidentEventRow[],
  ): Promise<(kind: 'client' | 'carer', id: string | null) => string | null> {
    const ids = (key: string) => [
      ...new Set(
        events
          .flatMap((event) => [event.data[key], (event.data.changes as Record<string, unknown> | undefined)?.[key]])
          .filter((v): v is string => typeof v === 'string'),
      ),
    ];
    const clients = ids('clientId');
    const carers = ids('carerId');
    const db = this.db.withSchema(READ_MODEL_SCHEMA);
    const [clientRows, carerRows] = await Promise.all([
      clients.length === 0
        ? []
        : db
            .selectFrom('appointment_client_names')
            .select(['id', 'first_name', 'last_name'])
            .where('id', 'in', clients)
            .execute(),
      carers.length === 0
        ? []
        : db
            .selectFrom('appointment_carer_names')
            .select(['id', 'first_name', 'last_name'])
            .where('id', 'in', carers)
            .execute(),
    ]);
    const client = new Map(clientRows.map((row) => [row.id, fullName(row.first_name, row.last_name)]));
    const carer = new Map(carerRows.map((row) => [row.id, fullName(row.first_name, row.last_name)]));
    return (kind, id) => (id === null ? null : ((kind === 'client' ? client : carer).get(id) ?? null));
  }

  private async views(
    rows: Awaited<ReturnType<ReturnType<IncidentQueries['listed']>['execute']>>,
    today: string,
  ): Promise<IncidentView[]> {
    const person = await peopleNamed(
      this.db,
      rows.flatMap((row) => [row.reported_by, row.escalated_to]),
    );
    return rows.map((row) => {
      const reportedBy = person(row.reported_by);
      return {
        id: row.id,
        type: row.type,
        severity: row.severity,
        title: row.title,
        description: row.description,
        location: row.location,
        clientId: row.client_id,
        clientName: row.client_id === null ? null : fullName(row.client_first_name, row.client_last_name),
        carerId: row.carer_id,
        carerName: row.carer_id === null ? null : fullName(row.carer_first_name, row.carer_last_name),
        reportedBy,
        reportedByName: reportedBy === null ? null : fullName(reportedBy.firstName, reportedBy.lastName),
        witnessDetails: row.witness_details,
        immediateAction: row.immediate_action,
        followUpRequired: row.follow_up_required,
        followUpNotes: row.follow_up_notes,
        followUpDoneNotes: row.follow_up_done_notes,
        status: row.status,
        dateOccurred: row.date_occurred.toISOString(),
        appointmentId: row.appointment_id,
        diaryEntryId: row.diary_entry_id,
        escalatedTo: person(row.escalated_to),
        escalated: row.escalated,
        resolutionSummary: row.resolution_summary,
        resolvedAt: row.resolved_at?.toISOString() ?? null,
        closedAt: row.closed_at?.toISOString() ?? null,
        amended: row.amended,
        notesCount: row.notes_count,
        safeguardingReferrals: row.referrals_count,
        duties: row.duties.map((duty) => ({ ...duty, overdue: !duty.met && duty.dueDate < today })),
        revision: String(row.revision),
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
      };
    });
  }
}

/** "2026-11" moved by whole months. */
export function addMonths(month: string, months: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}
