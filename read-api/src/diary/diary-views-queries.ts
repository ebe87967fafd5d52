import { sql, type Kysely } from 'kysely';
import {
  addDays,
  londonTimeToInstant,
  mondayOf,
  type AppointmentStatus,
  type DiaryMonitoringRowView,
  type DiaryRosterGroupView,
  type DiaryWeekView,
} from '@care/events';
import { type ReadModelDatabase } from '@care/projector';
import type { Page } from '../shared/paging';
import { DiaryQueries, toView, type DiaryViewer, type EntryRow } from './diary-queries';

/** Entries a day of the weekly view holds at most (the day's total says how many more the diary list has). */
export const WEEK_DAY_LIMIT = 20;
/** The latest entries shown under each carer or client of a roster. */
export const ROSTER_LATEST = 3;

export type RosterBy = 'carer' | 'client';

/** The first instant of a London day. */
const dayStart = (date: string) => new Date(londonTimeToInstant(date, '00:00'));

/** Who may read a visit beside an entry: everyone reading all visits, or the carer whose visit it is. */
export type VisitReader = { readonly kind: 'all' } | { readonly kind: 'carer'; readonly userId: string };

/**
 * The diary's own views, over exactly the entries GET /api/diary lets the viewer read (DiaryQueries.visible):
 * each bounded on the server, by day, by group or by page.
 */
export class DiaryViewQueries {
  private readonly diary: DiaryQueries;

  constructor(private readonly db: Kysely<ReadModelDatabase>) {
    this.diary = new DiaryQueries(db);
  }

  /** The week (Monday first, London dates) holding `date`: each day's newest entries and its count. */
  async week(viewer: DiaryViewer, date: string): Promise<DiaryWeekView> {
    const weekStart = mondayOf(date);
    const dates = Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
    // Seven small reads on the entry-date index, each a day's range, rather than the week's rows at once.
    const days = await Promise.all(
      dates.map(async (day) => {
        const inDay = this.diary
          .entries(viewer)
          .where('e.entry_date', '>=', dayStart(day))
          .where('e.entry_date', '<', dayStart(addDays(day, 1)));
        const [rows, total] = await Promise.all([
          inDay
            .orderBy('e.entry_date', 'desc')
            .orderBy('e.created_at', 'desc')
            .orderBy('e.id', 'desc')
            .limit(WEEK_DAY_LIMIT)
            .execute(),
          inDay.clearSelect().select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
        ]);
        return { date: day, entries: (rows as EntryRow[]).map(toView), total: Number(total.total) };
      }),
    );
    return { weekStart, weekEnd: dates[6]!, days };
  }

  /**
   * One page of carers or clients, most recent entry first: how many entries each has and its latest few. Grouped
   * in the database (on the carer or client index of diary_entries), never by reading every entry here.
   */
  async roster(
    viewer: DiaryViewer,
    by: RosterBy,
    page: Page,
  ): Promise<{ rows: DiaryRosterGroupView[]; total: number }> {
    const key = by === 'carer' ? 'e.carer_id' : 'e.client_id';
    const first = by === 'carer' ? 'e.carer_first_name' : 'e.client_first_name';
    const last = by === 'carer' ? 'e.carer_last_name' : 'e.client_last_name';
    const groupsQuery = this.diary
      .visible(viewer)
      .select([
        sql<string>`${sql.ref(key)}`.as('id'),
        sql<string>`${sql.ref(first)}`.as('first_name'),
        sql<string>`${sql.ref(last)}`.as('last_name'),
        sql<string>`count(*)`.as('entries'),
        sql<Date>`max(e.entry_date)`.as('latest_entry_date'),
      ])
      .groupBy([key, first, last])
      .orderBy(sql`max(e.entry_date)`, 'desc')
      .orderBy(sql.ref(key));
    const [groups, total] = await Promise.all([
      groupsQuery.limit(page.limit).offset(page.offset).execute(),
      this.diary
        .visible(viewer)
        .select(sql<string>`count(distinct ${sql.ref(key)})`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    const ids = groups.map((group) => group.id);
    const latest = new Map<string, EntryRow[]>();
    if (ids.length > 0) {
      const ranked = this.diary
        .entries(viewer)
        .where(sql.ref(key), 'in', ids)
        .select(
          sql<string>`row_number() over (partition by ${sql.ref(key)} order by e.entry_date desc, e.created_at desc, e.id desc)`.as(
            'rank',
          ),
        );
      const rows = await this.db
        .selectFrom(ranked.as('r'))
        .selectAll()
        .where('r.rank', '<=', String(ROSTER_LATEST))
        .orderBy('r.rank')
        .execute();
      for (const row of rows as (EntryRow & { rank: string })[]) {
        const group = by === 'carer' ? row.carer_id : row.client_id;
        latest.set(group, [...(latest.get(group) ?? []), row]);
      }
    }
    return {
      rows: groups.map((group) => ({
        id: group.id,
        firstName: group.first_name,
        lastName: group.last_name,
        entries: Number(group.entries),
        latestEntryDate: new Date(group.latest_entry_date).toISOString(),
        latest: (latest.get(group.id) ?? []).map(toView),
      })),
      total: Number(total.total),
    };
  }

  /**
   * One page of entries recorded against a visit, newest first, each beside the visit's record. A carer sees the
   * visit's record only when the visit is theirs (as GET /api/appointments shows them); the entry still shows.
   */
  async monitoring(
    viewer: DiaryViewer,
    reader: VisitReader,
    page: Page,
  ): Promise<{ rows: DiaryMonitoringRowView[]; total: number }> {
    const linked = this.diary.entries(viewer).where('e.appointment_id', 'is not', null);
    const [rows, total] = await Promise.all([
      linked
        .leftJoin('appointments as a', 'a.id', 'e.appointment_id')
        .leftJoin('appointment_carer_names as ac', 'ac.id', 'a.carer_id')
        .leftJoin('appointment_client_names as acl', 'acl.id', 'a.client_id')
        .select([
          'a.id as visit_id',
          'a.date as visit_date',
          'a.scheduled_start as visit_start',
          'a.scheduled_end as visit_end',
          'a.status as visit_status',
          'a.checked_in_at as visit_checked_in_at',
          'a.checked_out_at as visit_checked_out_at',
          'ac.first_name as visit_carer_first_name',
          'ac.last_name as visit_carer_last_name',
          'ac.user_id as visit_carer_user_id',
          'acl.first_name as visit_client_first_name',
          'acl.last_name as visit_client_last_name',
        ])
        .orderBy('e.entry_date', 'desc')
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      linked.clearSelect().select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => {
        const readable = row.visit_id !== null && (reader.kind === 'all' || row.visit_carer_user_id === reader.userId);
        return {
          entry: toView(row as EntryRow),
          visit: readable
            ? {
                id: row.visit_id!,
                date: String(row.visit_date),
                scheduledStart: new Date(row.visit_start!).toISOString(),
                scheduledEnd: new Date(row.visit_end!).toISOString(),
                status: row.visit_status as AppointmentStatus,
                checkedInAt: row.visit_checked_in_at ? new Date(row.visit_checked_in_at).toISOString() : null,
                checkedOutAt: row.visit_checked_out_at ? new Date(row.visit_checked_out_at).toISOString() : null,
                carer:
                  row.visit_carer_first_name === null
                    ? null
                    : { firstName: row.visit_carer_first_name, lastName: row.visit_carer_last_name ?? '' },
                client: { firstName: row.visit_client_first_name ?? '', lastName: row.visit_client_last_name ?? '' },
              }
            : null,
        };
      }),
      total: Number(total.total),
    };
  }
}
