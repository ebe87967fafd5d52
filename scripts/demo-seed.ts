import { randomUUID } from 'node:crypto';
import {
  carerWindowRange,
  DEFAULT_AGENCY_SETTINGS,
  DEFAULT_CARER_WINDOW,
  DEMO_SEED_STREAM,
  DemoSeedCompleted,
  DemoSeedStarted,
  londonToday,
  START_POSITION,
  type CreateUserRequest,
  type NewEvent,
  type RawRecordedEvent,
} from '@care/events';
import { PostgresEventStore } from '@care/events/server';
import { DEMO_VISIT_DAYS_BACK, demoVisits, type DemoVisit } from './demo/demo-appointments';
import { demoCarers } from './demo/demo-carers';
import { demoClients } from './demo/demo-clients';
import { demoShifts } from './demo/demo-shifts';
import { demoTasks } from './demo/demo-tasks';
import { DEMO_PAYROLL_POLICY, demoPayrollPeriods } from './demo/demo-payroll';
import { demoCarePlans, demoCarePlanTemplates } from './demo/demo-care-plans';
import { demoIncidents } from './demo/demo-incidents';
import { DEMO_MAR_CODES, demoMedications } from './demo/demo-medications';
import { demoDiaryEntries } from './demo/demo-diary';
import { demoFeedback } from './demo/demo-feedback';
import { demoTraining } from './demo/demo-training';
import { demoContracts, demoExchangeRates } from './demo/demo-contracts';
import type { AdminCredentials } from './demo-admin';
import { noProgress, type SeedProgress } from './start-progress';

/** Events the first start writes before any demo data: the first administrator's account. */
const ACCOUNT_SETUP_EVENTS = new Set(['UserEmailReserved', 'UserRegistered', 'UserPasswordSet', 'UserSignedIn']);

/** Requests in flight at once: enough to fill a few hundred records quickly without starving the services. */
const CONCURRENCY = 6;

export interface SeedResult {
  /** How many records of each kind were created, e.g. { carers: 30, clients: 150, … }. */
  readonly counts: Readonly<Record<string, number>>;
  /** Demo accounts of the other roles, signing in with the administrator's password. */
  readonly users: readonly { email: string; role: string }[];
  /** True when this start finished a load an earlier start had begun and not completed. */
  readonly resumed: boolean;
}

/** Sends one request; `requestId` (letters, digits, dots, dashes) becomes the correlation id of what it appends. */
export type Send = (method: string, path: string, body: unknown, requestId?: string) => Promise<unknown>;

export interface SeedOptions {
  /** Lines for the person starting the product (e.g. that an unfinished load is being finished). */
  readonly say?: (line: string) => void;
  readonly progress?: SeedProgress;
  /**
   * Parts that need more than the command API (payroll and invoices read the read models): run after the rest and
   * before the load is recorded as complete. `count` tells how many events of a type an earlier start wrote.
   */
  readonly finish?: (count: (eventType: string) => number) => Promise<Record<string, number>>;
}

/**
 * Demo data goes in through the public HTTP API (events, not SQL), and only into a store that holds nothing but the
 * first administrator's account, or one where an earlier start began loading it and was stopped (Ctrl+C) before the
 * end: that load is finished. The load records its beginning and end in the demo-seed stream (the only events it
 * appends itself), and sends every command with a request id naming its part, item and step, so a later start reads
 * from the log which commands went through and sends only the others. Diary entries about the demo carer's own
 * visits are written by the demo carer account, so signing in as that carer shows entries they wrote.
 */
export async function seedDemoDataOnce(
  databaseUrl: string,
  url: string,
  admin: AdminCredentials,
  options: SeedOptions = {},
): Promise<SeedResult | undefined> {
  const store = await PostgresEventStore.connect(databaseUrl);
  try {
    const markers = (await store.readStream(DEMO_SEED_STREAM)).map((event) => event.type);
    if (markers.includes(DemoSeedCompleted.type)) return undefined;
    const resumed = markers.includes(DemoSeedStarted.type);
    let earlier: Journal;
    if (resumed) {
      options.say?.('Finishing the demo data: an earlier start began loading it and was stopped before the end…');
      earlier = new Journal(await wholeLog(store));
    } else {
      const first = await store.readAll(START_POSITION, 100);
      if (first.some((event) => !ACCOUNT_SETUP_EVENTS.has(event.type))) return undefined;
      await store.append(
        DEMO_SEED_STREAM,
        [marker(DemoSeedStarted.type, { startedAt: new Date().toISOString() })],
        'no_stream',
      );
      options.say?.('Loading the demo data (on the first start only; a few minutes)…');
      earlier = new Journal([]);
    }
    const result = await seedParts(url, admin, earlier, options.progress ?? noProgress);
    const more = options.finish ? await options.finish((type) => earlier.count(type)) : {};
    await store.append(
      DEMO_SEED_STREAM,
      [marker(DemoSeedCompleted.type, { completedAt: new Date().toISOString() })],
      'any',
    );
    return { ...result, counts: { ...result.counts, ...more }, resumed };
  } finally {
    await store.close();
  }
}

