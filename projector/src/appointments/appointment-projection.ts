import type { Insertable, Kysely } from 'kysely';
import { appointmentEvents, type RecordedEvent } from '@care/events';
import type { ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';
import { appointmentsSchema } from './appointment-schema';
import { isPersonEvent, personChangeOf, type PersonChange } from '../shared/person-names';
import { evolveRecord, recordOf, type AppointmentRecord, type AppointmentRecorded } from './appointment-record';
import { viewMembersOf } from './appointment-view-json';
import { applyDayTotals } from './appointment-day-totals';
import { anyUuid, writeRows } from '../shared/bulk-rows';
import type { AppointmentCarerNamesTable, AppointmentClientNamesTable } from './appointment-tables';

type Db = Kysely<ReadModelDatabase>;

const APPOINTMENT_EVENTS = new Set<string>(appointmentEvents.map((definition) => definition.type));

/**
 * The appointments list, its day totals, and the names of the carers and clients visits show (a visit's history is
 * read from its stream).
 *
 * A batch is folded in memory and written with a few statements: the rows its events touch are read in one query,
 * every event is applied to them in order (evolveRecord), and the touched rows are upserted with one statement per
 * table (writeRows). A rebuild replays long runs of schedules, check-ins and check-outs; row-at-a-time would be the
 * bottleneck of the catch-up.
 */
export const appointmentsProjection: Projection = {
  name: 'appointments',
  // 2: a carer's user_id may be null and follows CarerAccountLinked and CarerAccountUnlinked.
  // 3: punctuality and the hand-entered check-in and check-out times with their reasons.
  // 4: the client's rating at check-out (client_rating), the dashboard's day totals and its partial index.
  // 5: a visit's history is read from its stream (GET /api/appointments/:id/history), not kept here.
  // 6: whether the check-out's note is shared with the family (note_shared_with_family).
  // 7: the client index carries status and planned end (the family portal's visit totals read the index alone).
  // 8: the stored view says whether the note is shared with the family (noteSharedWithFamily).
  version: 8,
  tables: [
    'appointments',
    'appointment_views',
    'appointment_carer_names',
    'appointment_client_names',
    'appointment_day_totals',
  ],
  retiredTables: ['appointment_versions'],
  schema: appointmentsSchema,
  handles: (type) => APPOINTMENT_EVENTS.has(type) || isPersonEvent(type) || isAccountEvent(type),
  async apply(db, events) {
    const visits: AppointmentRecorded[] = [];
    const people: PersonChange[] = [];
    for (const event of events) {
      const type: string = event.type;
      if (isPersonEvent(type)) people.push(personChangeOf(type, event.data));
      else if (event.type === 'CarerAccountLinked' || event.type === 'CarerAccountUnlinked')
        people.push(accountChangeOf(event));
      else visits.push(event as AppointmentRecorded);
    }
    await applyPeople(db, people);
    await applyVisits(db, visits);
  },
};

const isAccountEvent = (type: string) => type === 'CarerAccountLinked' || type === 'CarerAccountUnlinked';

/** A link or unlink as a change of the carer's account alone (a carer reads their visits through it). */
function accountChangeOf(
  event: Extract<RecordedEvent, { type: 'CarerAccountLinked' | 'CarerAccountUnlinked' }>,
): PersonChange {
  return {
    kind: 'carer',
    id: event.data.carerId,
    registered: false,
    firstName: undefined,
    lastName: undefined,
    address: undefined,
    userId: event.type === 'CarerAccountLinked' ? event.data.userId : null,
  };
}

async function applyVisits(db: Db, events: readonly AppointmentRecorded[]): Promise<void> {
  if (events.length === 0) return;
  const created = new Set(
    events.filter((event) => event.type === 'AppointmentScheduled').map((event) => event.data.id),
  );
  const existingIds = [...new Set(events.map((event) => event.data.id).filter((id) => !created.has(id)))];
  const records = new Map<string, AppointmentRecord>();
  if (existingIds.length > 0) {
    const rows = await db.selectFrom('appointments').selectAll().where('id', '=', anyUuid(existingIds)).execute();
    for (const row of rows) records.set(row.id, recordOf(row));
  }
  const before = new Map(records);
  const touched = new Set<string>();
  for (const event of events) {
    const next = evolveRecord(records.get(event.data.id), event);
    if (!next) continue;
    records.set(next.id, next);
    touched.add(next.id);
  }
  const written = [...touched].map((id) => records.get(id)!);
  await writeRows(db, 'appointments', written, { key: ['id'] });
  await writeRows(
    db,
    'appointment_views',
    written.map((record) => ({ id: record.id, members: viewMembersOf(record) })),
    { key: ['id'] },
  );
  await applyDayTotals(db, before, written);
}

/** Registrations and renames, folded per person, then written with one upsert per table. */
async function applyPeople(db: Db, changes: readonly PersonChange[]): Promise<void> {
  if (changes.length === 0) return;
  const carers = await folded(
    changes.filter((change) => change.kind === 'carer'),
    (ids) => db.selectFrom('appointment_carer_names').selectAll().where('id', '=', anyUuid(ids)).execute(),
    (row, change): AppointmentCarerNamesTable => ({
      id: change.id,
      user_id: change.userId !== undefined ? change.userId : (row?.user_id ?? null),
      first_name: change.firstName ?? row?.first_name ?? '',
      last_name: change.lastName ?? row?.last_name ?? '',
    }),
  );
  const clients = await folded(
    changes.filter((change) => change.kind === 'client'),
    (ids) => db.selectFrom('appointment_client_names').selectAll().where('id', '=', anyUuid(ids)).execute(),
    (row, change): AppointmentClientNamesTable => ({
      id: change.id,
      first_name: change.firstName ?? row?.first_name ?? '',
      last_name: change.lastName ?? row?.last_name ?? '',
      address: change.address ?? row?.address ?? '',
    }),
  );
  await writeRows(db, 'appointment_carer_names', carers, { key: ['id'] });
  await writeRows(db, 'appointment_client_names', clients, { key: ['id'] });
}

/**
 * The rows after the changes, in order. A details change for a person whose registration this projection never
 * saw (none in the log) is dropped rather than inventing a row without an account.
 */
async function folded<Row extends { id: string }>(
  changes: readonly PersonChange[],
  load: (ids: string[]) => Promise<Row[]>,
  apply: (row: Row | undefined, change: PersonChange) => Row,
): Promise<Insertable<Row>[]> {
  if (changes.length === 0) return [];
  const rows = new Map<string, Row>();
  const ids = [...new Set(changes.filter((change) => !change.registered).map((change) => change.id))];
  if (ids.length > 0) for (const row of await load(ids)) rows.set(row.id, row);
  for (const change of changes) {
    const row = rows.get(change.id);
    if (!row && !change.registered) continue;
    rows.set(change.id, apply(change.registered ? undefined : row, change));
  }
  return [...rows.values()] as Insertable<Row>[];
}
