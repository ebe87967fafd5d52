import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { ApiReply, Requester, TestUser } from '@care/command-api/testing';
import {
  addDays,
  comparePositions,
  dosesBetween,
  londonClock,
  londonToday,
  positionFromToken,
  positionToToken,
  type Position,
} from '@care/events';
import { READ_MODEL_SCHEMA, startProjector } from '@care/projector';
import { runAlone } from './run-alone';
import { silentLog, startServices, type Services } from './services';
import { now, percentile, round } from './stats';
import type { Row } from './table';

/**
 * The carer app's offline writes (docs/decisions/0025-idempotent-writes.md): a write made without signal waits in
 * the phone's outbox and is sent later, one at a time and in order, with an Idempotency-Key made on the phone, the
 * phone's time (Captured-At) and its id (Device-Id). Two figures: a repeat answered from its key, and a day's outbox
 * sent at once when the signal returns.
 */
export interface IdempotentReplayFigures {
  idempotentReplayP50Ms: number;
  idempotentReplayP99Ms: number;
}

export interface OfflineSyncFigures {
  offlineSyncMs: number;
  offlineSyncRecords: number;
}

const REPLAYS = 200;
/** Keyed writes and their repeats first, untimed, so the figures are the steady state. */
const REPLAY_WARM_UP = 20;
const VISITS = 20;
const CLIENTS = 10;
/** Scheduled medicines per client, each due at both of the client's visits; one when-required medicine besides. */
const SCHEDULED_MEDICINES = 5;
/** Check-in, five scheduled doses, a when-required dose, two diary notes, check-out. */
const RECORDS_PER_VISIT = 10;
/** A visit every 20 minutes (15 minutes with the client, 5 on the road), the last one ending 10 minutes ago. */
const SLOT_MINUTES = 20;
const VISIT_MINUTES = 15;
const PROJECTED_TIMEOUT_MS = 60_000;
const DEVICE_ID = randomUUID();
const MINUTE = 60_000;

const TASKS = ['Personal care', 'Prepare breakfast', 'Medication prompt', 'Tidy kitchen'];
const SCHEDULED_NAMES = ['Amlodipine', 'Metformin', 'Levothyroxine', 'Atorvastatin', 'Omeprazole'];

/** What every command answers with (command-api/src/shared/command-reply.ts); only the fields read here. */
const commandReplySchema = z.object({ id: z.string(), position: z.string().nullable() });

interface PlannedVisit {
  readonly id: string;
  readonly clientId: string;
  /** Planned start, epoch milliseconds, whole minutes. */
  readonly start: number;
  /** The client's scheduled medicines, each with its dose due at this visit's start. */
  readonly doses: readonly { readonly prescriptionId: string; readonly dueAt: string }[];
  readonly prnPrescriptionId: string;
}

/** A carer's working day as the office set it up, with the carer signed in on their phone. */
interface CarerDay {
  readonly carer: TestUser;
  readonly carerId: string;
  readonly visits: readonly PlannedVisit[];
  /** The last set-up write's position: the projector has it before any timing starts. */
  readonly position: Position;
}

/** One request as the outbox keeps it: sent with its own key, the phone's time and the phone's id. */
interface OutboxRecord {
  readonly label: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly capturedAt: string;
}

const isoAt = (ms: number) => new Date(ms).toISOString();

function offlineHeaders(record: OutboxRecord, key: string): Record<string, string> {
  return { 'Idempotency-Key': key, 'Captured-At': record.capturedAt, 'Device-Id': DEVICE_ID };
}

/** The command's reply, or the run fails with what the server said: a refused record would measure nothing. */
function accepted(reply: ApiReply, what: string): z.infer<typeof commandReplySchema> {
  if (reply.status < 200 || reply.status >= 300) throw new Error(`${what} answered ${reply.status}: ${reply.text}`);
  const parsed = commandReplySchema.safeParse(reply.body);
  if (!parsed.success) throw new Error(`${what} answered ${reply.status} without an id and position: ${reply.text}`);
  return parsed.data;
}

