import pg from 'pg';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  addDays,
  appointmentStreamId,
  carerStreamId,
  clientStreamId,
  definitionOf,
  londonToday,
  shiftStreamId,
  VISIT_TYPES,
  type DomainEvent,
  type NewEvent,
} from '@care/events';
import { appendInTransaction } from '@care/events/server';
import { READ_MODEL_SCHEMA, replayInto } from '@care/projector';
import { metadata, registered } from './carer-data';
import { now, percentile, round, runConcurrently } from './stats';
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
/** Streams per loading transaction: one commit per batch instead of per stream. */
const STREAMS_PER_TX = 500;
const LOADERS = 4;
const WARM_UP = 10;
const REQUESTS = 200;
const TASKS = ['Breakfast', 'Medication prompt', 'Wash and dress', 'Hot drink', 'Tidy kitchen', 'Check fluids'];

/** Stamped like the command API stamps events; each type's data is validated once against its schema. */
const validated = new Set<string>();
export function stamped(event: DomainEvent, occurredAt?: string): NewEvent {
  const definition = definitionOf(event.type);
  if (!validated.has(event.type)) {
    definition.schema.parse(event.data);
    validated.add(event.type);
  }
  const meta = metadata();
  return { eventId: uuidv7(), type: event.type, schemaVersion: definition.schemaVersion, data: event.data, metadata: { ...meta, occurredAt: occurredAt ?? meta.occurredAt } };
}

export interface Append {
  readonly streamId: string;
  readonly events: NewEvent[];
}

export function clientRegistered(id: string, n: number): DomainEvent {
  return {
    type: 'ClientRegistered',
    data: {
      id,
      clientId: `CL-${String(n).padStart(5, '0')}`,
      firstName: ['Margaret', 'Arthur', 'Dorothy', 'Kenneth', 'Joan', 'Ronald'][n % 6]!,
      lastName: ['Smith', 'Jones', 'Patel', 'Green', 'Khan', 'Walker', 'Hughes'][n % 7]!,
      dateOfBirth: `19${30 + (n % 30)}-0${1 + (n % 9)}-1${n % 10}`,
      address: `${1 + (n % 150)} Mill Lane, Leeds LS${1 + (n % 28)}`,
      phoneNumber: null,
      emergencyContact: 'Susan Smith',
      emergencyPhone: '07700 900123',
      medicalConditions: ['Type 2 diabetes'],
      medications: ['Metformin 500 mg twice daily'],
      allergies: [],
      careLevel: 'medium',
      mobilityLevel: null,
      cognitiveLevel: null,
      riskAssessment: null,
      careInstructions: 'Prompt medication from the blister pack.',
      keyworkerCarerId: null,
      preferredCarers: [],
      isActive: true,
    },
  };
}

/**
 * Visit `n`: day, carer and a non-overlapping slot derived from the index (no randomness). A past visit was
 * checked in (one in eight late, one in forty missed instead, one in thirty cancelled) and out; today's and
 * later ones are scheduled.
 */
function visitEvents(n: number, carerIds: readonly string[], clientIds: readonly string[], today: string, nowMs: number): NewEvent[] {
  const day = addDays(today, FIRST_DAY + Math.floor(n / VISITS_PER_DAY));
  const slot = n % VISITS_PER_DAY;
  const carerId = carerIds[slot % CARERS]!;
  const clientId = clientIds[(n * 7) % CLIENTS]!;
  // 14 visits per carer per day, 65 minutes apart from 06:00 UTC.
  const startMs = Date.parse(`${day}T06:00:00Z`) + Math.floor(slot / CARERS) * 65 * 60_000;
  const durationMinutes = [30, 45, 60][n % 3]!;
  const id = uuidv7();
  const at = (offsetMinutes: number) => new Date(startMs + offsetMinutes * 60_000).toISOString();
  const events: DomainEvent[] = [
    {
      type: 'AppointmentScheduled',
      data: {
        id,
        clientId,
        carerId,
        seriesId: null,
        scheduledStart: at(0),
        durationMinutes,
        visitType: VISIT_TYPES[n % VISIT_TYPES.length]!,
        priority: n % 10 === 0 ? 'high' : 'normal',
        tasks: [TASKS[n % TASKS.length]!, TASKS[(n + 2) % TASKS.length]!, TASKS[(n + 4) % TASKS.length]!],
        notes: n % 4 === 0 ? 'Key safe by the back door.' : null,
      },
    },
  ];
  const endMs = startMs + durationMinutes * 60_000;
  if (endMs < nowMs) {
    if (n % 30 === 0) {
      events.push({ type: 'AppointmentCancelled', data: { id, reason: 'Client in hospital' } });
    } else if (n % 40 === 1) {
      events.push({ type: 'VisitRunningLate', data: { id, detectedAt: at(16) } }, { type: 'VisitMissed', data: { id, detectedAt: at(durationMinutes + 1) } });
    } else {
      const lateBy = n % 8 === 0 ? 25 : (n % 11) - 5;
      events.push(
        {
          type: 'VisitCheckedIn',
          data: {
            id,
            carerId,
            checkedInAt: at(lateBy),
            location: { latitude: 53.8, longitude: -1.55, accuracy: 15, address: null },
            source: 'Mobile',
            manualInputReason: null,
            lateArrival: lateBy > 15,
            lateReason: lateBy > 15 ? 'Previous visit overran' : null,
          },
        },
        {
          type: 'VisitCheckedOut',
          data: {
            id,
            checkedOutAt: at(lateBy + durationMinutes),
            tasksCompleted: [TASKS[n % TASKS.length]!, TASKS[(n + 2) % TASKS.length]!],
            medicationGiven: n % 3 === 0,
            clientMood: 'content',
            healthObservations: null,
            notes: 'All tasks done; client in good spirits.',
            signature: null,
            travelTimeMinutes: 10 + (n % 20),
            mileageTenths: 20 + (n % 60),
            expensesPence: null,
            location: null,
            source: 'Mobile',
            manualInputReason: null,
          },
        },
      );
    }
  }
  return events.map((event) => stamped(event));
}

/** Loads through the store's own append (same revision claims and rows), many streams per transaction. Not measured. */
export async function load(pool: pg.Pool, appends: readonly Append[]): Promise<void> {
  const batches = Math.ceil(appends.length / STREAMS_PER_TX);
  await runConcurrently(batches, LOADERS, async (b) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const append of appends.slice(b * STREAMS_PER_TX, (b + 1) * STREAMS_PER_TX)) {
        await appendInTransaction(client, append.streamId, append.events, 'no_stream');
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  });
}

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
      const events = visitEvents(n, carerIds, clientIds, today, nowMs);
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
    if (dayCount < VISITS_PER_DAY - 1) throw new Error(`GET ${dayPath} returned ${dayCount} visits, expected about ${VISITS_PER_DAY}`);
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
