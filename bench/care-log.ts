import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { addDays, definitionOf, VISIT_TYPES, type DomainEvent, type NewEvent } from '@care/events';
import { appendInTransaction } from '@care/events/server';
import { metadata } from './carer-data';
import { runConcurrently } from './stats';

/** Streams per loading transaction: one commit per batch instead of per stream. */
const STREAMS_PER_TX = 500;
const LOADERS = 4;
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
  return {
    eventId: uuidv7(),
    type: event.type,
    schemaVersion: definition.schemaVersion,
    data: event.data,
    metadata: { ...meta, occurredAt: occurredAt ?? meta.occurredAt },
  };
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

/** Where visits fall: `visitsPerDay` a day from `firstDay` days after `today`, shared round the carers and clients. */
export interface VisitPlan {
  readonly carerIds: readonly string[];
  readonly clientIds: readonly string[];
  readonly today: string;
  readonly nowMs: number;
  readonly firstDay: number;
  readonly visitsPerDay: number;
}

/**
 * Visit `n`: day, carer and a non-overlapping slot derived from the index (no randomness). A past visit was
 * checked in (one in eight late, one in forty missed instead, one in thirty cancelled) and out; today's and
 * later ones are scheduled.
 */
export function visitEvents(n: number, plan: VisitPlan): NewEvent[] {
  const { carerIds, clientIds, today, nowMs, firstDay, visitsPerDay } = plan;
  const day = addDays(today, firstDay + Math.floor(n / visitsPerDay));
  const slot = n % visitsPerDay;
  const carerId = carerIds[slot % carerIds.length]!;
  const clientId = clientIds[(n * 7) % clientIds.length]!;
  // Up to 14 visits per carer per day, 65 minutes apart from 06:00 UTC.
  const startMs = Date.parse(`${day}T06:00:00Z`) + Math.floor(slot / carerIds.length) * 65 * 60_000;
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
      events.push(
        { type: 'VisitRunningLate', data: { id, detectedAt: at(16) } },
        { type: 'VisitMissed', data: { id, detectedAt: at(durationMinutes + 1) } },
      );
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