async function created(request: Requester, path: string, body: Record<string, unknown>): Promise<string> {
  return accepted(await request('POST', path, body), `POST ${path}`).id;
}

/** The furthest of two positions; a reply without one (nothing changed) leaves it as it was. */
function furthest(known: Position | undefined, token: string | null): Position | undefined {
  const position = token === null ? undefined : positionFromToken(token);
  if (!position) return known;
  return known === undefined || comparePositions(position, known) > 0 ? position : known;
}

/**
 * Set up through the command API as the office would: a carer with a sign-in, ten clients each with five scheduled
 * medicines and a when-required one, and twenty 15-minute visits over the last seven hours, two to each client,
 * that do not overlap. Each scheduled medicine's dose times are the client's two visit times, so every dose is due
 * during a visit.
 */
async function carerDay(services: Services): Promise<CarerDay> {
  const admin = services.command.request;
  const carer = await services.command.createUser('carer', { firstName: 'Nadia', lastName: 'Hussain' });
  const carerId = await created(admin, '/api/carers', {
    firstName: 'Nadia',
    lastName: 'Hussain',
    email: 'nadia.hussain@example.org',
    employeeId: 'EMP-OFFLINE',
    startDate: '2024-03-01',
    userId: carer.id,
  });
  const clientIds: string[] = [];
  for (let n = 0; n < CLIENTS; n += 1) {
    clientIds.push(
      await created(admin, '/api/clients', {
        clientId: `CL-OFF-${n}`,
        firstName: ['Edith', 'Arthur', 'Mabel', 'Harold', 'Joan'][n % 5],
        lastName: ['Green', 'Shaw', 'Patel', 'Hughes', 'Walsh'][Math.floor(n / 2) % 5],
        dateOfBirth: `193${n % 10}-05-14`,
        address: `${n + 4} Mill Lane, Leeds`,
        emergencyContact: 'Paul Green',
        emergencyPhone: '07700 900123',
        careLevel: 'medium',
      }),
    );
  }
  const lastEnd = Math.floor(Date.now() / MINUTE) * MINUTE - 10 * MINUTE;
  const starts = Array.from(
    { length: VISITS },
    (_, k) => lastEnd - VISIT_MINUTES * MINUTE - (VISITS - 1 - k) * SLOT_MINUTES * MINUTE,
  );
  // Visit k is to client k mod 10: each client is seen twice, 200 minutes apart.
  const startsOf = (client: number) => starts.filter((_, k) => k % CLIENTS === client);
  // A week back, so a day that began before midnight still has its doses due.
  const startDate = addDays(londonToday(), -7);
  const position: { last: Position | undefined } = { last: undefined };
  const prescribe = async (body: Record<string, unknown>) => {
    const reply = accepted(await admin('POST', '/api/medications', body), 'POST /api/medications');
    position.last = furthest(position.last, reply.position);
    return reply.id;
  };
  const medicines = [];
  for (const [client, clientId] of clientIds.entries()) {
    const doseTimes = startsOf(client).map((start) => londonClock(isoAt(start)));
    const scheduled: string[] = [];
    for (const name of SCHEDULED_NAMES.slice(0, SCHEDULED_MEDICINES)) {
      scheduled.push(
        await prescribe({
          clientId,
          name,
          strength: '5mg',
          form: 'tablet',
          route: 'oral',
          dosage: '1 tablet',
          frequency: 'Twice daily',
          doseTimes,
          prescribedBy: 'Dr Anita Rao',
          startDate,
        }),
      );
    }
    const prn = await prescribe({
      clientId,
      name: 'Paracetamol',
      strength: '500mg',
      form: 'tablet',
      route: 'oral',
      dosage: '1 to 2 tablets',
      frequency: 'When required',
      doseTimes: [],
      prn: { reason: 'Pain', dose: '1 to 2 tablets', minIntervalMinutes: 120, maxDosesIn24h: 4 },
      prescribedBy: 'Dr Anita Rao',
      startDate,
    });
    medicines.push({ scheduled, prn, doseTimes });
  }
  const visits: PlannedVisit[] = [];
  for (const [k, start] of starts.entries()) {
    const client = k % CLIENTS;
    const reply = accepted(
      await admin('POST', '/api/appointments', {
        clientId: clientIds[client],
        carerId,
        scheduledStart: isoAt(start),
        durationMinutes: VISIT_MINUTES,
        tasks: TASKS,
      }),
      'POST /api/appointments',
    );
    position.last = furthest(position.last, reply.position);
    const { scheduled, prn, doseTimes } = medicines[client]!;
    // The dose as the medicine's own schedule names it, so the instant is the one the server checks against.
    const due = dosesBetween(
      { startDate, endDate: null, periods: [{ from: null, doseTimes, active: true }] },
      isoAt(start),
      isoAt(start + MINUTE),
    );
    if (due.length !== 1) throw new Error(`expected one dose time at ${isoAt(start)}, found ${due.length}`);
    visits.push({
      id: reply.id,
      clientId: clientIds[client]!,
      start,
      doses: scheduled.map((prescriptionId) => ({ prescriptionId, dueAt: due[0]!.dueAt })),
      prnPrescriptionId: prn,
    });
  }
  if (!position.last) throw new Error('the set-up writes replied without a position');
  return { carer, carerId, visits, position: position.last };
}

