import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  appointmentStreamId,
  averageDuration,
  completionRate,
  definitionOf,
  meanRating,
  percentOf,
  punctualityRate,
  type AppointmentEvent,
  type NewEvent,
  type ReportScope,
} from '@care/events';
import { createPool, PostgresEventStore } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import {
  createReadModelDb,
  projections,
  READ_MODEL_SCHEMA,
  replayInto,
  startProjector,
  type ReadModelDatabase,
  type RunningProjector,
} from '@care/projector';
import { createLogger } from '@care/events/server';
import { readModelChecksums, registerCarer } from '@care/projector/testing';
import { ReportQueries } from './report-queries';

/**
 * Property: for any visit history, the reports projection's figures equal a direct count over the visits (the
 * appointments projection's rows, one per visit) for the same range and carer. Histories are random sequences of
 * every appointment event, valid or not for the command side (both projections fold whatever the log holds), fed to a
 * projector in batches of 3 so a visit's events straddle batches. Each run has its own dates, so runs do not mix.
 */
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<ReadModelDatabase>;
let store: PostgresEventStore;
let projector: RunningProjector;
let queries: ReportQueries;
const admin = randomUUID();
let run = 0;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'report_figures_property');
  pool = createPool(database.url, { max: 6, log });
  db = createReadModelDb(pool);
  store = await PostgresEventStore.connect(pool);
  const used = projections.filter((projection) => ['appointments', 'reports', 'alerts'].includes(projection.name));
  projector = await startProjector({ store, pool, db, log, batchSize: 3, projections: used });
  await projector.settled();
  queries = new ReportQueries(db);
});

afterAll(async () => {
  await projector?.stop();
  await db?.destroy();
  await database?.drop();
});

const TASKS = ['wash', 'meds', 'lunch', 'walk'] as const;
type Op =
  | { kind: 'assign'; carer: number }
  | { kind: 'unassign' }
  | { kind: 'reschedule'; day: number; duration: number }
  | { kind: 'tasks'; tasks: string[] }
  | { kind: 'cancel' }
  | { kind: 'noShow' }
  | { kind: 'missed' }
  | { kind: 'checkIn'; carer: number; offset: number }
  | { kind: 'checkOut'; done: string[]; notes: string | null; signature: boolean; rating: number | null }
  | { kind: 'amend'; offset: number | null; notes: string | null | undefined; done: string[] | undefined };

const tasks = fc.subarray([...TASKS]);
const carer = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('assign' as const), carer }),
  fc.constant({ kind: 'unassign' as const }),
  fc.record({
    kind: fc.constant('reschedule' as const),
    day: fc.integer({ min: 0, max: 13 }),
    duration: fc.constantFrom(30, 45, 60, 90),
  }),
  fc.record({ kind: fc.constant('tasks' as const), tasks }),
  fc.constant({ kind: 'cancel' as const }),
  fc.constant({ kind: 'noShow' as const }),
  fc.constant({ kind: 'missed' as const }),
  fc.record({ kind: fc.constant('checkIn' as const), carer, offset: fc.integer({ min: -40, max: 40 }) }),
  fc.record({
    kind: fc.constant('checkOut' as const),
    done: tasks,
    notes: fc.constantFrom(null, '', '  ', 'All well'),
    signature: fc.boolean(),
    rating: fc.option(fc.integer({ min: 1, max: 5 })),
  }),
  fc.record({
    kind: fc.constant('amend' as const),
    offset: fc.option(fc.integer({ min: -40, max: 40 })),
    notes: fc.constantFrom(undefined, null, 'Corrected'),
    done: fc.option(tasks, { nil: undefined }),
  }),
);
const visit = fc.record({
  day: fc.integer({ min: 0, max: 13 }),
  hour: fc.integer({ min: 6, max: 20 }),
  duration: fc.constantFrom(30, 45, 60, 90),
  carer: fc.option(carer),
  tasks,
  ops: fc.array(op, { maxLength: 5 }),
});
const history = fc.record({
  visits: fc.array(visit, { minLength: 1, maxLength: 15 }),
  from: fc.integer({ min: 0, max: 13 }),
  length: fc.integer({ min: 0, max: 13 }),
});

type VisitPlan = typeof visit extends fc.Arbitrary<infer V> ? V : never;

