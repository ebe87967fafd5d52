import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  addDays,
  appointmentStreamId,
  carerLeaveStreamId,
  carerStreamId,
  clientStreamId,
  leaveStreamId,
  londonToday,
  trainingStreamId,
  workingPatternStreamId,
  type DomainEvent,
  type NewEvent,
} from '@care/events';
import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { registered } from './carer-data';
import { clientRegistered, load, stamped, visitEvents, type Append } from './care-log';
import { runAlone } from './run-alone';
import { startServices, type Services } from './services';
import { now, percentile, round } from './stats';
import type { Row } from './table';

export interface RotaFigures {
  /** Visits on the day ranked (open ones included) and carers who might take them. */
  rotaDayVisits: number;
  rotaCarers: number;
  suggestionsP50Ms: number;
  suggestionsP99Ms: number;
  /** Median time of GET /api/rota/fill-day for the day's open visits. */
  fillDayMs: number;
  fillDayOpenVisits: number;
}

const CARERS = 300;
const CLIENTS = 500;
const VISITS_PER_DAY = 800;
/** A month of visits before the day, for continuity (who visited the client in the last 30 days). */
const HISTORY_DAYS = 30;
/** Every twentieth visit of the day has no carer: 40 open visits. */
const OPEN_EVERY = 20;
const ON_LEAVE = 10;
const ROUNDS = 5;
const WARM_UP = 10;

