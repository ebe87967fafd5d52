import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { carerStreamId, clientStreamId, londonToday } from '@care/events';
import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { familyVisits } from '../read-api/src/family/family-visit-queries';
import { registered } from './carer-data';
import { clientRegistered, load, stamped, visitEvents, type Append } from './care-log';
import { runAlone } from './run-alone';
import { startServices } from './services';
import { now, percentile, round } from './stats';
import type { Row } from './table';

export interface FamilyVisitsFigures {
  /** Visits of each client: about three a day for a year, and a month ahead. */
  familyVisitsPerClient: number;
  familyVisitsPastP50Ms: number;
  familyVisitsPastP99Ms: number;
  familyVisitsUpcomingP50Ms: number;
  familyVisitsUpcomingP99Ms: number;
}

const CARERS = 40;
const CLIENTS = 60;
const VISITS_PER_DAY = 180;
/** A year back and a month ahead. */
const FIRST_DAY = -365;
const DAYS = 395;
const WARM_UP = 20;
const REQUESTS = 300;

/**
 * The family portal's visits query (read-api/src/family/family-visit-queries.ts): a page of 20 of one client's past
 * and upcoming visits with the total, for clients with about a year of visits each (71,100 visits in all), timed as
 * the query the route runs (the scope check and the view's log are apart from it).
 */
export async function measureFamilyVisits(
  url: string,
  step: (message: string) => void = () => undefined,
): Promise<FamilyVisitsFigures> {
  const services = await startServices(url);
  try {
    const today = londonToday();
    const carerIds = Array.from({ length: CARERS }, () => uuidv7());
    const clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
    await load(services.pool, [
      ...carerIds.map((id, n) => ({ streamId: carerStreamId(id), events: [stamped(registered(id, 70_000 + n))] })),
      ...clientIds.map((id, n) => ({ streamId: clientStreamId(id), events: [stamped(clientRegistered(id, n))] })),
    ]);
    const plan = { carerIds, clientIds, today, nowMs: Date.now(), firstDay: FIRST_DAY, visitsPerDay: VISITS_PER_DAY };
    const visits: Append[] = [];
    for (let n = 0; n < VISITS_PER_DAY * DAYS; n += 1) {
      const events = visitEvents(n, plan);
      visits.push({ streamId: `appointment-${(events[0]!.data as { id: string }).id}`, events });
    }
    step(`loading ${visits.length} visits`);
    await load(services.pool, visits);
    step('replaying');
    await replayInto(services.store, services.db, READ_MODEL_SCHEMA);
    await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, 'appointments')}`.execute(services.db);
    await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, 'appointment_carer_names')}`.execute(services.db);
    const time = async (when: 'past' | 'upcoming') => {
      const samples: number[] = [];
      for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
        const started = now();
        const page = await familyVisits(services.db, clientIds[i % CLIENTS]!, when, { limit: 20, offset: 0 });
        if (page.rows.length === 0) throw new Error(`no ${when} visits`);
        if (i >= WARM_UP) samples.push(now() - started);
      }
      return { p50: round(percentile(samples, 50), 1), p99: round(percentile(samples, 99), 1) };
    };
    const past = await time('past');
    const upcoming = await time('upcoming');
    return {
      familyVisitsPerClient: Math.round((VISITS_PER_DAY * DAYS) / CLIENTS),
      familyVisitsPastP50Ms: past.p50,
      familyVisitsPastP99Ms: past.p99,
      familyVisitsUpcomingP50Ms: upcoming.p50,
      familyVisitsUpcomingP99Ms: upcoming.p99,
    };
  } finally {
    await services.close();
  }
}

export function familyVisitsRows(results: Record<string, number>): Row[] {
  return [
    { metric: 'familyVisitsPastP50Ms', value: results.familyVisitsPastP50Ms ?? Number.NaN, unit: 'ms' },
    {
      metric: 'familyVisitsPastP99Ms',
      value: results.familyVisitsPastP99Ms ?? Number.NaN,
      unit: 'ms',
      target: { atMost: 20 },
    },
    { metric: 'familyVisitsUpcomingP50Ms', value: results.familyVisitsUpcomingP50Ms ?? Number.NaN, unit: 'ms' },
    {
      metric: 'familyVisitsUpcomingP99Ms',
      value: results.familyVisitsUpcomingP99Ms ?? Number.NaN,
      unit: 'ms',
      target: { atMost: 20 },
    },
  ];
}

if (process.argv[1]?.endsWith('family-visits-bench.ts')) {
  runAlone(
    [
      {
        name: 'family-visits',
        says: "the family portal's visits of one client with a year of visits (60 clients, 71,100 visits)",
        measure: async (postgres, step) => ({
          ...(await measureFamilyVisits(await postgres.freshDatabase('family_visits'), step)),
        }),
      },
    ],
    familyVisitsRows,
  );
}
