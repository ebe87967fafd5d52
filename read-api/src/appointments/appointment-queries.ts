import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import {
  addDays,
  appointmentStreamId,
  historyDataOf,
  londonTimeToInstant,
  londonToday,
  type AppointmentDayFigures,
  type AppointmentStatus,
  type AppointmentSummaryView,
  type AppointmentVersionView,
  type AppointmentView,
  type VisitType,
} from '@care/events';
import {
  READ_MODEL_SCHEMA,
  type AppointmentCarerNamesTable,
  type AppointmentClientNamesTable,
  type AppointmentsTable,
  type ReadModelDatabase,
} from '@care/projector';
import { likePattern } from '../shared/like-pattern';
import { fullName, peopleNamed } from '../shared/people';
import type { AuditLog } from '../audit/audit-log';
import { londonClock } from '../shared/london-clock';
import { appointmentJson, type AppointmentRow } from './appointment-view';
import type { DateRange } from './query-fields';
import { travelOfVisits, type PageVisit } from '../travel/visit-travel';

/** Who reads: a carer (appointments.readOwn) sees only the visits of the carer record linked to their account. */
export interface AppointmentViewer {
  readonly ownUserId?: string | undefined;
}

export interface AppointmentFilter {
  readonly range: DateRange;
  readonly carerId?: string | undefined;
  readonly clientId?: string | undefined;
  readonly status?: AppointmentStatus | undefined;
  readonly careType?: VisitType | undefined;
  readonly unassigned?: boolean | undefined;
  /** Planned end passed, not checked out, not cancelled or a no-show (the dashboard's Unrecorded Visits). */
  readonly unrecorded?: boolean | undefined;
  /** The client's or the carer's name. */
  readonly search?: string | undefined;
  /**
   * Also the visits of the day before the range that are still running: planned to end after the range's first
   * midnight, or checked in and not yet out (a bedtime call from 23:30 to 00:30 is the carer's work after midnight).
   */
  readonly underway?: boolean | undefined;
}

/** A visit is not recorded while it is planned, under way or marked missed: it has no check-out. */
export const UNRECORDED_STATUSES = [
  'scheduled',
  'in_progress',
  'missed',
] as const satisfies readonly AppointmentStatus[];

export type VisitScope = ReadModelDatabase & {
  a: AppointmentsTable;
  cl: AppointmentClientNamesTable;
  ca: AppointmentCarerNamesTable;
};
type Eb = ExpressionBuilder<VisitScope, 'a' | 'cl' | 'ca'>;

/** The visits a filter and a viewer select (the range is the London date of the start). */
export function visitMatches(eb: Eb, filter: AppointmentFilter, viewer: AppointmentViewer): Expression<SqlBool> {
  const inRange = eb.and([eb('a.date', '>=', filter.range.from), eb('a.date', '<=', filter.range.to)]);
  const conditions: Expression<SqlBool>[] = [
    filter.underway
      ? eb.or([
          inRange,
          eb.and([
            eb('a.date', '=', addDays(filter.range.from, -1)),
            eb.or([
              eb('a.scheduled_end', '>', new Date(londonTimeToInstant(filter.range.from, '00:00'))),
              eb('a.status', '=', 'in_progress'),
            ]),
          ]),
        ])
      : inRange,
  ];
  if (viewer.ownUserId !== undefined) {
    const own = viewer.ownUserId;
    conditions.push(
      eb(
        'a.carer_id',
        'in',
        eb.selectFrom('appointment_carer_names as own').select('own.id').where('own.user_id', '=', own),
      ),
    );
  }
  if (filter.carerId !== undefined) conditions.push(eb('a.carer_id', '=', filter.carerId));
  if (filter.clientId !== undefined) conditions.push(eb('a.client_id', '=', filter.clientId));
  if (filter.status !== undefined) conditions.push(eb('a.status', '=', filter.status));
  if (filter.careType !== undefined) conditions.push(eb('a.visit_type', '=', filter.careType));
  if (filter.unassigned) conditions.push(eb('a.carer_id', 'is', null));
  if (filter.unrecorded) {
    conditions.push(eb('a.status', 'in', UNRECORDED_STATUSES));
    conditions.push(eb('a.scheduled_end', '<', sql<Date>`now()`));
  }
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      eb.or([
        eb(sql<string>`cl.first_name || ' ' || cl.last_name`, 'ilike', pattern),
        eb(sql<string>`ca.first_name || ' ' || ca.last_name`, 'ilike', pattern),
      ]),
    );
  }
  return eb.and(conditions);
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