/** One of the loader's own events; it has no user, so it is the system's. */
function marker(type: string, data: unknown): NewEvent {
  const occurredAt = new Date().toISOString();
  return {
    eventId: randomUUID(),
    type,
    schemaVersion: 1,
    data,
    metadata: { userId: 'system', occurredAt, correlationId: DEMO_SEED_STREAM, causationId: DEMO_SEED_STREAM },
  };
}

async function wholeLog(store: PostgresEventStore): Promise<RawRecordedEvent[]> {
  const log: RawRecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll(log.at(-1)?.position ?? START_POSITION, 5000);
    log.push(...page);
    if (page.length < 5000) return log;
  }
}

/** Prefix of every demo request id, so an earlier load's commands can be told from anyone else's. */
const REQUEST_PREFIX = 'demo-seed.';

/**
 * For each part that creates records: the event its create appends, and the field of that event holding the id the
 * create replied with (a create may append others first, such as the reservation of an email or employee ID).
 */
const CREATED_BY_PART: Readonly<Record<string, readonly [type: string, field: string]>> = {
  users: ['UserRegistered', 'userId'],
  carers: ['CarerRegistered', 'carerId'],
  clients: ['ClientRegistered', 'id'],
  training: ['TrainingRecorded', 'id'],
  feedback: ['FeedbackSubmitted', 'id'],
  'care-plan-templates': ['CarePlanTemplateCreated', 'id'],
  'care-plans': ['CarePlanCreated', 'id'],
  visits: ['AppointmentScheduled', 'id'],
  diary: ['DiaryEntryAdded', 'id'],
  shifts: ['ShiftPlanned', 'id'],
  tasks: ['TaskCreated', 'id'],
  incidents: ['IncidentReported', 'id'],
  medications: ['MedicationPrescribed', 'id'],
  'report-schedules': ['ReportScheduled', 'id'],
  contracts: ['ContractCreated', 'contractId'],
};

/** What an earlier, stopped load did: the request ids of the commands that went through, and the ids they created. */
class Journal {
  private readonly replies = new Map<string, { id?: string }>();
  private readonly types = new Map<string, number>();

  constructor(log: readonly RawRecordedEvent[]) {
    for (const event of log) {
      this.types.set(event.type, (this.types.get(event.type) ?? 0) + 1);
      const requestId = (event.metadata as { correlationId?: unknown }).correlationId;
      if (typeof requestId !== 'string' || !requestId.startsWith(REQUEST_PREFIX)) continue;
      if (!this.replies.has(requestId)) this.replies.set(requestId, {});
      const [part = '', , step] = requestId.slice(REQUEST_PREFIX.length).split('.');
      const created = CREATED_BY_PART[part];
      const id = created && (event.data as Record<string, unknown> | null)?.[created[1]];
      if (step === '0' && created?.[0] === event.type && typeof id === 'string') this.replies.set(requestId, { id });
    }
  }

  /** The reply a command that went through would give again (the id it created); undefined when it never went. */
  replyOf(requestId: string): { id?: string } | undefined {
    return this.replies.get(requestId);
  }

  count(type: string): number {
    return this.types.get(type) ?? 0;
  }
}