/** Loads the bench's day into the store and the read models; answers the day and how many of its visits are open. */
export async function loadRotaDay(
  services: Services,
  step: (message: string) => void,
): Promise<{ day: string; open: number }> {
  const today = londonToday();
  const day = addDays(today, 1);
  const nowMs = Date.now();
  const carerIds = Array.from({ length: CARERS }, () => uuidv7());
  const clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
  const people: Append[] = [
    ...carerIds.map((id, n) => ({
      streamId: carerStreamId(id),
      events: [stamped(withTravelMode(registered(id, 60_000 + n), n))],
    })),
    ...clientIds.map((id, n) => ({
      streamId: clientStreamId(id),
      events: [stamped(placed(clientRegistered(id, n), n))],
    })),
    ...carerIds.map((carerId, n) => ({
      streamId: workingPatternStreamId(carerId),
      events: [stamped(workingPattern(carerId, n))],
    })),
    ...carerIds.flatMap((carerId, n) => (n % 3 === 2 ? [] : [medicationTraining(carerId, today)])),
    ...carerIds.slice(0, ON_LEAVE).flatMap((carerId) => leaveOn(carerId, day)),
  ];
  const visits: Append[] = [];
  let open = 0;
  for (let n = 0; n < (HISTORY_DAYS + 1) * VISITS_PER_DAY; n += 1) {
    const events = visitEvents(n, {
      carerIds,
      clientIds,
      today: day,
      nowMs,
      firstDay: -HISTORY_DAYS,
      visitsPerDay: VISITS_PER_DAY,
    });
    const onTheDay = n >= HISTORY_DAYS * VISITS_PER_DAY;
    if (onTheDay && n % OPEN_EVERY === 0) {
      events[0] = { ...events[0]!, data: { ...(events[0]!.data as object), carerId: null } };
      open += 1;
    }
    visits.push({ streamId: appointmentStreamId((events[0]!.data as { id: string }).id), events });
  }
  step(`loading ${people.length} people streams and ${visits.length} visits`);
  await load(services.pool, people);
  await load(services.pool, visits);
  await services.pool.query('analyze es_events');
  step('replaying into the read models');
  await replayInto(services.store, services.db, READ_MODEL_SCHEMA);
  for (const table of ['appointments', 'carers', 'clients', 'leave_requests', 'carer_working_patterns'])
    await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, table)}`.execute(services.db);
  return { day, open };
}

/**
 * Suggested carers and Fill the day on a day of 800 visits (40 of them open) with 300 carers: each carer with a
 * working pattern and a travel mode, two in three with medication training, ten on leave that day, clients placed
 * across a town, and a month of done visits before it. The log is loaded straight into the store and replayed by
 * the projector, then read over HTTP: every open visit's suggestions five times (p50 and p99), and the day's
 * proposal (median of five).
 */
export async function measureRota(url: string, step: (message: string) => void = () => {}): Promise<RotaFigures> {
  const services = await startServices(url);
  try {
    const { day, open } = await loadRotaDay(services, step);
    const readUrl = await services.startReadApi();
    const get = async (path: string) => {
      const response = await fetch(`${readUrl}${path}`, { headers: { cookie: services.cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
      return body;
    };
    const plan = JSON.parse(await get(`/api/rota/fill-day?date=${day}`)) as {
      proposals: { appointmentId: string; proposed: unknown }[];
    };
    if (plan.proposals.length !== open)
      throw new Error(`fill-day proposed for ${plan.proposals.length} visits, expected ${open}`);
    const openIds = plan.proposals.map((proposal) => proposal.appointmentId);
    for (let i = 0; i < WARM_UP; i += 1) await get(`/api/rota/suggestions/${openIds[i % openIds.length]}`);
    const samples: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const id of openIds) {
        const begin = now();
        await get(`/api/rota/suggestions/${id}`);
        samples.push(now() - begin);
      }
    }
    const fills: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const begin = now();
      await get(`/api/rota/fill-day?date=${day}`);
      fills.push(now() - begin);
    }
    return {
      rotaDayVisits: VISITS_PER_DAY,
      rotaCarers: CARERS,
      suggestionsP50Ms: round(percentile(samples, 50), 2),
      suggestionsP99Ms: round(percentile(samples, 99), 2),
      fillDayMs: round(percentile(fills, 50), 1),
      fillDayOpenVisits: open,
    };
  } finally {
    await services.close();
  }
}

const TRAVEL_MODES_USED = ['car', 'car', 'walking', 'public_transport'] as const;
function withTravelMode(event: DomainEvent, n: number): DomainEvent {
  return { ...event, data: { ...(event.data as object), travelMode: TRAVEL_MODES_USED[n % 4] } } as DomainEvent;
}

/** Clients spread over about 10 km by 10 km of a town (Leeds), so journeys run from a few minutes to half an hour. */
function placed(event: DomainEvent, n: number): DomainEvent {
  const latitude = 53.75 + ((n * 37) % 100) * 0.0009;
  const longitude = -1.6 + ((n * 61) % 100) * 0.0015;
  return { ...event, data: { ...(event.data as object), latitude, longitude } } as DomainEvent;
}

function workingPattern(carerId: string, n: number): DomainEvent {
  const partTime = n % 4 === 3;
  return {
    type: 'WorkingPatternSet',
    data: {
      carerId,
      weekly: ([1, 2, 3, 4, 5, 6, 7] as const)
        .filter((weekday) => weekday <= (partTime ? 3 : 5) || (n % 5 === 0 && weekday === 6))
        .map((weekday) => ({ weekday, start: n % 2 === 0 ? '06:00' : '08:00', end: n % 2 === 0 ? '14:00' : '16:00' })),
      exceptions: [],
      contractedHoursPerWeek: partTime ? 20 : 37.5,
      weeklyHoursLimit: n % 50 === 0 ? 60 : 48,
      optedOutOn: n % 50 === 0 ? '2024-01-08' : null,
    },
  } as DomainEvent;
}

function medicationTraining(carerId: string, today: string): Append {
  const id = uuidv7();
  return {
    streamId: trainingStreamId(id),
    events: [
      stamped({
        type: 'TrainingRecorded',
        data: {
          id,
          carerId,
          trainingType: 'medication',
          trainingProvider: null,
          completedDate: addDays(today, -200),
          expiryDate: addDays(today, 165),
          certificateNumber: null,
          status: 'current',
          documentUrl: null,
          notes: null,
        },
      } as DomainEvent),
    ],
  };
}

function leaveOn(carerId: string, day: string): Append[] {
  const id = uuidv7();
  const period = { kind: 'annual', from: day, to: day, dayPart: 'full' } as const;
  const events: NewEvent[] = [
    stamped({
      type: 'LeaveRequested',
      data: { ...period, id, carerId, note: null, requestedByUserId: uuidv7() },
    } as DomainEvent),
    stamped({ type: 'LeaveApproved', data: { id, carerId, unassignedAppointmentIds: [] } } as DomainEvent),
  ];
  return [
    { streamId: leaveStreamId(id), events },
    {
      streamId: carerLeaveStreamId(carerId),
      events: [stamped({ type: 'CarerLeaveBooked', data: { ...period, carerId, leaveId: id } } as DomainEvent)],
    },
  ];
}

export function rotaRows(results: Record<string, number>): Row[] {
  return [
    { metric: 'suggestionsP50Ms', value: results.suggestionsP50Ms ?? Number.NaN, unit: 'ms' },
    {
      metric: 'suggestionsP99Ms',
      value: results.suggestionsP99Ms ?? Number.NaN,
      unit: 'ms',
      target: { atMost: 50 },
    },
    { metric: 'fillDayMs', value: results.fillDayMs ?? Number.NaN, unit: 'ms', target: { atMost: 3000 } },
  ];
}

if (process.argv[1]?.endsWith('rota-bench.ts')) {
  runAlone(
    [
      {
        name: 'rota',
        says: 'suggested carers and Fill the day on a day of 800 visits (40 open) and 300 carers',
        measure: async (postgres, step) => ({ ...(await measureRota(await postgres.freshDatabase('rota'), step)) }),
      },
    ],
    rotaRows,
  );
}
