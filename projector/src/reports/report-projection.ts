import type { Kysely, RawBuilder, Selectable } from 'kysely';
import { appointmentEvents, londonToday, type RecordedEvent } from '@care/events';
import type { ReadModelDatabase } from '../read-model/database';
import type { Projection } from '../projection';
import { reportsSchema, VISIT_MEASURES } from './report-schema';
import { Deltas, writeDeltas } from './report-rollups';
import { anyUuid, writeRows } from '../shared/bulk-rows';
import { evolveFact, measuresOf, type AppointmentRecorded, type VisitFact } from './report-visit-fact';
import type {
  ReportCarersTable,
  ReportClientsTable,
  ReportDiaryEntriesTable,
  ReportShiftsTable,
} from './report-tables';

type Db = Kysely<ReadModelDatabase>;

const APPOINTMENT_EVENTS = new Set<string>(appointmentEvents.map((definition) => definition.type));
const CARER_EVENTS = new Set([
  'CarerRegistered',
  'CarerDetailsChanged',
  'CarerDeactivated',
  'CarerReactivated',
  'CarerRemoved',
]);
const CLIENT_EVENTS = new Set(['ClientRegistered', 'ClientDetailsChanged', 'ClientRemoved']);
const SHIFT_EVENTS = new Set(['ShiftPlanned', 'ShiftChanged', 'ShiftCancelled']);
const DIARY_EVENTS = new Set(['DiaryEntryAdded', 'DiaryEntryAmended']);

type CarerRecorded = Extract<
  RecordedEvent,
  { type: 'CarerRegistered' | 'CarerDetailsChanged' | 'CarerDeactivated' | 'CarerReactivated' | 'CarerRemoved' }
>;
type ClientRecorded = Extract<RecordedEvent, { type: 'ClientRegistered' | 'ClientDetailsChanged' | 'ClientRemoved' }>;
type ShiftRecorded = Extract<RecordedEvent, { type: 'ShiftPlanned' | 'ShiftChanged' | 'ShiftCancelled' }>;
type DiaryRecorded = Extract<RecordedEvent, { type: 'DiaryEntryAdded' | 'DiaryEntryAmended' }>;

/**
 * Reports & Analytics: day roll-ups for the agency, per carer and per client of the visits (total, completed, on
 * time, durations, tasks, documentation, ratings), rostered shift minutes per carer and day, and diary entries per
 * carer, day and type, so a year's report sums a few thousand rows instead of scanning 100,000 visits. The carer's
 * region is a column of report_carers, joined when a report is read (a carer who moves region moves their figures).
 * It keeps its own memory of every visit, shift and entry to take an old contribution away; it reads no other
 * projection's tables, so it rebuilds alone.
 */
export const reportsProjection: Projection = {
  name: 'reports',
  version: 1,
  tables: [
    'report_visits',
    'report_days',
    'report_carer_days',
    'report_client_days',
    'report_carers',
    'report_clients',
    'report_shifts',
    'report_shift_days',
    'report_diary_entries',
    'report_diary_days',
  ],
  schema: reportsSchema,
  handles: (type) =>
    APPOINTMENT_EVENTS.has(type) ||
    CARER_EVENTS.has(type) ||
    CLIENT_EVENTS.has(type) ||
    SHIFT_EVENTS.has(type) ||
    DIARY_EVENTS.has(type),
  // Each kind of record touches only its own tables, so a batch is applied kind by kind, each in log order.
  async apply(db, events) {
    const of = <E extends RecordedEvent>(types: Set<string>) => events.filter((event) => types.has(event.type)) as E[];
    await applyCarers(db, of<CarerRecorded>(CARER_EVENTS));
    await applyClients(db, of<ClientRecorded>(CLIENT_EVENTS));
    await applyVisits(db, of<AppointmentRecorded>(APPOINTMENT_EVENTS));
    await applyShifts(db, of<ShiftRecorded>(SHIFT_EVENTS));
    await applyDiary(db, of<DiaryRecorded>(DIARY_EVENTS));
  },
};

async function loadByIds<Row>(
  ids: readonly string[],
  load: (matching: RawBuilder<string>) => Promise<Row[]>,
): Promise<Row[]> {
  return ids.length === 0 ? [] : load(anyUuid(ids));
}