/** Each part in turn; a command the journal shows went through is not sent again. */
async function seedParts(
  url: string,
  admin: AdminCredentials,
  earlier: Journal,
  progress: SeedProgress,
): Promise<Omit<SeedResult, 'resumed'>> {
  /** Sends as `as` under the request id `key`, unless an earlier load already did. */
  const once =
    (as: Send): Send =>
    async (method, path, body, key) => {
      const requestId = `${REQUEST_PREFIX}${key}`;
      const done = earlier.replyOf(requestId);
      if (done) return done;
      const reply = await as(method, path, body, requestId);
      progress.command();
      return reply;
    };
  const createAll = <T>(
    part: string,
    items: readonly T[],
    send: (item: T, key: (step: number) => string) => Promise<unknown>,
  ) => createEach(part, items, send, progress);
  const asAdmin = once(await signedIn(url, admin));
  const users: CreateUserRequest[] = [
    {
      email: 'coordinator@demo.example',
      firstName: 'Cora',
      lastName: 'Ndiaye',
      role: 'coordinator',
      password: admin.password,
    },
    { email: 'carer@demo.example', firstName: 'Amelia', lastName: 'Hughes', role: 'carer', password: admin.password },
    // Reads everything, writes nothing: the audit screen.
    {
      email: 'auditor@demo.example',
      firstName: 'Ian',
      lastName: 'Ashworth',
      role: 'auditor',
      password: admin.password,
    },
  ];
  const userIds = await createAll('users', users, (user, key) => asAdmin('POST', '/api/users', user, key(0)));
  const asCoordinator = once(await signedIn(url, { email: users[0]!.email, password: admin.password }));
  const asCarer = once(await signedIn(url, { email: users[1]!.email, password: admin.password }));

  // The first demo carer is the demo carer account's own record ("their own records").
  const carers = demoCarers().map((carer, index) =>
    index === 0 ? { ...carer, userId: userIds[1], email: users[1]!.email } : carer,
  );
  const carerIds = await createAll('carers', carers, (carer, key) => asAdmin('POST', '/api/carers', carer, key(0)));
  const clients = demoClients(carerIds);
  const clientIds = await createAll('clients', clients, (client, key) =>
    asAdmin('POST', '/api/clients', client, key(0)),
  );
  const training = await createAll('training', demoTraining(carerIds, londonToday()), (record, key) =>
    asAdmin('POST', '/api/training', record, key(0)),
  );
  const feedback = await createAll('feedback', demoFeedback(), (item, key) =>
    asAdmin('POST', '/api/feedback', item, key(0)),
  );
  // Care plans before visits: a plan's tasks are what a visit scheduled without its own gets.
  const templates = demoCarePlanTemplates();
  const templateIdList = await createAll('care-plan-templates', templates, (template, key) =>
    asAdmin('POST', '/api/care-plans/templates', template, key(0)),
  );
  const templateIds = Object.fromEntries(
    templates.map((template, index) => [template.kind, templateIdList[index]!]),
  ) as Record<(typeof templates)[number]['kind'] | 'other', string>;
  const planClients = clientIds.flatMap((id, index) =>
    clients[index]!.isActive !== false ? [{ id, firstName: clients[index]!.firstName }] : [],
  );
  const carePlans = await createAll(
    'care-plans',
    demoCarePlans(planClients, templateIds, londonToday()),
    async (plan, key) => {
      const reply = await asCoordinator('POST', '/api/care-plans', plan.create, key(0));
      const id = await createdId(Promise.resolve(reply));
      if (plan.agree)
        await asCoordinator('POST', `/api/care-plans/${id}/agreement`, { ...plan.agree, version: 1 }, key(1));
      if (plan.update) {
        await asCoordinator('PATCH', `/api/care-plans/${id}`, plan.update, key(2));
        if (plan.agreeUpdate && plan.agree)
          await asCoordinator(
            'POST',
            `/api/care-plans/${id}/agreement`,
            { ...plan.agree, agreedOn: londonToday(), version: 2 },
            key(3),
          );
      }
      if (plan.status) await asCoordinator('POST', `/api/care-plans/${id}/status`, plan.status, key(4));
      return reply;
    },
  );
  // Only active carers and clients can be booked.
  const activeCarerIds = carerIds.filter((_, index) => carers[index]!.isActive !== false);
  const activeClientIds = clientIds.filter((_, index) => clients[index]!.isActive !== false);
  // Each visit's life in order: scheduled, then checked in and out (the demo carer records their own), or cancelled.
  const visitPlan = demoVisits(activeCarerIds, activeClientIds, new Date());
  const visits = await createAll('visits', visitPlan, async ({ schedule, steps }, key) => {
    const reply = await asAdmin('POST', '/api/appointments', schedule, key(0));
    const id = await createdId(Promise.resolve(reply));
    for (const [index, step] of steps.entries()) {
      const byCarer = schedule.carerId === carerIds[0] && step.action.startsWith('check-');
      await (byCarer ? asCarer : asAdmin)('POST', `/api/appointments/${id}/${step.action}`, step.body, key(index + 1));
    }
    return reply;
  });
  // The demo carer writes only about the clients of their own visits around today (the command API refuses the
  // rest): their entries and reports are about those clients, written once the visits exist.
  const ownClients = clientsOfWork(visitPlan, carerIds[0], new Date());
  const ownClient = (clientId: string, index: number) =>
    ownClients.includes(clientId) ? clientId : (ownClients[index % ownClients.length] ?? clientId);
  const diaryEntries = demoDiaryEntries(carerIds, clientIds, new Date()).map((entry, index) =>
    entry.carerId === carerIds[0] ? { ...entry, clientId: ownClient(entry.clientId, index) } : entry,
  );
  const diary = await createAll('diary', diaryEntries, (entry, key) =>
    (entry.carerId === carerIds[0] && ownClients.includes(entry.clientId) ? asCarer : asAdmin)(
      'POST',
      '/api/diary',
      entry,
      key(0),
    ),
  );
  const shifts = await createAll('shifts', demoShifts(activeCarerIds, londonToday()), (shift, key) =>
    asAdmin('POST', '/api/shifts', shift, key(0)),
  );
  // Tasks come from the coordinator; each assignee starts and completes their own.
  const people = { coordinatorId: userIds[0]!, carerUserId: userIds[1]! };
  const tasks = await createAll(
    'tasks',
    demoTasks(people, carerIds, clientIds, new Date()),
    async ({ create, steps }, key) => {
      const reply = await asCoordinator('POST', '/api/tasks', create, key(0));
      const id = await createdId(Promise.resolve(reply));
      const byAssignee = create.assignedTo === people.carerUserId ? asCarer : asCoordinator;
      for (const [index, step] of steps.entries())
        await byAssignee('POST', `/api/tasks/${id}/${step.action}`, step.body, key(index + 1));
      return reply;
    },
  );
  // Incidents: the demo carer reports their own, the coordinator the rest and runs every investigation.
  // The safeguarding team's contact is an agency setting (admin panel, Settings), read by the incidents screen.
  await asAdmin(
    'PUT',
    '/api/settings',
    {
      ...DEFAULT_AGENCY_SETTINGS,
      safeguardingTeamName: 'Leeds Adult Social Care: Safeguarding',
      safeguardingTeamPhone: '0113 222 4401',
      safeguardingOutOfHoursPhone: '0113 240 9536',
      safeguardingTeamEmail: 'safeguarding@leeds.example',
      safeguardingTeamNotes: 'Monday to Friday 8:30 to 17:00; out of hours, the Emergency Duty Team.',
    },
    'settings.0.0',
  );
  const incidentPlan = demoIncidents(people.coordinatorId, carerIds, clientIds, new Date()).map((incident, index) =>
    incident.by === 'carer' && typeof incident.report.clientId === 'string'
      ? { ...incident, report: { ...incident.report, clientId: ownClient(incident.report.clientId, index) } }
      : incident,
  );
  const incidents = await createAll('incidents', incidentPlan, async ({ report, by, steps }, key) => {
    const reply = await (by === 'carer' ? asCarer : asCoordinator)('POST', '/api/incidents', report, key(0));
    const id = await createdId(Promise.resolve(reply));
    for (const [index, step] of steps.entries())
      await asCoordinator('POST', `/api/incidents/${id}${step.path}`, step.body, key(index + 1));
    return reply;
  });
  // Medications for a third of the active clients, prescribed and recorded by the coordinator, dose by dose.
  const medicationClients = clientIds
    .map((id, index) => ({
      id,
      allergies: clients[index]!.allergies ?? [],
      active: clients[index]!.isActive !== false,
    }))
    .filter((client) => client.active);
  let medicationRecords = 0;
  for (const [index, code] of DEMO_MAR_CODES.entries())
    await asAdmin('POST', '/api/medications/mar-codes', code, `mar-codes.${index}.0`);
  const medications = await createAll(
    'medications',
    demoMedications(medicationClients, new Date()),
    async ({ prescribe, records }, key) => {
      const reply = await asCoordinator('POST', '/api/medications', prescribe, key(0));
      const id = await createdId(Promise.resolve(reply));
      for (const [index, record] of records.entries())
        await asCoordinator('POST', `/api/medications/${id}/administrations`, record, key(index + 1));
      medicationRecords += records.length;
      return reply;
    },
  );
  // The board's weekly overview and the month's detailed figures, generated by the rules process when each falls due.
  const reportSchedules = await createAll(
    'report-schedules',
    [
      {
        name: 'Weekly overview for the board',
        report: 'overview',
        format: 'pdf',
        frequency: 'weekly',
        region: '',
        carerId: '',
      },
      {
        name: 'Monthly detailed analytics',
        report: 'detailed',
        format: 'csv',
        frequency: 'monthly',
        region: '',
        carerId: '',
      },
    ],
    (schedule, key) => asCoordinator('POST', '/api/report-schedules', schedule, key(0)),
  );
  // Finance: the exchange rates an admin typed, and client contracts (one renewing within 30 days raises its alert).
  for (const [index, setting] of demoExchangeRates(londonToday()).entries())
    await asAdmin('POST', '/api/finance/exchange-rates', setting, `exchange-rates.${index}.0`);
  const contracts = await createAll('contracts', demoContracts(activeClientIds, londonToday()), (contract, key) =>
    asAdmin('POST', '/api/finance/contracts', contract, key(0)),
  );
  return {
    counts: {
      carers: carerIds.length,
      clients: clientIds.length,
      'training records': training.length,
      'diary entries': diary.length,
      'feedback items': feedback.length,
      visits: visits.length,
      shifts: shifts.length,
      tasks: tasks.length,
      'care plans': carePlans.length,
      incidents: incidents.length,
      prescriptions: medications.length,
      'medication records': medicationRecords,
      'report schedules': reportSchedules.length,
      contracts: contracts.length,
    },
    users: users.map(({ email, role }) => ({ email, role: role ?? 'carer' })),
  };
}

