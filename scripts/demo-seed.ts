import {
  carerWindowRange,
  DEFAULT_AGENCY_SETTINGS,
  DEFAULT_CARER_WINDOW,
  londonToday,
  START_POSITION,
  type CreateUserRequest,
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

/** Events the first start writes before any demo data: the first administrator's account. */
const ACCOUNT_SETUP_EVENTS = new Set(['UserEmailReserved', 'UserRegistered', 'UserPasswordSet', 'UserSignedIn']);

/** Requests in flight at once: enough to fill a few hundred records quickly without starving the services. */
const CONCURRENCY = 6;

export interface SeedResult {
  /** How many records of each kind were created, e.g. { carers: 30, clients: 150, … }. */
  readonly counts: Readonly<Record<string, number>>;
  /** Demo accounts of the other roles, signing in with the administrator's password. */
  readonly users: readonly { email: string; role: string }[];
}

export type Send = (method: string, path: string, body: unknown) => Promise<unknown>;

/**
 * Demo data goes in through the public HTTP API (events, not SQL), and only into a store that holds
 * nothing but the first administrator's account. Diary entries about the demo carer's own visits are
 * written by the demo carer account, so signing in as that carer shows entries they wrote.
 */
export async function seedDemoDataOnce(
  databaseUrl: string,
  url: string,
  admin: AdminCredentials,
): Promise<SeedResult | undefined> {
  const store = await PostgresEventStore.connect(databaseUrl);
  try {
    const first = await store.readAll(START_POSITION, 100);
    if (first.some((event) => !ACCOUNT_SETUP_EVENTS.has(event.type))) return undefined;
  } finally {
    await store.close();
  }
  const asAdmin = await signedIn(url, admin);
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
  const userIds: string[] = [];
  for (const user of users) userIds.push(await createdId(asAdmin('POST', '/api/users', user)));
  const asCoordinator = await signedIn(url, { email: users[0]!.email, password: admin.password });
  const asCarer = await signedIn(url, { email: users[1]!.email, password: admin.password });

  // The first demo carer is the demo carer account's own record ("their own records").
  const carers = demoCarers().map((carer, index) =>
    index === 0 ? { ...carer, userId: userIds[1], email: users[1]!.email } : carer,
  );
  const carerIds = await createAll(carers, (carer) => asAdmin('POST', '/api/carers', carer));
  const clients = demoClients(carerIds);
  const clientIds = await createAll(clients, (client) => asAdmin('POST', '/api/clients', client));
  const training = await createAll(demoTraining(carerIds, londonToday()), (record) =>
    asAdmin('POST', '/api/training', record),
  );
  const feedback = await createAll(demoFeedback(), (item) => asAdmin('POST', '/api/feedback', item));
  // Care plans before visits: a plan's tasks are what a visit scheduled without its own gets.
  const templates = demoCarePlanTemplates();
  const templateIdList = await createAll(templates, (template) =>
    asAdmin('POST', '/api/care-plans/templates', template),
  );
  const templateIds = Object.fromEntries(
    templates.map((template, index) => [template.kind, templateIdList[index]!]),
  ) as Record<(typeof templates)[number]['kind'] | 'other', string>;
  const planClients = clientIds.flatMap((id, index) =>
    clients[index]!.isActive !== false ? [{ id, firstName: clients[index]!.firstName }] : [],
  );
  const carePlans = await createAll(demoCarePlans(planClients, templateIds, londonToday()), async (plan) => {
    const reply = await asCoordinator('POST', '/api/care-plans', plan.create);
    const id = await createdId(Promise.resolve(reply));
    if (plan.agree) await asCoordinator('POST', `/api/care-plans/${id}/agreement`, { ...plan.agree, version: 1 });
    if (plan.update) {
      await asCoordinator('PATCH', `/api/care-plans/${id}`, plan.update);
      if (plan.agreeUpdate && plan.agree)
        await asCoordinator('POST', `/api/care-plans/${id}/agreement`, {
          ...plan.agree,
          agreedOn: londonToday(),
          version: 2,
        });
    }
    if (plan.status) await asCoordinator('POST', `/api/care-plans/${id}/status`, plan.status);
    return reply;
  });
  // Only active carers and clients can be booked.
  const activeCarerIds = carerIds.filter((_, index) => carers[index]!.isActive !== false);
  const activeClientIds = clientIds.filter((_, index) => clients[index]!.isActive !== false);
  // Each visit's life in order: scheduled, then checked in and out (the demo carer records their own), or cancelled.
  const visitPlan = demoVisits(activeCarerIds, activeClientIds, new Date());
  const visits = await createAll(visitPlan, async ({ schedule, steps }) => {
    const reply = await asAdmin('POST', '/api/appointments', schedule);
    const id = await createdId(Promise.resolve(reply));
    for (const step of steps) {
      const byCarer = schedule.carerId === carerIds[0] && step.action.startsWith('check-');
      await (byCarer ? asCarer : asAdmin)('POST', `/api/appointments/${id}/${step.action}`, step.body);
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
  const diary = await createAll(diaryEntries, (entry) =>
    (entry.carerId === carerIds[0] && ownClients.includes(entry.clientId) ? asCarer : asAdmin)(
      'POST',
      '/api/diary',
      entry,
    ),
  );
  const shifts = await createAll(demoShifts(activeCarerIds, londonToday()), (shift) =>
    asAdmin('POST', '/api/shifts', shift),
  );
  // Tasks come from the coordinator; each assignee starts and completes their own.
  const people = { coordinatorId: userIds[0]!, carerUserId: userIds[1]! };
  const tasks = await createAll(demoTasks(people, carerIds, clientIds, new Date()), async ({ create, steps }) => {
    const reply = await asCoordinator('POST', '/api/tasks', create);
    const id = await createdId(Promise.resolve(reply));
    const byAssignee = create.assignedTo === people.carerUserId ? asCarer : asCoordinator;
    for (const step of steps) await byAssignee('POST', `/api/tasks/${id}/${step.action}`, step.body);
    return reply;
  });
  // Incidents: the demo carer reports their own, the coordinator the rest and runs every investigation.
  // The safeguarding team's contact is an agency setting (admin panel, Settings), read by the incidents screen.
  await asAdmin('PUT', '/api/settings', {
    ...DEFAULT_AGENCY_SETTINGS,
    safeguardingTeamName: 'Leeds Adult Social Care: Safeguarding',
    safeguardingTeamPhone: '0113 222 4401',
    safeguardingOutOfHoursPhone: '0113 240 9536',
    safeguardingTeamEmail: 'safeguarding@leeds.example',
    safeguardingTeamNotes: 'Monday to Friday 8:30 to 17:00; out of hours, the Emergency Duty Team.',
  });
  const incidentPlan = demoIncidents(people.coordinatorId, carerIds, clientIds, new Date()).map((incident, index) =>
    incident.by === 'carer' && typeof incident.report.clientId === 'string'
      ? { ...incident, report: { ...incident.report, clientId: ownClient(incident.report.clientId, index) } }
      : incident,
  );
  const incidents = await createAll(incidentPlan, async ({ report, by, steps }) => {
    const reply = await (by === 'carer' ? asCarer : asCoordinator)('POST', '/api/incidents', report);
    const id = await createdId(Promise.resolve(reply));
    for (const step of steps) await asCoordinator('POST', `/api/incidents/${id}${step.path}`, step.body);
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
  for (const code of DEMO_MAR_CODES) await asAdmin('POST', '/api/medications/mar-codes', code);
  const medications = await createAll(
    demoMedications(medicationClients, new Date()),
    async ({ prescribe, records }) => {
      const reply = await asCoordinator('POST', '/api/medications', prescribe);
      const id = await createdId(Promise.resolve(reply));
      for (const record of records) await asCoordinator('POST', `/api/medications/${id}/administrations`, record);
      medicationRecords += records.length;
      return reply;
    },
  );
  // The board's weekly overview and the month's detailed figures, generated by the rules process when each falls due.
  const reportSchedules = await createAll(
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
    (schedule) => asCoordinator('POST', '/api/report-schedules', schedule),
  );
  // Finance: the exchange rates an admin typed, and client contracts (one renewing within 30 days raises its alert).
  for (const setting of demoExchangeRates(londonToday())) await asAdmin('POST', '/api/finance/exchange-rates', setting);
  const contracts = await createAll(demoContracts(activeClientIds, londonToday()), (contract) =>
    asAdmin('POST', '/api/finance/contracts', contract),
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

/** Sends every item, a few at a time, and returns the created ids in the items' order. */
async function createAll<T>(items: readonly T[], send: (item: T) => Promise<unknown>): Promise<string[]> {
  const ids: string[] = new Array<string>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      ids[index] = await createdId(send(items[index]!));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
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
  return async (method, path, body) => {
    count += 1;
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: url,
        cookie,
        'x-request-id': `demo-seed-${credentials.email}-${count}`,
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