function eventsOf(id: string, base: string, carers: readonly string[], plan: VisitPlan): AppointmentEvent[] {
  const instant = (day: number, hour: number, minutes = 0) =>
    new Date(
      Date.parse(`${addDays(base, day)}T${String(hour).padStart(2, '0')}:00:00Z`) + minutes * 60_000,
    ).toISOString();
  let start = instant(plan.day, plan.hour);
  const events: AppointmentEvent[] = [
    {
      type: 'AppointmentScheduled',
      data: {
        id,
        clientId: randomUUID(),
        carerId: plan.carer === null ? null : carers[plan.carer]!,
        seriesId: null,
        scheduledStart: start,
        durationMinutes: plan.duration,
        visitType: 'personal_care',
        priority: 'normal',
        tasks: plan.tasks,
        notes: null,
      },
    },
  ];
  let current = plan.carer === null ? null : carers[plan.carer]!;
  const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
  for (const step of plan.ops) {
    switch (step.kind) {
      case 'assign':
        events.push({
          type: 'AppointmentCarerAssigned',
          data: { id, carerId: carers[step.carer]!, previousCarerId: current },
        });
        current = carers[step.carer]!;
        break;
      case 'unassign':
        if (current === null) break;
        events.push({ type: 'AppointmentCarerUnassigned', data: { id, previousCarerId: current } });
        current = null;
        break;
      case 'reschedule':
        start = instant(step.day, plan.hour);
        events.push({
          type: 'AppointmentRescheduled',
          data: { id, scheduledStart: start, durationMinutes: step.duration },
        });
        break;
      case 'tasks':
        events.push({ type: 'AppointmentDetailsChanged', data: { id, changes: { tasks: step.tasks } } });
        break;
      case 'cancel':
        events.push({ type: 'AppointmentCancelled', data: { id, reason: 'Client in hospital' } });
        break;
      case 'noShow':
        events.push({ type: 'AppointmentNoShowRecorded', data: { id, reason: null } });
        break;
      case 'missed':
        events.push({ type: 'VisitMissed', data: { id, detectedAt: at(120) } });
        break;
      case 'checkIn':
        current = carers[step.carer]!;
        events.push({
          type: 'VisitCheckedIn',
          data: {
            id,
            carerId: current,
            checkedInAt: at(step.offset),
            location: null,
            source: 'Mobile',
            manualInputReason: null,
            lateArrival: step.offset > 15,
            lateReason: null,
          },
        });
        break;
      case 'checkOut':
        events.push({
          type: 'VisitCheckedOut',
          data: {
            id,
            checkedOutAt: at(60),
            tasksCompleted: step.done,
            medicationGiven: false,
            clientMood: null,
            healthObservations: null,
            notes: step.notes,
            signature: step.signature ? 'data:image/png;base64,iVBORw0KGgo=' : null,
            travelTimeMinutes: null,
            mileageTenths: null,
            expensesPence: null,
            location: null,
            source: 'Mobile',
            manualInputReason: null,
            clientRating: step.rating,
          },
        });
        break;
      case 'amend':
        events.push({
          type: 'VisitAmended',
          data: {
            id,
            changes: {
              ...(step.offset !== null && { checkedInAt: at(step.offset) }),
              ...(step.notes !== undefined && { notes: step.notes }),
              ...(step.done !== undefined && { tasksCompleted: step.done }),
            },
            reason: 'Corrected',
          },
        });
        break;
    }
  }
  return events;
}

async function append(id: string, events: readonly AppointmentEvent[]): Promise<void> {
  const correlationId = randomUUID();
  const stamped: NewEvent[] = events.map((event) => ({
    eventId: randomUUID(),
    type: event.type,
    schemaVersion: definitionOf(event.type).schemaVersion,
    data: event.data,
    metadata: { userId: admin, occurredAt: new Date().toISOString(), correlationId, causationId: correlationId },
  }));
  // A visit's events in two appends, so a batch can end between them.
  const cut = Math.ceil(stamped.length / 2);
  const first = await store.append(appointmentStreamId(id), stamped.slice(0, cut), 'no_stream');
  if (cut < stamped.length) await store.append(appointmentStreamId(id), stamped.slice(cut), first.nextExpectedRevision);
}

