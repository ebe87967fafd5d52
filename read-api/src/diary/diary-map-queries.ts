import { sql, type Kysely } from 'kysely';
import type { AppointmentStatus, DiaryMapVisitView, VisitLocation } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { DiaryQueries, type DiaryViewer } from './diary-queries';
import type { VisitReader } from './diary-views-queries';
import { APP_PRESENCE_TABLE } from '../live/app-presence';

/** The most visits one map shows: a day of an agency's visits with a check-in location fits well under it. */
export const MAP_VISIT_LIMIT = 500;

export type MapSelection = { readonly kind: 'day'; readonly date: string } | { readonly kind: 'live' };

/**
 * The diary's maps: visits at the place the carer checked in (browser geolocation), each with the diary entries
 * recorded against it that the viewer may read. A carer sees only their own visits (as GET /api/appointments).
 */
export class DiaryMapQueries {
  private readonly diary: DiaryQueries;

  constructor(private readonly db: Kysely<ReadModelDatabase>) {
    this.diary = new DiaryQueries(db);
  }

  /** A day's visits with a location, or (live) the visits in progress now, at most MAP_VISIT_LIMIT. */
  async visits(viewer: DiaryViewer, reader: VisitReader, selection: MapSelection): Promise<DiaryMapVisitView[]> {
    let query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('appointments as a')
      .leftJoin('appointment_carer_names as ac', 'ac.id', 'a.carer_id')
      .leftJoin('appointment_client_names as acl', 'acl.id', 'a.client_id')
      .select([
        'a.id',
        'a.date',
        'a.scheduled_start',
        'a.scheduled_end',
        'a.status',
        'a.checked_in_at',
        'a.checked_out_at',
        'a.check_in_location',
        'ac.first_name as carer_first_name',
        'ac.last_name as carer_last_name',
        'acl.first_name as client_first_name',
        'acl.last_name as client_last_name',
        sql<Date | null>`(select p.last_online_at from ${sql.table(APP_PRESENCE_TABLE)} p where p.user_id = ac.user_id)`.as(
          'carer_app_last_online',
        ),
      ])
      .where(sql<boolean>`a.check_in_location is not null and a.check_in_location <> 'null'::jsonb`);
    query =
      selection.kind === 'day'
        ? query.where('a.date', '=', selection.date)
        : query.where('a.status', '=', 'in_progress');
    if (reader.kind === 'carer') query = query.where('ac.user_id', '=', reader.userId);
    const rows = await query.orderBy('a.scheduled_start').orderBy('a.id').limit(MAP_VISIT_LIMIT).execute();
    const ids = rows.map((row) => row.id);
    const entries =
      ids.length === 0
        ? []
        : await this.diary
            .visible(viewer)
            .select(['e.id', 'e.title', 'e.entry_date', 'e.appointment_id'])
            .where('e.appointment_id', 'in', ids)
            .orderBy('e.entry_date', 'desc')
            .execute();
    return rows.map((row) => {
      const location = row.check_in_location as VisitLocation;
      return {
        id: row.id,
        date: String(row.date),
        scheduledStart: new Date(row.scheduled_start).toISOString(),
        scheduledEnd: new Date(row.scheduled_end).toISOString(),
        status: row.status as AppointmentStatus,
        checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
        checkedOutAt: row.checked_out_at ? new Date(row.checked_out_at).toISOString() : null,
        carer:
          row.carer_first_name === null
            ? null
            : { firstName: row.carer_first_name, lastName: row.carer_last_name ?? '' },
        client: { firstName: row.client_first_name ?? '', lastName: row.client_last_name ?? '' },
        carerAppLastOnline: row.carer_app_last_online ? new Date(row.carer_app_last_online).toISOString() : null,
        location: { latitude: location.latitude, longitude: location.longitude, address: location.address ?? null },
        entries: entries
          .filter((entry) => entry.appointment_id === row.id)
          .map((entry) => ({ id: entry.id, title: entry.title, entryDate: entry.entry_date.toISOString() })),
      };
    });
  }
}
