import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appointmentStreamId, type EventStore } from '@care/events';
import { createLogger } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { createReadModelDb, READ_MODEL_SCHEMA, startProjector, type RunningProjector } from '@care/projector';
import { startCommandApiOn, type RunningCommandApi } from '@care/command-api/testing';
import { runVisitTimelinessOnce, VISIT_TIMELINESS_USER } from './visit-timeliness-policy';

/** The policy against the projector's own appointments table (a real projector follows the log). */
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let api: RunningCommandApi;
let projector: RunningProjector | undefined;
let carerId: string;
let clientId: string;

const MINUTE = 60_000;
const deps = (store: EventStore = api.store) => ({ store, pool, logger: log });
const grace = { lateGraceMinutes: 15 };
const typesOf = async (id: string) => (await api.store.readStream(appointmentStreamId(id))).map((event) => event.type);

async function created(method: string, path: string, body: unknown): Promise<string> {
  const reply = await api.request(method, path, body);
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

const newCarer = () =>
  created('POST', '/api/carers', {
    firstName: 'Nadia',
    lastName: 'Hussain',
    email: 'nadia@example.org',
    employeeId: `EMP-${randomUUID().slice(0, 8)}`,
    startDate: '2024-03-01',
  });

/** A visit of an hour (each test books its own carer, so the tests' visits never clash). */
const scheduleVisit = (start: Date) =>
  created('POST', '/api/appointments', {
    clientId,
    carerId,
    scheduledStart: start.toISOString(),
    durationMinutes: 60,
    tasks: ['Wash'],
  });

/** Waits until the projector's row of the visit says what the test needs. */
async function projected(id: string, expected: { status: string; running_late?: boolean }) {
  const db = createReadModelDb(pool);
  await expect
    .poll(async () =>
      db
        .withSchema(READ_MODEL_SCHEMA)
        .selectFrom('appointments')
        .select(['status', 'running_late'])
        .where('id', '=', id)
        .executeTakeFirst(),
    )
    .toMatchObject(expected);
}

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'visit_timeliness');
  pool = new pg.Pool({ connectionString: database.url, max: 10 });
  api = await startCommandApiOn(database.url);
  clientId = await created('POST', '/api/clients', {
    clientId: `CL-${randomUUID().slice(0, 8)}`,
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
});
afterAll(async () => {
  await projector?.stop();
  await api?.close();
  await pool?.end();
  await database?.drop();
});

describe('the visit timeliness policy on the projector’s read model', () => {
  it('does nothing before the projector has created its tables', async () => {
    expect(await runVisitTimelinessOnce(deps(), grace)).toEqual({ late: 0, missed: 0, failed: 0 });
    projector = await startProjector({ store: api.store, pool, db: createReadModelDb(pool), log });
    await projector.settled();
  });

  it('raises running late and then missed, each exactly once, as the policy user', async () => {
    carerId = await newCarer();
    const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 5 * 60 * MINUTE);
    const late = await scheduleVisit(start);
    const later = await scheduleVisit(new Date(start.getTime() + 90 * MINUTE));
    await projected(later, { status: 'scheduled' });

    const afterGrace = new Date(start.getTime() + 20 * MINUTE);
    expect(await runVisitTimelinessOnce(deps(), grace, afterGrace)).toEqual({ late: 1, missed: 0, failed: 0 });
    // Before the projector has caught up, the visit's own stream refuses to raise it twice.
    expect(await runVisitTimelinessOnce(deps(), grace, afterGrace)).toEqual({ late: 0, missed: 0, failed: 0 });
    await projected(late, { status: 'scheduled', running_late: true });
    expect(await runVisitTimelinessOnce(deps(), grace, afterGrace)).toEqual({ late: 0, missed: 0, failed: 0 });

    const afterEnd = new Date(start.getTime() + 60 * MINUTE);
    expect(await runVisitTimelinessOnce(deps(), grace, afterEnd)).toEqual({ late: 0, missed: 1, failed: 0 });
    await projected(late, { status: 'missed' });
    expect(await runVisitTimelinessOnce(deps(), grace, afterEnd)).toEqual({ late: 0, missed: 0, failed: 0 });

    const events = await api.store.readStream(appointmentStreamId(late));
    expect(events.map((event) => event.type)).toEqual(['AppointmentScheduled', 'VisitRunningLate', 'VisitMissed']);
    expect(events[1]).toMatchObject({
      data: { detectedAt: afterGrace.toISOString() },
      metadata: { userId: VISIT_TIMELINESS_USER },
    });
    expect(await typesOf(later)).toEqual(['AppointmentScheduled']);
  });

  it('never marks missed a visit checked in while it decides: the check-in wins the race', async () => {
    carerId = await newCarer();
    const start = new Date(Date.now() - 3 * 60 * MINUTE);
    const id = await scheduleVisit(start);
    await projected(id, { status: 'scheduled' });

    // Hold the policy right after it has read the visit's stream, until the check-in has been appended.
    let checkIn: Promise<{ status: number; text: string }> | undefined;
    const racing: EventStore = Object.create(api.store, {
      readStream: {
        value: async (streamId: string) => {
          const events = await api.store.readStream(streamId);
          if (streamId === appointmentStreamId(id)) {
            checkIn = api.request('POST', `/api/appointments/${id}/check-in`, { source: 'Computer' });
            expect((await checkIn).status).toBe(200);
          }
          return events;
        },
      },
    });
    const run = await runVisitTimelinessOnce(deps(racing), grace, new Date());
    expect(checkIn).toBeDefined();
    // Its append met the check-in's revision and was refused: that visit is the one failure of the run.
    expect(run.failed).toBe(1);
    expect(await typesOf(id)).toEqual(['AppointmentScheduled', 'VisitCheckedIn']);
    await projected(id, { status: 'in_progress' });
    expect(await runVisitTimelinessOnce(deps(), grace, new Date())).toMatchObject({ failed: 0 });
    expect(await typesOf(id)).toEqual(['AppointmentScheduled', 'VisitCheckedIn']);
  });

  it('run side by side with check-ins of ten overdue visits, leaves no visit missed after its check-in', async () => {
    carerId = await newCarer();
    const base = Date.now() - 2 * 60 * MINUTE;
    const ids: string[] = [];
    for (let index = 0; index < 10; index += 1) ids.push(await scheduleVisit(new Date(base - index * 61 * MINUTE)));
    await projected(ids.at(-1)!, { status: 'scheduled' });
    // A check-in that read the visit before the policy appended is refused as stale (409) and sent again, as
    // the screen does after reloading.
    const checkIn = async (id: string) => {
      const first = await api.request('POST', `/api/appointments/${id}/check-in`, { source: 'Computer' });
      return first.status === 409
        ? api.request('POST', `/api/appointments/${id}/check-in`, { source: 'Computer' })
        : first;
    };
    const replies = await Promise.all([runVisitTimelinessOnce(deps(), grace, new Date()), ...ids.map(checkIn)]);
    for (const [index, id] of ids.entries()) {
      const reply = replies[index + 1] as { status: number; text: string };
      expect(reply.status, reply.text).toBe(200);
      const types = await typesOf(id);
      // Either the policy came first (missed, then the check-in still accepted) or the check-in did (no missed).
      expect([
        ['AppointmentScheduled', 'VisitCheckedIn'],
        ['AppointmentScheduled', 'VisitMissed', 'VisitCheckedIn'],
      ]).toContainEqual(types);
    }
    for (const id of ids) await projected(id, { status: 'in_progress' });
  });
});