/** The figures counted straight from the visits (the appointments projection's rows). */
async function directCount(scope: ReportScope) {
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('appointments')
    .select([
      'status',
      'punctuality',
      'duration_minutes',
      'tasks',
      'tasks_completed',
      'visit_notes',
      'signature',
      'client_rating',
      'carer_id',
    ])
    .where('date', '>=', scope.from)
    .where('date', '<=', scope.to)
    .$if(scope.carerId !== null, (query) => query.where('carer_id', '=', scope.carerId!))
    .execute();
  const completed = rows.filter((row) => row.status === 'completed');
  const onTime = completed.filter((row) => row.punctuality === 'On Time' || row.punctuality === 'Early').length;
  const planned = completed.reduce((sum, row) => sum + new Set(row.tasks).size, 0);
  const done = completed.reduce(
    (sum, row) => sum + new Set(row.tasks_completed.filter((task) => row.tasks.includes(task))).size,
    0,
  );
  const documented = completed.filter(
    (row) => (row.visit_notes ?? '').trim() !== '' && (row.signature ?? '').trim() !== '',
  ).length;
  const rated = completed.filter((row) => row.client_rating !== null);
  return {
    total: rows.length,
    completed: completed.length,
    onTime,
    completionRate: completionRate(completed.length, rows.length),
    punctualityRate: punctualityRate(onTime, completed.length),
    averageDuration: averageDuration(
      completed.reduce((sum, row) => sum + row.duration_minutes, 0),
      completed.length,
    ),
    tasks: percentOf(done, planned),
    documentation: percentOf(documented, completed.length),
    satisfaction: meanRating(
      rated.reduce((sum, row) => sum + row.client_rating!, 0),
      rated.length,
    ),
  };
}

async function caughtUp(markerId: string): Promise<void> {
  await expect
    .poll(async () => {
      const [visit, fact] = await Promise.all([
        db
          .withSchema(READ_MODEL_SCHEMA)
          .selectFrom('appointments')
          .select('id')
          .where('id', '=', markerId)
          .executeTakeFirst(),
        db
          .withSchema(READ_MODEL_SCHEMA)
          .selectFrom('report_visits')
          .select('id')
          .where('id', '=', markerId)
          .executeTakeFirst(),
      ]);
      return visit !== undefined && fact !== undefined;
    })
    .toBe(true);
}

describe('the reports projection', () => {
  it('gives the same figures as a direct count over the visits, for any history, range and carer', async () => {
    await fc.assert(
      fc.asyncProperty(history, async ({ visits, from, length }) => {
        // 20 days apart per run, so each run's dates hold only its own visits.
        const base = addDays('2027-01-04', 20 * run++);
        const carers = [
          await registerCarer(store, 'Ann'),
          await registerCarer(store, 'Bea'),
          await registerCarer(store, 'Cat'),
        ];
        for (const plan of visits) {
          const id = randomUUID();
          await append(id, eventsOf(id, base, carers, plan));
        }
        const marker = randomUUID();
        await append(marker, [
          {
            type: 'AppointmentScheduled',
            data: {
              id: marker,
              clientId: randomUUID(),
              carerId: null,
              seriesId: null,
              scheduledStart: '2099-01-01T10:00:00Z',
              durationMinutes: 30,
              visitType: 'personal_care',
              priority: 'normal',
              tasks: [],
              notes: null,
            },
          },
        ]);
        await caughtUp(marker);
        const range = { from: addDays(base, from), to: addDays(base, Math.min(13, from + length)) };
        for (const carerId of [null, ...carers]) {
          const scope: ReportScope = { ...range, region: null, carerId };
          const expected = await directCount(scope);
          const [overview, quality, performance] = await Promise.all([
            queries.overview(scope),
            queries.quality(scope),
            queries.performance(scope),
          ]);
          const metric = (key: string) => quality.metrics.find((item) => item.key === key)!.value;
          expect({
            total: overview.totalAppointments,
            completed: overview.completed,
            onTime: overview.onTime,
            completionRate: overview.completionRate,
            punctualityRate: overview.punctualityRate,
            tasks: metric('tasks'),
            documentation: metric('documentation'),
            satisfaction: metric('satisfaction'),
          }).toEqual({
            total: expected.total,
            completed: expected.completed,
            onTime: expected.onTime,
            completionRate: expected.completionRate,
            punctualityRate: expected.punctualityRate,
            tasks: expected.tasks,
            documentation: expected.documentation,
            satisfaction: expected.satisfaction,
          });
          if (carerId === null) continue;
          const row = performance.rankings.find((ranking) => ranking.carerId === carerId);
          if (expected.total === 0) expect(row).toBeUndefined();
          else
            expect(row).toMatchObject({
              total: expected.total,
              completed: expected.completed,
              averageDurationMinutes: expected.averageDuration,
              punctualityRate: expected.punctualityRate,
            });
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);

  it('rebuilt from zero equals what it built live, batch by batch', async () => {
    const reports = projections.filter((projection) => projection.name === 'reports');
    await replayInto(store, db, 'verify_reports_rebuild', reports);
    expect(await readModelChecksums(db, READ_MODEL_SCHEMA, reports)).toEqual(
      await readModelChecksums(db, 'verify_reports_rebuild', reports),
    );
  });
});