async function applyVisits(db: Db, events: readonly AppointmentRecorded[]): Promise<void> {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((event) => event.data.id))];
  const facts = new Map<string, VisitFact>();
  for (const row of await loadByIds(ids, (matching) =>
    db.selectFrom('report_visits').selectAll().where('id', '=', matching).execute(),
  ))
    facts.set(row.id, row);
  const before = new Map(facts);
  const touched = new Set<string>();
  for (const event of events) {
    const next = evolveFact(facts.get(event.data.id), event);
    if (!next) continue;
    facts.set(next.id, next);
    touched.add(next.id);
  }
  const days = new Deltas(['date'], VISIT_MEASURES);
  const carerDays = new Deltas(['date', 'carer_id'], VISIT_MEASURES);
  const clientDays = new Deltas(['date', 'client_id'], VISIT_MEASURES);
  const count = (fact: VisitFact, sign: 1 | -1) => {
    const measures = measuresOf(fact);
    days.add({ date: fact.date }, measures, sign);
    carerDays.add({ date: fact.date, carer_id: fact.carer_id }, measures, sign);
    clientDays.add({ date: fact.date, client_id: fact.client_id }, measures, sign);
  };
  const written = [...touched].map((id) => facts.get(id)!);
  for (const fact of written) {
    const previous = before.get(fact.id);
    if (previous) count(previous, -1);
    count(fact, 1);
  }
  await writeRows(db, 'report_visits', written, { key: ['id'] });
  await writeDeltas(db, 'report_days', days);
  await writeDeltas(db, 'report_carer_days', carerDays);
  await writeDeltas(db, 'report_client_days', clientDays);
}

type Carer = Selectable<ReportCarersTable>;

function evolveCarer(current: Carer | undefined, event: CarerRecorded): Carer | undefined {
  if (event.type === 'CarerRegistered') {
    const data = event.data;
    return {
      id: data.carerId,
      first_name: data.firstName,
      last_name: data.lastName,
      region: data.region,
      is_active: data.isActive,
      removed: false,
    };
  }
  if (!current) return undefined;
  switch (event.type) {
    case 'CarerDetailsChanged': {
      const { firstName, lastName, region } = event.data.changes;
      return {
        ...current,
        ...(firstName !== undefined && { first_name: firstName }),
        ...(lastName !== undefined && { last_name: lastName }),
        ...(region !== undefined && { region }),
      };
    }
    case 'CarerDeactivated':
      return { ...current, is_active: false };
    case 'CarerReactivated':
      return { ...current, is_active: true };
    case 'CarerRemoved':
      return { ...current, removed: true };
  }
}

async function applyCarers(db: Db, events: readonly CarerRecorded[]): Promise<void> {
  if (events.length === 0) return;
  const rows = new Map<string, Carer>();
  const ids = [...new Set(events.map((event) => event.data.carerId))];
  for (const row of await loadByIds(ids, (matching) =>
    db.selectFrom('report_carers').selectAll().where('id', '=', matching).execute(),
  ))
    rows.set(row.id, row);
  const touched = new Set<string>();
  for (const event of events) {
    const next = evolveCarer(rows.get(event.data.carerId), event);
    if (!next) continue;
    rows.set(next.id, next);
    touched.add(next.id);
  }
  const written = [...touched].map((id) => rows.get(id)!);
  await writeRows(db, 'report_carers', written, { key: ['id'] });
}

type Client = Selectable<ReportClientsTable>;

function evolveClient(current: Client | undefined, event: ClientRecorded): Client | undefined {
  if (event.type === 'ClientRegistered')
    return { id: event.data.id, first_name: event.data.firstName, last_name: event.data.lastName, removed: false };
  if (!current) return undefined;
  if (event.type === 'ClientRemoved') return { ...current, removed: true };
  const { firstName, lastName } = event.data.changes;
  return {
    ...current,
    ...(firstName !== undefined && { first_name: firstName }),
    ...(lastName !== undefined && { last_name: lastName }),
  };
}

async function applyClients(db: Db, events: readonly ClientRecorded[]): Promise<void> {
  if (events.length === 0) return;
  const rows = new Map<string, Client>();
  const ids = [...new Set(events.map((event) => event.data.id))];
  for (const row of await loadByIds(ids, (matching) =>
    db.selectFrom('report_clients').selectAll().where('id', '=', matching).execute(),
  ))
    rows.set(row.id, row);
  const touched = new Set<string>();
  for (const event of events) {
    const next = evolveClient(rows.get(event.data.id), event);
    if (!next) continue;
    rows.set(next.id, next);
    touched.add(next.id);
  }
  const written = [...touched].map((id) => rows.get(id)!);
  await writeRows(db, 'report_clients', written, { key: ['id'] });
}