/**
 * Payroll for the demo, once the other demo data is in and the product's read model has caught up with it (payroll
 * is worked out from the completed visits the appointments read model lists): the agency's payroll policy, then
 * weekly payroll for every whole week of the visit history, one period after another. `url` is the product's
 * address (the read API answers there too). Returns how many periods were processed.
 */
export async function seedDemoPayroll(url: string, admin: AdminCredentials): Promise<number> {
  const asAdmin = await signedIn(url, admin);
  const policy = (await asAdmin('PUT', '/api/finance/payroll/policy', DEMO_PAYROLL_POLICY)) as {
    position: string | null;
  };
  // Every visit and carer was written before the policy: once both read models reach it, the visits are listed.
  for (const path of ['/api/appointments?limit=1', '/api/carers?limit=1'])
    await readAfter(asAdmin, path, policy.position);
  let processed = 0;
  for (const period of demoPayrollPeriods(londonToday(), DEMO_VISIT_DAYS_BACK)) {
    await createdId(asAdmin('POST', '/api/finance/payroll/process', period));
    processed += 1;
  }
  return processed;
}

/** A GET that waits (?minPosition=) until the read models behind `path` reach `position`; retried while they catch up. */
export async function readAfter(send: Send, path: string, position: string | null): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    try {
      await send('GET', position === null ? path : `${path}&minPosition=${encodeURIComponent(position)}`, undefined);
      return;
    } catch (error) {
      if (!String(error).includes(' 503 ')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  throw new Error(`Demo data: the read model did not catch up for ${path}`);
}

/**
 * Sends every item of a part, a few at a time, and returns the created ids in the items' order. `key(step)` names
 * the item's step for its request id. After a failure no further item begins, and the failure is reported once the
 * items already under way have ended, so nothing is still being sent when the caller hears of it.
 */
async function createEach<T>(
  part: string,
  items: readonly T[],
  send: (item: T, key: (step: number) => string) => Promise<unknown>,
  progress: SeedProgress,
): Promise<string[]> {
  const ids: string[] = new Array<string>(items.length);
  let next = 0;
  let failed = false;
  progress.part(part, items.length);
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        ids[index] = await createdId(send(items[index]!, (step) => `${part}.${index}.${step}`));
      } catch (error) {
        failed = true;
        throw error;
      }
      progress.item();
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  progress.endPart();
  return ids;
}

