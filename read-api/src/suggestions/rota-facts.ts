import { sql, type Kysely } from 'kysely';
import { addDays, leaveInterval, mondayOf } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { weekMinutesOf, workingPatternsOf } from '../availability/working-pattern-queries';
import { placesOfClients, travelModesOf } from '../travel/travel-places';
import type { CandidateCarer, HeldVisit, OpenVisit, RotaFacts } from './carer-ranking';

/** Visits that hold a carer's time: booked, under way or done (cancelled, missed and no-shows free it). */
const HOLDING = ['scheduled', 'in_progress', 'completed'];
/** Visits that count as the carer having visited the client. */
const VISITED = ['in_progress', 'completed'];
const CONTINUITY_DAYS = 30;

/**
 * Reads, in a handful of queries whatever the number of carers, what the ranking needs to know about a London day
 * for some of its visits: every active carer, their visits on the day and the days either side (a visit may run
 * past midnight), approved leave, the week's hours, working patterns and travel modes, medication training current
 * on the day, and for the visits' clients who visited them in the last 30 days, their keyworker and preferred
 * carers, and where each client lives.
 */
export async function readRotaFacts(
  db: Kysely<ReadModelDatabase>,
  date: string,
  visits: readonly OpenVisit[],
): Promise<RotaFacts> {
  const q = db.withSchema(READ_MODEL_SCHEMA);
  const clientIds = [...new Set(visits.map((visit) => visit.clientId))];
  // The queries that need the carers' ids, or the clients of their visits, start as soon as those arrive, while
  // the rest still run: a suggestion waits for the slowest chain, not for the sum of two rounds.
  const carersRead = q
    .selectFrom('carers')
    .select(['id', 'first_name', 'last_name', 'max_clients_per_day'])
    .where('is_active', '=', true)
    .execute();
  const heldRead = q
    .selectFrom('appointments as a')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .select(['a.id', 'a.carer_id', 'a.client_id', 'a.scheduled_start', 'a.scheduled_end', 'a.date'])
    .select(['c.first_name', 'c.last_name'])
    .where('a.date', '>=', addDays(date, -1))
    .where('a.date', '<=', addDays(date, 1))
    .where('a.carer_id', 'is not', null)
    .where('a.status', 'in', HOLDING)
    .orderBy('a.scheduled_start')
    .execute();
  const ofCarers = <T>(read: (ids: string[]) => Promise<T>) =>
    carersRead.then((rows) => read(rows.map((row) => row.id)));
  const [carerRows, heldRows, leaveRows, trainedRows, recentRows, clientRows, patterns, modes, weekMinutes, places] =
    await Promise.all([
      carersRead,
      heldRead,
      q
        .selectFrom('leave_requests')
        .select(['carer_id', 'from_date', 'to_date', 'day_part'])
        .where('status', '=', 'approved')
        .where('from_date', '<=', addDays(date, 1))
        .where('to_date', '>=', addDays(date, -1))
        .execute(),
      q
        .selectFrom('training_compliance')
        .select('carer_id')
        .where('training_type', '=', 'medication')
        .where((eb) => eb.or([eb('open_ended', '=', true), eb('latest_expiry', '>=', date)]))
        .execute(),
      clientIds.length === 0
        ? Promise.resolve([])
        : q
            .selectFrom('appointments')
            .select(['client_id', 'carer_id', sql<number>`count(*)::int`.as('visits')])
            .where('client_id', 'in', clientIds)
            .where('date', '>=', addDays(date, -CONTINUITY_DAYS))
            .where('date', '<', date)
            .where('carer_id', 'is not', null)
            .where('status', 'in', VISITED)
            .groupBy(['client_id', 'carer_id'])
            .execute(),
      clientIds.length === 0
        ? Promise.resolve([])
        : q
            .selectFrom('clients')
            .select(['id', 'keyworker_carer_id', 'preferred_carers'])
            .where('id', 'in', clientIds)
            .execute(),
      ofCarers((ids) => workingPatternsOf(db, ids)),
      ofCarers((ids) => travelModesOf(db, ids)),
      ofCarers((ids) => weekMinutesOf(db, ids, mondayOf(date))),
      // Travel is only ever between visits of the same day: the places of the day's clients.
      heldRead.then((rows) =>
        placesOfClients(db, [
          ...new Set([...clientIds, ...rows.filter((row) => row.date === date).map((row) => row.client_id)]),
        ]),
      ),
    ]);
  const clientNames = new Map(visits.map((visit) => [visit.clientId, visit.clientName]));
  for (const row of heldRows) clientNames.set(row.client_id, `${row.first_name} ${row.last_name}`);

  const trained = new Set(trainedRows.map((row) => row.carer_id));
  const carers: CandidateCarer[] = carerRows.map((row) => ({
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    maxClientsPerDay: row.max_clients_per_day,
    travelMode: modes.get(row.id) ?? 'car',
    pattern: patterns.get(row.id) ?? null,
    medicationTrained: trained.has(row.id),
  }));
  const held = new Map<string, HeldVisit[]>();
  for (const row of heldRows) {
    const list = held.get(row.carer_id!) ?? [];
    list.push({
      appointmentId: row.id,
      clientId: row.client_id,
      start: row.scheduled_start.toISOString(),
      end: row.scheduled_end.toISOString(),
      date: row.date,
    });
    held.set(row.carer_id!, list);
  }
  const leave = new Map<string, { start: string; end: string }[]>();
  for (const row of leaveRows) {
    const list = leave.get(row.carer_id) ?? [];
    list.push(leaveInterval({ from: row.from_date, to: row.to_date, dayPart: row.day_part }));
    leave.set(row.carer_id, list);
  }
  const recentVisits = new Map<string, Map<string, number>>();
  for (const row of recentRows) {
    const byCarer = recentVisits.get(row.client_id) ?? new Map<string, number>();
    byCarer.set(row.carer_id!, Number(row.visits));
    recentVisits.set(row.client_id, byCarer);
  }
  const clientCarers = new Map(
    clientRows.map((row) => [row.id, { keyworker: row.keyworker_carer_id, preferred: row.preferred_carers }]),
  );
  return {
    carers,
    held,
    leave,
    weekMinutes,
    recentVisits,
    clientCarers,
    places,
    clientNames,
  };
}

/** The open visits (scheduled, no carer) to rank: one by id, or every one of a London day. */
export async function openVisits(
  db: Kysely<ReadModelDatabase>,
  filter: { id: string } | { date: string },
): Promise<OpenVisit[]> {
  let query = db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('appointments as a')
    .innerJoin('clients as c', 'c.id', 'a.client_id')
    .select([
      'a.id',
      'a.client_id',
      'a.scheduled_start',
      'a.scheduled_end',
      'a.visit_type',
      'a.date',
      'a.revision',
      'c.first_name',
      'c.last_name',
    ])
    .where('a.status', '=', 'scheduled');
  query =
    'id' in filter
      ? query.where('a.id', '=', filter.id)
      : query.where('a.date', '=', filter.date).where('a.carer_id', 'is', null);
  const rows = await query.orderBy('a.scheduled_start').orderBy('a.id').execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    clientName: `${row.first_name} ${row.last_name}`,
    start: row.scheduled_start.toISOString(),
    end: row.scheduled_end.toISOString(),
    visitType: row.visit_type,
    date: row.date,
    revision: String(row.revision),
  }));
}