/** The ten records of a visit, in the order a carer makes them, at the phone's time. */
function visitRecords(visit: PlannedVisit, carerId: string, n: number): OutboxRecord[] {
  const at = (minutes: number) => isoAt(visit.start + minutes * MINUTE);
  const appointment = `/api/appointments/${visit.id}`;
  const dose = (prescriptionId: string, dueAt: string | undefined, minutes: number, prnReason = '') => ({
    label: `dose of ${prescriptionId}${dueAt ? ` due ${dueAt}` : ' (when required)'}`,
    path: `/api/medications/${prescriptionId}/administrations`,
    // As the dose dialog sends it: the fields left empty go as empty text.
    body: { dueAt, code: 'T', reason: '', prnReason, doseGiven: '', notes: '', appointmentId: visit.id },
    capturedAt: at(minutes),
  });
  const note = (title: string, content: string, minutes: number) => ({
    label: `diary note "${title}"`,
    path: '/api/diary',
    body: {
      carerId,
      clientId: visit.clientId,
      appointmentId: visit.id,
      entryDate: at(minutes),
      entryType: 'care_note',
      priority: 'normal',
      title,
      content,
      tags: [],
      isConfidential: false,
    },
    capturedAt: at(minutes),
  });
  const records: OutboxRecord[] = [
    {
      label: 'check-in',
      path: `${appointment}/check-in`,
      body: { source: 'Mobile', location: null },
      capturedAt: at(1),
    },
    ...visit.doses.map(({ prescriptionId, dueAt }, index) => dose(prescriptionId, dueAt, 3 + index)),
    dose(visit.prnPrescriptionId, undefined, 8, 'Said her knee ached after the walk to the kitchen'),
    note('Breakfast', `Ate porridge and half a slice of toast; drank a cup of tea (visit ${n + 1}).`, 10),
    note('Skin check', 'Skin on heels intact, no redness. Applied moisturiser as in the care plan.', 12),
    {
      label: 'check-out',
      path: `${appointment}/check-out`,
      body: {
        source: 'Mobile',
        location: null,
        tasksCompleted: TASKS,
        medicationGiven: true,
        clientMood: 'content',
        notes: 'Settled in her chair with the radio on; door locked on leaving.',
      },
      capturedAt: at(14),
    },
  ];
  if (records.length !== RECORDS_PER_VISIT) throw new Error(`a visit made ${records.length} records`);
  return records;
}

/**
 * Until every projection has reached `target`: the read side then shows everything up to it. Polled every 10 ms
 * (the status table is a handful of rows), so the figure is at most that late.
 */
