import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appointmentStreamId, definitionOf, RULES_USER, type AppointmentEvent, type NewEvent } from '@care/events';
import { PostgresEventStore, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { AlertTaskLog } from '../../testing/alert-task-fixtures';
import { readModelChecksums } from '../../testing/read-model-checksum';
import { silentLog } from '../../testing/silent-log';
import { appointmentsProjection } from '../appointments/appointment-projection';
import { startProjector, type RunningProjector } from '../projector';
import { createReadModelDb } from '../read-model/connect';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';
import { replayInto } from '../rebuild';
import { tasksProjection } from '../tasks/task-projection';
import { alertsProjection } from './alert-projection';

/**
 * The alerts and tasks projections and the appointments' client rating, fed event by event by a live projector (tiny
 * batches), then rebuilt from zero in one go: both read models must be equal row for row
 * (docs/decisions/0013-projections-look-after-themselves.md).
 */
let database: TestDatabase;
let pool: pg.Pool;
let db: Kysely<ReadModelDatabase>;
let store: PostgresEventStore;
let projector: RunningProjector;
let log: AlertTaskLog;
const admin = randomUUID();
const carerId = randomUUID();
const coordinator = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'alert_task_projections');
  pool = createPool(database.url, { max: 6, log: silentLog });
  db = createReadModelDb(pool);
  store = await PostgresEventStore.connect(pool);
  projector = await startProjector({
    store,
    pool,
    db,
    log: silentLog,
    batchSize: 2,
    projections: [alertsProjection, tasksProjection, appointmentsProjection],
  });
  await projector.settled();
  log = new AlertTaskLog(store);
});

afterAll(async () => {
  await projector?.stop();
  await db?.destroy();
  await database?.drop();
});

const live = () => db.withSchema(READ_MODEL_SCHEMA);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute)).toISOString();

async function appendVisit(id: string, events: AppointmentEvent[]): Promise<void> {
  const existing = await store.readStream(appointmentStreamId(id));
  const stamped: NewEvent[] = events.map((event, index) => ({
    eventId: randomUUID(),
    type: event.type,
    schemaVersion: definitionOf(event.type).schemaVersion,
    data: event.data,
    metadata: { userId: admin, occurredAt: at(index), correlationId: randomUUID(), causationId: randomUUID() },
  }));
  await store.append(appointmentStreamId(id), stamped, existing.length === 0 ? 'no_stream' : existing.at(-1)!.revision);
}

const outcome = {
  checkedOutAt: at(50),
  tasksCompleted: [],
  medicationGiven: false,
  clientMood: null,
  healthObservations: null,
  notes: null,
  signature: null,
  travelTimeMinutes: null,
  mileageTenths: null,
  expensesPence: null,
  location: null,
  source: 'Mobile' as const,
  manualInputReason: null,
};

async function visitCheckedOut(clientRating: number | null | undefined, amended: boolean): Promise<string> {
  const id = randomUUID();
  const events: AppointmentEvent[] = [
    {
      type: 'AppointmentScheduled',
      data: {
        id,
        clientId: randomUUID(),
        carerId,
        seriesId: null,
        scheduledStart: at(0),
        durationMinutes: 45,
        visitType: 'personal_care',
        priority: 'normal',
        tasks: [],
        notes: null,
      },
    },
    {
      type: 'VisitCheckedIn',
      data: {
        id,
        carerId,
        checkedInAt: at(5),
        location: null,
        source: 'Mobile',
        manualInputReason: null,
        lateArrival: false,
        lateReason: null,
      },
    },
    { type: 'VisitCheckedOut', data: { id, ...outcome, ...(clientRating !== undefined && { clientRating }) } },
  ];
  await appendVisit(id, events);
  if (amended)
    await appendVisit(id, [{ type: 'VisitAmended', data: { id, changes: { notes: 'Corrected' }, reason: 'Typo' } }]);
  return id;
}

