import type { Kysely } from 'kysely';
import { estimateTravel, type TravelBasis, type TravelFromPreviousView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { placesOfClients, travelModesOf, type ClientPlace } from './travel-places';

/** Visits that take the carer's time and place: booked, under way or done (a cancelled or missed visit is no stop). */
const ON_THE_ROUND = ['scheduled', 'in_progress', 'completed'];

/** One visit of a page, as much of it as the travel needs. */
export interface PageVisit {
  readonly id: string;
  readonly carerId: string | null;
  readonly clientId: string;
  readonly status: string;
  readonly date: string;
  readonly start: Date;
}

export interface VisitTravel {
  readonly travelFromPrevious: TravelFromPreviousView | null;
  readonly tightGap: boolean;
}

const NO_TRAVEL: VisitTravel = { travelFromPrevious: null, tightGap: false };

/**
 * For each visit of a page, the estimated travel from the carer's previous visit that London day, and whether the
 * gap between the two is shorter than it. The previous visit is looked for among all the carer's visits that day,
 * not only those on the page (a filtered list still measures from where the carer really was). A handful of queries
 * for the whole page, whatever its size, run side by side: the carers' rounds on those days, the clients' places
 * (travel-places.ts, with learnt locations kept a few minutes) and the travel modes.
 */
export async function travelOfVisits(
  db: Kysely<ReadModelDatabase>,
  visits: readonly PageVisit[],
): Promise<Map<string, VisitTravel>> {
  const onRound = visits.filter((visit) => visit.carerId !== null && ON_THE_ROUND.includes(visit.status));
  const result = new Map<string, VisitTravel>(visits.map((visit) => [visit.id, NO_TRAVEL]));
  if (onRound.length === 0) return result;
  const carerIds = [...new Set(onRound.map((visit) => visit.carerId as string))];
  const dates = [...new Set(onRound.map((visit) => visit.date))];
  // The page's own clients and carers are read beside the rounds (a previous visit is nearly always with one of
  // them); only a previous visit's client not on the page is read after.
  const pageClients = [...new Set(onRound.map((visit) => visit.clientId))];
  const [rounds, pagePlaces, modes] = await Promise.all([
    roundsOf(db, carerIds, dates),
    placesOfClients(db, pageClients),
    travelModesOf(db, carerIds),
  ]);
  // Each visit's predecessor in its carer's day, in start order.
  type RoundVisit = Awaited<ReturnType<typeof roundsOf>>[number];
  const previousOf = new Map<string, RoundVisit>();
  const lastOfDay = new Map<string, RoundVisit>();
  for (const row of rounds) {
    const day = `${row.carer_id} ${row.date}`;
    const previous = lastOfDay.get(day);
    if (previous) previousOf.set(row.id, previous);
    lastOfDay.set(day, row);
  }
  const wanted = onRound.filter((visit) => previousOf.has(visit.id));
  if (wanted.length === 0) return result;
  const others = wanted.map((visit) => previousOf.get(visit.id)!.client_id).filter((id) => !pagePlaces.has(id));
  const places = others.length === 0 ? pagePlaces : new Map([...pagePlaces, ...(await placesOfClients(db, others))]);
  for (const visit of wanted) {
    const previous = previousOf.get(visit.id)!;
    // Two visits in a row at the same home are no journey.
    if (previous.client_id === visit.clientId) continue;
    const from = places.get(previous.client_id);
    const to = places.get(visit.clientId);
    if (!from || !to) continue;
    const estimate = estimateTravel(from, to, modes.get(visit.carerId as string) ?? 'car');
    if (!estimate) continue;
    const gapMinutes = Math.round((visit.start.getTime() - previous.scheduled_end.getTime()) / 60_000);
    result.set(visit.id, {
      travelFromPrevious: { ...estimate, basis: basisOf(from, to), gapMinutes },
      tightGap: gapMinutes < estimate.minutes,
    });
  }
  return result;
}

/** The carers' booked, under way and done visits on those London days, in start order. */
function roundsOf(db: Kysely<ReadModelDatabase>, carerIds: readonly string[], dates: readonly string[]) {
  return db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('appointments')
    .select(['id', 'carer_id', 'client_id', 'date', 'scheduled_start', 'scheduled_end'])
    .where('carer_id', 'in', carerIds)
    .where('date', 'in', dates)
    .where('status', 'in', ON_THE_ROUND)
    .orderBy('scheduled_start')
    .orderBy('id')
    .execute();
}

function basisOf(from: ClientPlace, to: ClientPlace): TravelBasis {
  if (!from.coordinates || !to.coordinates) return 'same postcode';
  return from.basis === 'recorded' && to.basis === 'recorded' ? 'recorded' : 'from check-ins';
}