async function untilProjected(services: Services, target: Position): Promise<void> {
  const deadline = Date.now() + PROJECTED_TIMEOUT_MS;
  for (;;) {
    const rows = await services.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('projection_status')
      .select(['name', 'commit_position', 'prepare_position'])
      .execute();
    const behind = rows.filter(
      (row) =>
        comparePositions({ commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }, target) < 0,
    );
    if (rows.length > 0 && behind.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `the projections ${behind.map((row) => row.name).join(', ')} did not reach ${positionToToken(target)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The projector running as the product runs it, caught up with the set-up before anything is timed. */
async function withProjector<T>(services: Services, work: () => Promise<T>): Promise<T> {
  const projector = await startProjector({
    store: services.store,
    pool: services.pool,
    db: services.db,
    log: silentLog,
  });
  try {
    await projector.settled();
    return await work();
  } finally {
    await projector.stop();
  }
}

const eventCount = async (services: Services): Promise<number> =>
  Number((await services.pool.query<{ count: string }>('select count(*) as count from es_events')).rows[0]!.count);

/**
 * `idempotentReplayP99Ms` (target 20 ms): a repeat of a write the server has already answered, as the outbox sends
 * it again after a lost reply. The carer writes 200 diary notes, each with its own key, the phone's time and id;
 * then each is sent again, same key and body, one at a time, and only the repeats are timed. Every repeat must
 * answer the first status and body with `Idempotent-Replayed: true`, and the event log must not grow.
 */
export async function measureIdempotentReplay(url: string): Promise<IdempotentReplayFigures> {
  const services = await startServices(url);
  try {
    const day = await carerDay(services);
    const visit = day.visits.at(-1)!;
    const total = REPLAY_WARM_UP + REPLAYS;
    const writes = Array.from({ length: total }, (_, n) => {
      const capturedAt = isoAt(visit.start + (1 + (n % 13)) * MINUTE);
      const record: OutboxRecord = {
        label: `diary note ${n + 1}`,
        path: '/api/diary',
        body: {
          carerId: day.carerId,
          clientId: visit.clientId,
          appointmentId: visit.id,
          entryDate: capturedAt,
          entryType: 'care_note',
          priority: 'normal',
          title: `Note ${n + 1}`,
          content: 'Drank a full glass of water; asked for the window to be opened.',
          tags: [],
          isConfidential: false,
        },
        capturedAt,
      };
      return { record, key: randomUUID() };
    });
    const first: ApiReply[] = [];
    for (const { record, key } of writes) {
      const reply = await day.carer.request('POST', record.path, record.body, offlineHeaders(record, key));
      accepted(reply, `POST ${record.path} (${record.label})`);
      first.push(reply);
    }
    const before = await eventCount(services);
    const samples: number[] = [];
    for (const [n, { record, key }] of writes.entries()) {
      const begin = now();
      const repeat = await day.carer.request('POST', record.path, record.body, offlineHeaders(record, key));
      const took = now() - begin;
      const original = first[n]!;
      if (
        repeat.status !== original.status ||
        repeat.headers.get('Idempotent-Replayed') !== 'true' ||
        // The kept reply is stored as JSON, so its keys may come back in another order: compare what it says.
        !isDeepStrictEqual(repeat.body, original.body)
      ) {
        throw new Error(
          `the repeat of ${record.label} answered ${repeat.status} (replayed: ${repeat.headers.get('Idempotent-Replayed')}) ` +
            `${repeat.text}; the first answer was ${original.status} ${original.text}`,
        );
      }
      if (n >= REPLAY_WARM_UP) samples.push(took);
    }
    const after = await eventCount(services);
    if (after !== before) throw new Error(`the event log grew by ${after - before} events during the repeats`);
    return {
      idempotentReplayP50Ms: round(percentile(samples, 50), 2),
      idempotentReplayP99Ms: round(percentile(samples, 99), 2),
    };
  } finally {
    await services.close();
  }
}

/**
 * `offlineSyncMs` (target 10 s): a day's outbox sent when the signal returns. 200 records, 20 visits of one carer
 * signed in as a carer (check-in, five scheduled doses and a when-required one, two diary notes, check-out), with
 * the phone's times over the last seven hours and one Device-Id, sent one at a time in order, as the outbox sends
 * them; timed from the first send until every projection has reached the last reply's position. Every record must
 * be accepted, and the read side must then show the 20 visits completed, the 120 doses and the 40 notes.
 */
export async function measureOfflineSync(
  url: string,
  step: (message: string) => void = () => undefined,
): Promise<OfflineSyncFigures> {
  const services = await startServices(url);
  try {
    const day = await carerDay(services);
    const records = day.visits.flatMap((visit, n) => visitRecords(visit, day.carerId, n));
    return await withProjector(services, async () => {
      await untilProjected(services, day.position);
      let last: Position | undefined;
      const begin = now();
      for (const record of records) {
        const reply = await day.carer.request('POST', record.path, record.body, offlineHeaders(record, randomUUID()));
        last = furthest(last, accepted(reply, `POST ${record.path} (${record.label})`).position);
      }
      if (!last) throw new Error('the records replied without a position');
      const sentMs = now() - begin;
      await untilProjected(services, last);
      const offlineSyncMs = Math.round(now() - begin);
      step(`sent in ${Math.round(sentMs)} ms, projected ${Math.round(offlineSyncMs - sentMs)} ms after the last reply`);
      await assertProjected(services, day);
      return { offlineSyncMs, offlineSyncRecords: records.length };
    });
  } finally {
    await services.close();
  }
}

/** What the office would see once the records are in: the visits completed, the doses and the notes. */
async function assertProjected(services: Services, day: CarerDay): Promise<void> {
  const visitIds = day.visits.map((visit) => visit.id);
  const db = services.db.withSchema(READ_MODEL_SCHEMA);
  const completed = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('id', 'in', visitIds)
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  const doses = await db
    .selectFrom('medication_records')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('appointment_id', 'in', visitIds)
    .executeTakeFirstOrThrow();
  const notes = await db
    .selectFrom('diary_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('appointment_id', 'in', visitIds)
    .executeTakeFirstOrThrow();
  const seen = { completed: Number(completed.count), doses: Number(doses.count), notes: Number(notes.count) };
  const expected = { completed: VISITS, doses: VISITS * (SCHEDULED_MEDICINES + 1), notes: VISITS * 2 };
  if (JSON.stringify(seen) !== JSON.stringify(expected)) {
    throw new Error(`the read side shows ${JSON.stringify(seen)} after the sync; expected ${JSON.stringify(expected)}`);
  }
}

/** The offline figures. */
export function offlineSyncRows(results: Record<string, number>): Row[] {
  return [
    { metric: 'idempotentReplayP50Ms', value: results.idempotentReplayP50Ms ?? Number.NaN, unit: 'ms' },
    {
      metric: 'idempotentReplayP99Ms',
      value: results.idempotentReplayP99Ms ?? Number.NaN,
      unit: 'ms',
      target: { atMost: 20 },
    },
    { metric: 'offlineSyncRecords', value: results.offlineSyncRecords ?? Number.NaN, unit: 'records' },
    { metric: 'offlineSyncMs', value: results.offlineSyncMs ?? Number.NaN, unit: 'ms', target: { atMost: 10_000 } },
  ];
}

if (process.argv[1]?.endsWith('offline-sync-bench.ts')) {
  runAlone(
    [
      {
        name: 'replay',
        says: 'a repeated keyed write answered from its key (200 diary notes sent again)',
        measure: async (postgres) => ({
          ...(await measureIdempotentReplay(await postgres.freshDatabase('idempotent_replay'))),
        }),
      },
      {
        name: 'sync',
        says: "a carer's outbox of 200 records (20 visits) sent in order until the read side has them all",
        measure: async (postgres, step) => ({
          ...(await measureOfflineSync(await postgres.freshDatabase('offline_sync'), step)),
        }),
      },
    ],
    offlineSyncRows,
  );
}
