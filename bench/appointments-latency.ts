import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  addDays,
  appointmentStreamId,
  carerStreamId,
  clientStreamId,
  londonToday,
  shiftStreamId,
  type DomainEvent,
} from '@care/events';
import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { registered } from './carer-data';
import { clientRegistered, load, stamped, visitEvents, type Append } from './care-log';
import { now, percentile, round } from './stats';
import { startServices } from './services';

export interface AppointmentLatencyFigures {
  /** Visits in the store (each an AppointmentScheduled, past ones also checked in and out). */
  appointmentVisits: number;
  /** Events the projector replayed (carers, clients, shifts and visits) and how fast. */
  appointmentEvents: number;
  appointmentsCatchUpPerSec: number;
  appointmentsDayP50Ms: number;
  appointmentsDayP99Ms: number;
  monitoring30dP50Ms: number;
  monitoring30dP99Ms: number;
}

const VISITS = 100_000;
const CARERS = 60;
const CLIENTS = 400;
/** About 4 months: 90 days back, 30 ahead. */
const FIRST_DAY = -90;
const DAYS = 120;
const VISITS_PER_DAY = Math.ceil(VISITS / DAYS);
const WARM_UP = 10;
const REQUESTS = 200;

/**
 * (f) GET /api/appointments for one whole day (all ~830 visits, limit=1000) and GET /api/monitoring?range=30d
 * (the first page of 25 and the total of ~25,000 records) at 100,000 visits in the store, with 60 carers, 400
 * clients and a rota shift per carer per day (the outside-shift flag is computed per visit). The log is loaded
 * straight into the store, replayed by the projector (its speed is reported too), then read over HTTP.
 */
export async function measureAppointmentLatency(url: string): Promise<AppointmentLatencyFigures> {
  const services = await startServices(url);
  try {
    const today = londonToday();
    const nowMs = Date.now();
    const carerIds = Array.from({ length: CARERS }, () => uuidv7());
    const clientIds = Array.from({ length: CLIENTS }, () => uuidv7());
    const people: Append[] = [
      ...carerIds.map((id, n) => ({ streamId: carerStreamId(id), events: [stamped(registered(id, 50_000 + n))] })),
      ...clientIds.map((id, n) => ({ streamId: clientStreamId(id), events: [stamped(clientRegistered(id, n))] })),
    ];
    const shifts: Append[] = [];
    for (let day = 0; day < DAYS; day += 1) {
      const date = addDays(today, FIRST_DAY + day);
      for (const carerId of carerIds) {
        const id = uuidv7();
        const shift: DomainEvent = {
          type: 'ShiftPlanned',
          data: {
            id,
            carerId,
            shiftType: 'full_day',
            startTime: `${date}T05:30:00Z`,
            endTime: `${date}T22:00:00Z`,
            breakMinutes: 30,
            location: 'Leeds North',
            status: 'confirmed',
            notes: null,
          },
        };
        shifts.push({ streamId: shiftStreamId(id), events: [stamped(shift)] });
      }
    }
    const visits: Append[] = [];
    for (let n = 0; n < VISITS; n += 1) {
      const events = visitEvents(n, {
        carerIds,
        clientIds,
        today,
        nowMs,
        firstDay: FIRST_DAY,
        visitsPerDay: VISITS_PER_DAY,
      });
      visits.push({ streamId: appointmentStreamId((events[0]!.data as { id: string }).id), events });
    }
    await load(services.pool, people);
    await load(services.pool, shifts);
    await load(services.pool, visits);
    await services.pool.query('analyze es_events');

    const started = now();
    const events = await replayInto(services.store, services.db, READ_MODEL_SCHEMA);
    const seconds = (now() - started) / 1000;
    // Statistics and the visibility map, as autovacuum would have them on a server that ran a while.
    await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, 'appointments')}`.execute(services.db);
    await sql`vacuum analyze ${sql.id(READ_MODEL_SCHEMA, 'shifts')}`.execute(services.db);

    const readUrl = await services.startReadApi();
    const get = async (path: string) => {
      const response = await fetch(`${readUrl}${path}`, { headers: { cookie: services.cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body}`);
      return body;
    };
    const sample = async (path: string) => {
      for (let i = 0; i < WARM_UP; i += 1) await get(path);
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const begin = now();
        await get(path);
        samples.push(now() - begin);
      }
      return { p50: round(percentile(samples, 50), 2), p99: round(percentile(samples, 99), 2) };
    };

    // Yesterday: a full day of completed visits, the heaviest rows.
    const dayPath = `/api/appointments?date=${addDays(today, -1)}&limit=1000`;
    const dayCount = (JSON.parse(await get(dayPath)) as unknown[]).length;
    if (dayCount < VISITS_PER_DAY - 1)
      throw new Error(`GET ${dayPath} returned ${dayCount} visits, expected about ${VISITS_PER_DAY}`);
    const monitoringPath = '/api/monitoring?range=30d';
    const monitoring = JSON.parse(await get(monitoringPath)) as { records: unknown[]; total: number };
    if (monitoring.records.length !== 25 || monitoring.total < 29 * VISITS_PER_DAY) {
      throw new Error(`GET ${monitoringPath} returned ${monitoring.records.length} records of ${monitoring.total}`);
    }
    const day = await sample(dayPath);
    const thirtyDays = await sample(monitoringPath);
    return {
      appointmentVisits: VISITS,
      appointmentEvents: events,
      appointmentsCatchUpPerSec: Math.round(events / seconds),
      appointmentsDayP50Ms: day.p50,
      appointmentsDayP99Ms: day.p99,
      monitoring30dP50Ms: thirtyDays.p50,
      monitoring30dP99Ms: thirtyDays.p99,
    };
  } finally {
    await services.close();
  }
}
