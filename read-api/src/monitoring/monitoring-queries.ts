import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  AppointmentStatus,
  CheckInSource,
  MonitoringRecordView,
  Punctuality,
  SortDirection,
  VisitType,
} from '@care/events';
import type { ReadModelDatabase } from '@care/projector';
import { londonClock } from '../shared/london-clock';
import {
  AppointmentQueries,
  visitMatches,
  type AppointmentFilter,
  type AppointmentViewer,
} from '../appointments/appointment-queries';

export const MONITORING_SORTS = ['date', 'client', 'carer', 'status', 'punctuality', 'duration'] as const;
export type MonitoringSort = (typeof MONITORING_SORTS)[number];

export interface MonitoringPage {
  readonly sort: MonitoringSort;
  readonly direction: SortDirection;
  readonly limit: number;
  readonly offset: number;
}

/** What one care record row is built from. */
export interface MonitoringRow {
  id: string;
  date: string;
  status: string;
  scheduled_start: Date;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  /** Stored by the projector with the one punctuality rule (events punctuality.ts). */
  punctuality: string | null;
  check_in_recorded_at: Date | null;
  check_in_time_reason: string | null;
  check_out_recorded_at: Date | null;
  check_out_time_reason: string | null;
  check_in_offline_captured_at: Date | null;
  check_in_offline_received_at: Date | null;
  check_out_offline_captured_at: Date | null;
  check_out_offline_received_at: Date | null;
  duration_minutes: number;
  tasks: string[];
  medication_given: boolean | null;
  visit_type: string;
  manual_input_reason: string | null;
  check_in_source: string | null;
  visit_notes: string | null;
  notes: string | null;
  carer_id: string | null;
  client_first_name: string | null;
  client_last_name: string | null;
  carer_first_name: string | null;
  carer_last_name: string | null;
  start_clock: string | null;
  end_clock: string | null;
  in_clock: string | null;
  out_clock: string | null;
}

/** Minutes actually spent once checked out, else the planned duration. */
export function durationOf(row: Pick<MonitoringRow, 'checked_in_at' | 'checked_out_at' | 'duration_minutes'>): number {
  if (row.checked_in_at === null || row.checked_out_at === null) return row.duration_minutes;
  return Math.max(0, Math.round((row.checked_out_at.getTime() - row.checked_in_at.getTime()) / 60_000));
}

const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const span = (from: string | null, to: string | null) => `${from ?? ''}–${to ?? ''}`;

const offlineTime = (capturedAt: Date | null, receivedAt: Date | null) =>
  capturedAt === null || receivedAt === null
    ? null
    : { capturedAt: capturedAt.toISOString(), receivedAt: receivedAt.toISOString() };

export function toMonitoringRecord(row: MonitoringRow): MonitoringRecordView {
  return {
    id: row.id,
    date: row.date,
    plannedTime: span(row.start_clock, row.end_clock),
    actualTime: row.in_clock === null ? null : span(row.in_clock, row.out_clock),
    client: name(row.client_first_name, row.client_last_name),
    carer: row.carer_id === null ? 'Unassigned' : name(row.carer_first_name, row.carer_last_name),
    punctuality: row.punctuality as Punctuality | null,
    duration: durationOf(row),
    tasks: row.tasks,
    medication: row.medication_given === true,
    provider: row.visit_type as VisitType,
    manualInputReason: row.manual_input_reason,
    source: row.check_in_source as CheckInSource | null,
    timeEnteredByHand: row.check_in_recorded_at !== null || row.check_out_recorded_at !== null,
    timeEnteredReason: row.check_in_time_reason ?? row.check_out_time_reason,
    recordedOffline:
      offlineTime(row.check_in_offline_captured_at, row.check_in_offline_received_at) ??
      offlineTime(row.check_out_offline_captured_at, row.check_out_offline_received_at),
    status: row.status as AppointmentStatus,
    notes: row.visit_notes ?? row.notes,
  };
}

