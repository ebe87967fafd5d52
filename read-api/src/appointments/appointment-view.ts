import { sql, type RawBuilder, type Selectable } from 'kysely';
import { READ_MODEL_SCHEMA, type AppointmentsTable } from '@care/projector';
import { APP_PRESENCE_TABLE } from '../live/app-presence';

/**
 * A row of the CSV export's selection: the appointment (without the signature, and without whether the note is shared
 * with the family, which only the family portal reads), names and London clocks.
 */
export type AppointmentRow = Omit<
  Selectable<AppointmentsTable>,
  'signature' | 'check_out_source' | 'note_shared_with_family'
> & {
  client_first_name: string | null;
  client_last_name: string | null;
  client_address: string | null;
  carer_first_name: string | null;
  carer_last_name: string | null;
  start_clock: string | null;
  end_clock: string | null;
  in_clock: string | null;
  out_clock: string | null;
};

const table = (name: string) => sql.table(`${READ_MODEL_SCHEMA}.${name}`);

/**
 * Whether no confirmed or pending shift of the visit's carer covers the whole visit (start to end). The rule is
 * deliberately plain: a carer with no shifts on the rota at all has every visit flagged, which is what the
 * coordinator needs to see (visits booked with nobody rostered). Unassigned visits are never flagged.
 * A shift lasts at most a day (planShiftRequestSchema), so only shifts starting within the day before the visit
 * ends can cover it: that bound keeps the index range on (carer_id, start_time) to a few rows, not the carer's
 * whole rota history.
 */
const outsideShift = sql<boolean>`(a.carer_id is not null and not exists (
  select 1 from ${table('shifts')} s
   where s.carer_id = a.carer_id and s.status <> 'cancelled'
     and s.start_time <= a.scheduled_start and s.start_time >= a.scheduled_end - interval '24 hours'
     and s.end_time >= a.scheduled_end))`;

/**
 * Diary entries and voice notes recorded against the visit (partial indexes on appointment_id) that the reader
 * may open: for a reader of only their own visits (`ownUserId`), confidential entries, private notes and notes on
 * confidential entries count only when they wrote them, as in the diary and voice-note lists.
 */
function documentsUploaded(ownUserId: string | undefined) {
  if (ownUserId === undefined) {
    return sql<number>`(
  (select count(*) from ${table('diary_entries')} d where d.appointment_id = a.id)
  + (select count(*) from ${table('voice_notes')} v where v.appointment_id = a.id))`;
  }
  return sql<number>`(
  (select count(*) from ${table('diary_entries')} d where d.appointment_id = a.id
     and (not d.is_confidential or d.author_user_id = ${ownUserId}))
  + (select count(*) from ${table('voice_notes')} v where v.appointment_id = a.id
     and (v.user_id::text = ${ownUserId} or (not v.is_private and not exists (
       select 1 from ${table('diary_entries')} n
        where n.id = v.diary_entry_id and n.is_confidential and n.author_user_id <> ${ownUserId})))))`;
}

/**
 * When the visit's carer's app was last online (the read API notes it from the app's live connection:
 * live/app-presence.ts), as a JSON string in UTC, or null when never seen or there is no carer.
 */
const carerAppLastOnline = sql<string>`coalesce((
  select to_json(to_char(p.last_online_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
    from ${sql.table(APP_PRESENCE_TABLE)} p join ${table('carers')} c on c.user_id = p.user_id
   where c.id = a.carer_id), 'null')`;

/**
 * One AppointmentView as JSON text from `appointments a` with `appointment_views v` and the names `cl` and `ca`:
 * the members the row alone decides were serialised by the projector (v.members); the outside-shift flag, the documents and the names
 * (which follow renames) are added here. A day of 800 visits goes to the browser as one concatenation, without
 * parsing 40 columns per row into JavaScript and serialising them again. The signature image only when asked.
 */
export function appointmentJson(withSignature: boolean, ownUserId?: string): RawBuilder<string> {
  const signature = withSignature ? sql`|| ',"signature":' || coalesce(to_json(a.signature)::text, 'null')` : sql``;
  return sql<string>`'{' || v.members
    || ',"outsideShift":' || ${outsideShift}::text
    || ',"documentsUploaded":' || ${documentsUploaded(ownUserId)}::text
    || ',"carerAppLastOnline":' || ${carerAppLastOnline}
    || ',"client":' || json_build_object('firstName', coalesce(cl.first_name, ''), 'lastName', coalesce(cl.last_name, ''), 'address', coalesce(cl.address, ''))::text
    || ',"carer":' || case when a.carer_id is null then 'null'
                      else json_build_object('user', json_build_object('firstName', coalesce(ca.first_name, ''), 'lastName', coalesce(ca.last_name, '')))::text end
    ${signature} || '}'`;
}