describe('the alerts, tasks and appointments projections', () => {
  it('fold each alert and task through its life, keep the client rating through an amendment, and rebuild equal to live', async () => {
    const late = await log.raise({ carerId, severity: 'high', title: 'Visit running late' }, { at: at(1) });
    await log.alert(
      late,
      { type: 'AlertAcknowledged', data: { id: late, note: 'Calling the carer' } },
      coordinator,
      at(2),
    );
    await log.alert(
      late,
      { type: 'AlertEscalated', data: { id: late, severity: 'critical', reason: 'Still nobody there' } },
      coordinator,
      at(3),
    );
    await log.alert(late, { type: 'AlertAssigned', data: { id: late, assignedTo: coordinator } }, admin, at(4));
    const task = await log.task(
      { alertId: late, title: 'Follow up: Visit running late', assignedTo: coordinator, category: 'care' },
      admin,
      at(5),
    );
    await log.alert(
      late,
      { type: 'AlertResolved', data: { id: late, by: 'system', note: 'Checked in at 09:20' } },
      RULES_USER,
      at(6),
    );

    const reopened = await log.raise(
      { rule: 'training_expired', severity: 'medium', relatedKind: 'training' },
      { at: at(7) },
    );
    await log.alert(
      reopened,
      { type: 'AlertResolved', data: { id: reopened, by: 'person', note: 'Renewed' } },
      admin,
      at(8),
    );
    await log.alert(
      reopened,
      { type: 'AlertReopened', data: { id: reopened, by: 'person', reason: 'Certificate was wrong' } },
      admin,
      at(9),
    );
    // Snoozed, its snooze ended, snoozed again: the row holds the latest snooze and the history both.
    await log.alert(
      reopened,
      { type: 'AlertSnoozed', data: { id: reopened, until: at(40), reason: 'Waiting for the certificate' } },
      coordinator,
      at(9),
    );
    await log.alert(reopened, { type: 'AlertSnoozeEnded', data: { id: reopened } }, RULES_USER, at(40));
    await log.alert(
      reopened,
      { type: 'AlertSnoozed', data: { id: reopened, until: at(50), reason: 'The trainer calls back' } },
      admin,
      at(41),
    );

    await log.taskEvent(task, { type: 'TaskStarted', data: { id: task } }, coordinator, at(10));
    await log.taskEvent(
      task,
      { type: 'TaskCompleted', data: { id: task, completedAt: at(11), notes: 'Spoke to the family' } },
      coordinator,
      at(11),
    );
    const other = await log.task({ title: 'Order gloves', category: 'administration', dueDate: at(30) }, admin, at(12));
    await log.taskEvent(
      other,
      { type: 'TaskDetailsChanged', data: { id: other, changes: { priority: 'urgent', dueDate: null } } },
      admin,
      at(13),
    );
    await log.taskEvent(other, { type: 'TaskAssigned', data: { id: other, assignedTo: coordinator } }, admin, at(14));
    await log.taskEvent(other, { type: 'TaskCancelled', data: { id: other, reason: 'Not needed' } }, admin, at(15));
    await log.taskEvent(
      other,
      { type: 'TaskReopened', data: { id: other, reason: 'Needed after all' } },
      admin,
      at(16),
    );

    const rated = await visitCheckedOut(4, true);
    const unrated = await visitCheckedOut(undefined, false);
    await projector.settled();
    await expect
      .poll(
        async () =>
          (await live().selectFrom('tasks').select('status').where('id', '=', other).executeTakeFirst())?.status,
      )
      .toBe('pending');
    // Both visits checked out (the last events appended): the projector has applied everything above.
    await expect
      .poll(async () =>
        (await live().selectFrom('appointments').select('status').where('id', 'in', [rated, unrated]).execute()).map(
          (row) => row.status,
        ),
      )
      .toEqual(['completed', 'completed']);

    const lateRow = await live().selectFrom('alerts').selectAll().where('id', '=', late).executeTakeFirstOrThrow();
    expect({
      status: lateRow.status,
      severity: lateRow.severity,
      acknowledgedBy: lateRow.acknowledged_by,
      assignedTo: lateRow.assigned_to,
      resolvedBy: lateRow.resolved_by,
      resolvedBySystem: lateRow.resolved_by_system,
      resolution: lateRow.resolution,
      taskIds: lateRow.task_ids,
      escalations: lateRow.escalations,
      revision: String(lateRow.revision),
    }).toEqual({
      status: 'resolved',
      severity: 'critical',
      acknowledgedBy: coordinator,
      assignedTo: coordinator,
      resolvedBy: RULES_USER,
      resolvedBySystem: true,
      resolution: 'Checked in at 09:20',
      taskIds: [task],
      escalations: [{ severity: 'critical', reason: 'Still nobody there', at: at(3), by: coordinator }],
      revision: '4',
    });
    const reopenedRow = await live()
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', reopened)
      .executeTakeFirstOrThrow();
    expect({
      status: reopenedRow.status,
      resolvedAt: reopenedRow.resolved_at,
      resolution: reopenedRow.resolution,
      snoozedUntil: reopenedRow.snoozed_until?.toISOString(),
      snoozedBy: reopenedRow.snoozed_by,
      snoozeReason: reopenedRow.snooze_reason,
      snoozes: reopenedRow.snoozes,
    }).toEqual({
      status: 'active',
      resolvedAt: null,
      resolution: null,
      snoozedUntil: at(50),
      snoozedBy: admin,
      snoozeReason: 'The trainer calls back',
      snoozes: [
        { until: at(40), reason: 'Waiting for the certificate', at: at(9), by: coordinator },
        { until: at(50), reason: 'The trainer calls back', at: at(41), by: admin },
      ],
    });

    const taskRows = await live().selectFrom('tasks').selectAll().orderBy('created_at').execute();
    expect(
      taskRows.map((row) => [
        row.title,
        row.status,
        row.assigned_to,
        row.assigned_by,
        row.priority,
        row.due_date,
        row.notes,
        row.alert_id,
      ]),
    ).toEqual([
      ['Follow up: Visit running late', 'completed', coordinator, admin, 'medium', null, 'Spoke to the family', late],
      ['Order gloves', 'pending', coordinator, admin, 'urgent', null, null, null],
    ]);
    const ratings = await live()
      .selectFrom('appointments')
      .select(['id', 'client_rating', 'amended'])
      .where('id', 'in', [rated, unrated])
      .execute();
    expect(Object.fromEntries(ratings.map((row) => [row.id, [row.client_rating, row.amended]]))).toEqual({
      [rated]: [4, true],
      [unrated]: [null, false],
    });

    // The dashboard's per-carer day: two completed visits, both on time, one rated 4.
    await expect
      .poll(() => live().selectFrom('appointment_day_totals').selectAll().execute())
      .toEqual([{ carer_id: carerId, date: '2026-11-02', completed: 2, on_time: 2, rated: 1, rating_sum: 4 }]);
    // A visit moved to another day takes its share with it, and the emptied day is gone (as a rebuild would have it).
    await appendVisit(unrated, [
      {
        type: 'AppointmentRescheduled',
        data: { id: unrated, scheduledStart: new Date(Date.UTC(2026, 10, 3, 9)).toISOString(), durationMinutes: 45 },
      },
    ]);
    await appendVisit(rated, [
      {
        type: 'AppointmentRescheduled',
        data: { id: rated, scheduledStart: new Date(Date.UTC(2026, 10, 3, 11)).toISOString(), durationMinutes: 45 },
      },
    ]);
    await expect
      .poll(async () =>
        (await live().selectFrom('appointment_day_totals').select(['date', 'completed', 'rated']).execute()).map(
          (row) => `${row.date} ${row.completed} ${row.rated}`,
        ),
      )
      .toEqual(['2026-11-03 2 1']);

    // The alert totals: one resolved (critical, escalated) about the carer, one active (medium) about no carer.
    const alertTotals = await live().selectFrom('alert_totals').selectAll().orderBy('status').execute();
    expect(alertTotals).toEqual([
      { carer_id: null, status: 'active', severity: 'medium', audience: 'care', grouped: false, alerts: 1 },
      { carer_id: carerId, status: 'resolved', severity: 'critical', audience: 'care', grouped: false, alerts: 1 },
    ]);

    const projections = [alertsProjection, tasksProjection, appointmentsProjection];
    await replayInto(store, db, 'verify_alerts_rebuild', projections);
    const liveSums = await readModelChecksums(db, READ_MODEL_SCHEMA, projections);
    expect(liveSums.alerts?.startsWith('2:')).toBe(true);
    expect(liveSums.tasks?.startsWith('2:')).toBe(true);
    expect(liveSums).toEqual(await readModelChecksums(db, 'verify_alerts_rebuild', projections));
  }, 60_000);
});