export async function createdId(reply: Promise<unknown>): Promise<string> {
  const body = await reply;
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') throw new Error(`Demo data: a create replied without an id: ${JSON.stringify(body)}`);
  return id;
}

export async function signedIn(url: string, credentials: AdminCredentials): Promise<Send> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(credentials),
  });
  if (login.status !== 200)
    throw new Error(`Demo user ${credentials.email} could not sign in: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  let count = 0;
  return async (method, path, body, requestId) => {
    count += 1;
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: url,
        cookie,
        'x-request-id': requestId ?? `demo-seed-${credentials.email}-${count}`,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`Demo data refused: ${method} ${path} ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  };
}

/** The clients of a carer's work: on their visits from 7 days back to 14 ahead (London dates) that are not cancelled. */
function clientsOfWork(visits: readonly DemoVisit[], carerId: string | undefined, now: Date): string[] {
  const { from, to } = carerWindowRange(DEFAULT_CARER_WINDOW, londonToday(now));
  const clients = new Set<string>();
  for (const { schedule, steps } of visits) {
    const date = londonToday(new Date(schedule.scheduledStart));
    const cancelled = steps.some((step) => step.action === 'cancel');
    if (schedule.carerId === carerId && !cancelled && date >= from && date <= to) clients.add(schedule.clientId);
  }
  return [...clients];
}