/**
 * The sort keys. Keys that can be empty (no carer, not checked in) sort those records last in either direction;
 * the date keys are never empty and say nothing about nulls, so the newest-first default reads the
 * (date, scheduled_start, id) index backwards and stops after one page.
 */
const SORT_KEYS: Record<MonitoringSort, readonly { key: RawBuilder<unknown>; nullable: boolean }[]> = {
  date: [
    { key: sql`a.date`, nullable: false },
    { key: sql`a.scheduled_start`, nullable: false },
  ],
  client: [
    { key: sql`cl.last_name`, nullable: true },
    { key: sql`cl.first_name`, nullable: true },
  ],
  carer: [
    { key: sql`ca.last_name`, nullable: true },
    { key: sql`ca.first_name`, nullable: true },
  ],
  status: [{ key: sql`a.status`, nullable: false }],
  punctuality: [{ key: sql`a.checked_in_at - a.scheduled_start`, nullable: true }],
  duration: [
    {
      key: sql`coalesce(a.checked_out_at - a.checked_in_at, make_interval(mins => a.duration_minutes))`,
      nullable: false,
    },
  ],
};

/** GET /api/monitoring: care records per visit, filtered, sorted and paged in PostgreSQL. */
export class MonitoringQueries {
  private readonly appointments: AppointmentQueries;

  constructor(db: Kysely<ReadModelDatabase>) {
    this.appointments = new AppointmentQueries(db);
  }

  private rows(filter: AppointmentFilter, viewer: AppointmentViewer) {
    return this.appointments
      .visits()
      .where((eb) => visitMatches(eb, filter, viewer))
      .select([
        'a.id',
        'a.date',
        'a.status',
        'a.scheduled_start',
        'a.checked_in_at',
        'a.checked_out_at',
        'a.punctuality',
        'a.check_in_recorded_at',
        'a.check_in_time_reason',
        'a.check_out_recorded_at',
        'a.check_out_time_reason',
        'a.check_in_offline_captured_at',
        'a.check_in_offline_received_at',
        'a.check_out_offline_captured_at',
        'a.check_out_offline_received_at',
        'a.duration_minutes',
        'a.tasks',
        'a.medication_given',
        'a.visit_type',
        'a.manual_input_reason',
        'a.check_in_source',
        'a.visit_notes',
        'a.notes',
        'a.carer_id',
        'cl.first_name as client_first_name',
        'cl.last_name as client_last_name',
        'ca.first_name as carer_first_name',
        'ca.last_name as carer_last_name',
        londonClock('a.scheduled_start').as('start_clock'),
        londonClock('a.scheduled_end').as('end_clock'),
        londonClock('a.checked_in_at').as('in_clock'),
        londonClock('a.checked_out_at').as('out_clock'),
      ]);
  }

  private sorted(filter: AppointmentFilter, viewer: AppointmentViewer, sort: MonitoringSort, direction: SortDirection) {
    let query = this.rows(filter, viewer);
    const dir = sql.raw(direction);
    for (const { key, nullable } of SORT_KEYS[sort])
      query = query.orderBy(nullable ? sql`${key} ${dir} nulls last` : sql`${key} ${dir}`);
    // Ties in visit order, so paging never repeats or skips a record.
    if (sort !== 'date') query = query.orderBy(sql`a.scheduled_start ${dir}`);
    return query.orderBy(sql`a.id ${dir}`);
  }

  async page(filter: AppointmentFilter, viewer: AppointmentViewer, page: MonitoringPage) {
    const [rows, total] = await Promise.all([
      this.sorted(filter, viewer, page.sort, page.direction).limit(page.limit).offset(page.offset).execute(),
      this.appointments.count(filter, viewer),
    ]);
    return { records: rows.map(toMonitoringRecord), total };
  }

  /** Every matching record (the CSV export), in the page's order. */
  async all(
    filter: AppointmentFilter,
    viewer: AppointmentViewer,
    sort: MonitoringSort,
    direction: SortDirection,
  ): Promise<MonitoringRecordView[]> {
    return (await this.sorted(filter, viewer, sort, direction).execute()).map(toMonitoringRecord);
  }
}