export class AppointmentQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  /** Visits with the client's and carer's names (kept after either is removed). */
  visits() {
    return this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('appointments as a')
      .leftJoin('appointment_client_names as cl', 'cl.id', 'a.client_id')
      .leftJoin('appointment_carer_names as ca', 'ca.id', 'a.carer_id');
  }

  /** Every column the CSV export shows. */
  private csvRows() {
    return this.visits().select([
      'a.id',
      'a.client_id',
      'a.carer_id',
      'a.status',
      'a.scheduled_start',
      'a.scheduled_end',
      'a.duration_minutes',
      'a.date',
      'a.visit_type',
      'a.priority',
      'a.tasks',
      'a.notes',
      'a.series_id',
      'a.running_late',
      'a.checked_in_at',
      'a.checked_out_at',
      'a.check_in_location',
      'a.check_out_location',
      'a.check_in_source',
      'a.manual_input_reason',
      'a.late_arrival',
      'a.late_reason',
      'a.punctuality',
      'a.check_in_recorded_at',
      'a.check_in_time_reason',
      'a.check_out_recorded_at',
      'a.check_out_time_reason',
      'a.check_in_offline_captured_at',
      'a.check_in_offline_received_at',
      'a.check_out_offline_captured_at',
      'a.check_out_offline_received_at',
      'a.tasks_completed',
      'a.medication_given',
      'a.client_mood',
      'a.health_observations',
      'a.visit_notes',
      'a.travel_time_minutes',
      'a.mileage_tenths',
      'a.expenses_pence',
      'a.client_rating',
      'a.status_reason',
      'a.amended',
      'a.revision',
      'a.created_at',
      'a.updated_at',
      'cl.first_name as client_first_name',
      'cl.last_name as client_last_name',
      'cl.address as client_address',
      'ca.first_name as carer_first_name',
      'ca.last_name as carer_last_name',
      londonClock('a.scheduled_start').as('start_clock'),
      londonClock('a.scheduled_end').as('end_clock'),
      londonClock('a.checked_in_at').as('in_clock'),
      londonClock('a.checked_out_at').as('out_clock'),
    ]);
  }

  /**
   * One page in start order, as the JSON text of an AppointmentView[] (see appointmentJson), and the number of
   * visits the filter matches.
   */
  async list(
    filter: AppointmentFilter,
    viewer: AppointmentViewer,
    page: { limit: number; offset: number },
  ): Promise<{ json: string; total: number }> {
    const [rows, total] = await Promise.all([
      this.visits()
        .innerJoin('appointment_views as v', 'v.id', 'a.id')
        .select(appointmentJson(false, viewer.ownUserId).as('json'))
        .select(['a.id', 'a.carer_id', 'a.client_id', 'a.status', 'a.date', 'a.scheduled_start'])
        .where((eb) => visitMatches(eb, filter, viewer))
        .orderBy('a.date')
        .orderBy('a.scheduled_start')
        .orderBy('a.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.count(filter, viewer),
    ]);
    const travel = await travelOfVisits(this.db, rows.map(pageVisitOf));
    // The travel members go in before the closing brace of each visit's JSON text, so the page is not parsed again.
    const withTravel = rows.map((row) => {
      const { travelFromPrevious, tightGap } = travel.get(row.id) ?? { travelFromPrevious: null, tightGap: false };
      return `${row.json.slice(0, -1)},"travelFromPrevious":${JSON.stringify(travelFromPrevious)},"tightGap":${tightGap}}`;
    });
    return { json: `[${withTravel.join(',')}]`, total };
  }

  /** Every visit the filter matches, in start order (the CSV export). */
  async all(filter: AppointmentFilter, viewer: AppointmentViewer): Promise<AppointmentRow[]> {
    return this.csvRows()
      .where((eb) => visitMatches(eb, filter, viewer))
      .orderBy('a.date')
      .orderBy('a.scheduled_start')
      .orderBy('a.id')
      .execute();
  }

  /** PostgreSQL drops the unused name joins (left joins on a primary key), so counting a month stays an index count. */
  async count(filter: AppointmentFilter, viewer: AppointmentViewer): Promise<number> {
    const row = await this.visits()
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where((eb) => visitMatches(eb, filter, viewer))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Today's visits (London) that are still to happen or happened: the mobile Schedule badge. */
  async todayCount(viewer: AppointmentViewer): Promise<number> {
    const today = londonToday();
    const row = await this.visits()
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where((eb) => visitMatches(eb, { range: { from: today, to: today } }, viewer))
      .where('a.status', '<>', 'cancelled')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The view with the signature image, or undefined when there is none the viewer may read. */
  async byId(id: string, viewer: AppointmentViewer): Promise<AppointmentView | undefined> {
    const row = await this.visits()
      .innerJoin('appointment_views as v', 'v.id', 'a.id')
      .select(appointmentJson(true, viewer.ownUserId).as('json'))
      .select(['a.id', 'a.carer_id', 'a.client_id', 'a.status', 'a.date', 'a.scheduled_start'])
      .where('a.id', '=', id)
      .where((eb) => ownOnly(eb, viewer))
      .executeTakeFirst();
    if (!row) return undefined;
    const travel = await travelOfVisits(this.db, [pageVisitOf(row)]);
    return { ...(JSON.parse(row.json) as AppointmentView), ...travel.get(row.id) };
  }

  /**
   * A visit's history, read from its stream in the log (docs/decisions/0017-generic-history-and-as-of.md): each event
   * with who recorded it and when, the signature image left out. Undefined when the viewer may not read the visit.
   */
  async history(id: string, viewer: AppointmentViewer, log: AuditLog): Promise<AppointmentVersionView[] | undefined> {
    const visible = await this.visits()
      .select('a.id')
      .where('a.id', '=', id)
      .where((eb) => ownOnly(eb, viewer))
      .executeTakeFirst();
    if (!visible) return undefined;
    const events = await log.stream(appointmentStreamId(id));
    const person = await peopleNamed(
      this.db,
      events.map((event) => event.userId),
    );
    return events.map((event) => {
      const user = person(event.userId);
      return {
        revision: String(event.revision),
        action: event.type,
        userId: event.userId,
        userName: fullName(user?.firstName, user?.lastName),
        occurredAt: new Date(event.occurredAt).toISOString(),
        data: historyDataOf(event.type, event.data),
      };
    });
  }

  /**
   * The cards of Visit Tracking, Daily Schedule and Manage over a range. Hours and active carers leave out
   * cancelled visits (work that will not happen); the completion rate is completed ÷ (all − cancelled).
   */
  async summary(filter: AppointmentFilter, viewer: AppointmentViewer): Promise<AppointmentSummaryView> {
    const row = await this.visits()
      .where((eb) => visitMatches(eb, filter, viewer))
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where a.status = 'scheduled')`.as('scheduled'),
        sql<string>`count(*) filter (where a.status = 'in_progress')`.as('in_progress'),
        sql<string>`count(*) filter (where a.status = 'completed')`.as('completed'),
        sql<string>`count(*) filter (where a.status = 'missed')`.as('missed'),
        sql<string>`count(*) filter (where a.status = 'cancelled')`.as('cancelled'),
        sql<string>`count(*) filter (where a.status = 'no_show')`.as('no_show'),
        sql<string>`count(*) filter (where a.carer_id is null and a.status = 'scheduled')`.as('unassigned'),
        sql<string>`count(*) filter (where a.late_arrival)`.as('late_arrivals'),
        sql<string>`count(distinct a.carer_id) filter (where a.status <> 'cancelled')`.as('active_carers'),
        sql<string>`coalesce(sum(a.duration_minutes) filter (where a.status <> 'cancelled'), 0)`.as('minutes'),
        // Punctuality as the projector stored it, by the one rule (events punctuality.ts) Care Monitoring shows.
        sql<string>`count(*) filter (where a.punctuality is not null)`.as('checked_in'),
        sql<string>`count(*) filter (where a.punctuality = 'On Time')`.as('on_time'),
      ])
      .executeTakeFirstOrThrow();
    const n = (value: string) => Number(value);
    return {
      total: n(row.total),
      scheduled: n(row.scheduled),
      inProgress: n(row.in_progress),
      completed: n(row.completed),
      missed: n(row.missed),
      cancelled: n(row.cancelled),
      noShow: n(row.no_show),
      unassigned: n(row.unassigned),
      lateArrivals: n(row.late_arrivals),
      activeCarers: n(row.active_carers),
      totalHours: Math.round(n(row.minutes) / 6) / 10,
      completionRate: percent(n(row.completed), n(row.total) - n(row.cancelled)),
      punctualityRate: percent(n(row.on_time), n(row.checked_in)),
    };
  }

  /** One row per London day of the range, days without visits included. */
  async analytics(filter: AppointmentFilter, viewer: AppointmentViewer): Promise<AppointmentDayFigures[]> {
    const rows = await this.visits()
      .where((eb) => visitMatches(eb, filter, viewer))
      .select([
        'a.date',
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where a.status = 'completed')`.as('completed'),
        sql<string>`count(*) filter (where a.status = 'missed')`.as('missed'),
        sql<string>`count(*) filter (where a.status = 'cancelled')`.as('cancelled'),
        sql<string>`count(*) filter (where a.late_arrival)`.as('late_arrivals'),
      ])
      .groupBy('a.date')
      .execute();
    const byDate = new Map(rows.map((row) => [row.date, row]));
    const days: AppointmentDayFigures[] = [];
    for (let date = filter.range.from; date <= filter.range.to; date = addDays(date, 1)) {
      const row = byDate.get(date);
      days.push({
        date,
        total: Number(row?.total ?? 0),
        completed: Number(row?.completed ?? 0),
        missed: Number(row?.missed ?? 0),
        cancelled: Number(row?.cancelled ?? 0),
        lateArrivals: Number(row?.late_arrivals ?? 0),
      });
    }
    return days;
  }
}

function ownOnly(eb: Eb, viewer: AppointmentViewer): Expression<SqlBool> {
  if (viewer.ownUserId === undefined) return eb.lit(true);
  return eb(
    'a.carer_id',
    'in',
    eb.selectFrom('appointment_carer_names as own').select('own.id').where('own.user_id', '=', viewer.ownUserId),
  );
}

/** What the travel between visits needs of a visit's row. */
function pageVisitOf(row: {
  id: string;
  carer_id: string | null;
  client_id: string;
  status: string;
  date: string;
  scheduled_start: Date;
}): PageVisit {
  return {
    id: row.id,
    carerId: row.carer_id,
    clientId: row.client_id,
    status: row.status,
    date: row.date,
    start: row.scheduled_start,
  };
}