type Shift = Selectable<ReportShiftsTable>;

/** Rostered minutes: the shift's length less its break (never below 0); a cancelled shift rosters nothing. */
function withMinutes(shift: Omit<Shift, 'date' | 'minutes'>): Shift {
  const length = Math.round((Date.parse(shift.end_time) - Date.parse(shift.start_time)) / 60_000);
  return {
    ...shift,
    date: londonToday(new Date(shift.start_time)),
    minutes: shift.cancelled ? 0 : Math.max(0, length - shift.break_minutes),
  };
}

function evolveShift(current: Shift | undefined, event: ShiftRecorded): Shift | undefined {
  if (event.type === 'ShiftPlanned') {
    const data = event.data;
    return withMinutes({
      id: data.id,
      carer_id: data.carerId,
      start_time: data.startTime,
      end_time: data.endTime,
      break_minutes: data.breakMinutes,
      cancelled: false,
    });
  }
  if (!current) return undefined;
  if (event.type === 'ShiftCancelled') return withMinutes({ ...current, cancelled: true });
  const { carerId, startTime, endTime, breakMinutes } = event.data.changes;
  return withMinutes({
    ...current,
    ...(carerId !== undefined && { carer_id: carerId }),
    ...(startTime !== undefined && { start_time: startTime }),
    ...(endTime !== undefined && { end_time: endTime }),
    ...(breakMinutes !== undefined && { break_minutes: breakMinutes }),
  });
}

async function applyShifts(db: Db, events: readonly ShiftRecorded[]): Promise<void> {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((event) => event.data.id))];
  const rows = new Map<string, Shift>();
  for (const row of await loadByIds(ids, (matching) =>
    db.selectFrom('report_shifts').selectAll().where('id', '=', matching).execute(),
  ))
    rows.set(row.id, row);
  const before = new Map(rows);
  const touched = new Set<string>();
  for (const event of events) {
    const next = evolveShift(rows.get(event.data.id), event);
    if (!next) continue;
    rows.set(next.id, next);
    touched.add(next.id);
  }
  const deltas = new Deltas(['date', 'carer_id'], ['shift_minutes']);
  const written = [...touched].map((id) => rows.get(id)!);
  for (const row of written) {
    const previous = before.get(row.id);
    if (previous)
      deltas.add({ date: previous.date, carer_id: previous.carer_id }, { shift_minutes: previous.minutes }, -1);
    deltas.add({ date: row.date, carer_id: row.carer_id }, { shift_minutes: row.minutes }, 1);
  }
  await writeRows(db, 'report_shifts', written, { key: ['id'] });
  await writeDeltas(db, 'report_shift_days', deltas);
}

async function applyDiary(db: Db, events: readonly DiaryRecorded[]): Promise<void> {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((event) => event.data.id))];
  const rows = new Map<string, Selectable<ReportDiaryEntriesTable>>();
  for (const row of await loadByIds(ids, (matching) =>
    db.selectFrom('report_diary_entries').selectAll().where('id', '=', matching).execute(),
  ))
    rows.set(row.id, row);
  const before = new Map(rows);
  const touched = new Set<string>();
  for (const event of events) {
    const id = event.data.id;
    if (event.type === 'DiaryEntryAdded') {
      rows.set(id, {
        id,
        carer_id: event.data.carerId,
        date: londonToday(new Date(event.data.entryDate)),
        entry_type: event.data.entryType,
      });
    } else {
      const current = rows.get(id);
      if (!current) continue;
      const { entryDate, entryType } = event.data.changes;
      rows.set(id, {
        ...current,
        ...(entryDate !== undefined && { date: londonToday(new Date(entryDate)) }),
        ...(entryType !== undefined && { entry_type: entryType }),
      });
    }
    touched.add(id);
  }
  const deltas = new Deltas(['date', 'carer_id', 'entry_type'], ['entries']);
  const written = [...touched].map((id) => rows.get(id)!);
  for (const row of written) {
    const previous = before.get(row.id);
    if (previous)
      deltas.add(
        { date: previous.date, carer_id: previous.carer_id, entry_type: previous.entry_type },
        { entries: 1 },
        -1,
      );
    deltas.add({ date: row.date, carer_id: row.carer_id, entry_type: row.entry_type }, { entries: 1 }, 1);
  }
  await writeRows(db, 'report_diary_entries', written, { key: ['id'] });
  await writeDeltas(db, 'report_diary_days', deltas);
}
