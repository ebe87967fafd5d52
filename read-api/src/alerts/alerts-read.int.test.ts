import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import type { AlertView, DashboardStats, TaskView } from '@care/events';
import { alertCountSchema, alertViewSchema, dashboardStatsSchema, taskViewSchema } from '@care/events/api';
import type { ApiReply, TestUser } from '@care/command-api/testing';
import { AlertScenario } from '../../testing/alert-scenario';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * GET /api/alerts, /api/tasks, /api/dashboard/stats and the dashboard tiles' lists, on the real services: each
 * figure is checked against the record written (see AlertScenario), each permission rule as the user who must not
 * see what it hides, and every reply against its documented (strict) schema.
 */
let stack: ReadStack | undefined;
let s: AlertScenario;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'alerts_read');
  s = new AlertScenario(stack);
  await s.people();
  await s.raiseAlerts();
  await s.createTasks();
  await s.recordVisits();
  await s.writeDiary();
  await s.recordTraining();
});

afterAll(async () => {
  await stack?.stop();
});

async function ok<T>(path: string, schema: z.ZodType, user?: TestUser): Promise<{ body: T; reply: ApiReply }> {
  const reply = await s.read(path, user);
  expect(reply.status, `${path}: ${reply.text}`).toBe(200);
  const parsed = schema.safeParse(reply.body);
  expect(parsed.success ? [] : parsed.error.issues, path).toEqual([]);
  return { body: reply.body as T, reply };
}
const alertIds = async (query: string, user?: TestUser) =>
  (await ok<AlertView[]>(`/api/alerts${query}`, alertViewSchema.array(), user)).body.map((alert) => alert.id);
const taskIds = async (query: string, user?: TestUser) =>
  (await ok<TaskView[]>(`/api/tasks${query}`, taskViewSchema.array(), user)).body.map((task) => task.id);
const named = (...keys: string[]) => keys.map((key) => s.ids[key]);

describe('GET /api/alerts', () => {
  it('lists every alert most severe first for staff, with names, and filters by open, status, severity and carer', async () => {
    expect(await alertIds('')).toEqual(named('B2', 'A2', 'A1', 'N1', 'A3', 'B1'));
    expect(await alertIds('?active=true')).toEqual(named('B2', 'A2', 'A1', 'N1', 'B1'));
    expect(await alertIds('?active=false')).toEqual(named('A3'));
    expect(await alertIds('?status=acknowledged')).toEqual(named('A2'));
    expect(await alertIds('?severity=critical', s.coordinator)).toEqual(named('B2', 'A2'));
    expect(await alertIds(`?carerId=${s.carerIdB}`)).toEqual(named('B2', 'B1'));
    expect(await alertIds('?rule=visit_missed&active=true')).toEqual(named('A2'));
    expect(await alertIds('?rule=emergency')).toEqual([]);
    expect((await s.read('/api/alerts?severity=urgent')).status).toBe(400);

    const { body } = await ok<AlertView>(`/api/alerts/${s.ids.A2}`, alertViewSchema);
    expect(body).toMatchObject({
      status: 'acknowledged',
      carerName: 'Ann Archer',
      clientName: 'Edith Green',
      acknowledgedBy: { id: s.coordinator.id, firstName: 'Cora', lastName: 'Ndiaye' },
      resolvedBy: null,
    });
    const escalated = (await ok<AlertView>(`/api/alerts/${s.ids.B2}`, alertViewSchema)).body;
    expect(escalated.escalations).toEqual([
      {
        severity: 'critical',
        reason: 'Client alone',
        at: expect.any(String),
        by: { id: s.coordinator.id, firstName: 'Cora', lastName: 'Ndiaye' },
        step: null,
        audience: null,
      },
    ]);
    const system = (await ok<AlertView>(`/api/alerts/${s.ids.A3}`, alertViewSchema)).body;
    expect([system.resolvedBySystem, system.resolvedBy, system.resolution]).toEqual([true, null, 'Renewed']);
    expect((await ok<AlertView>(`/api/alerts/${s.ids.N1}`, alertViewSchema)).body.assignedTo).toEqual({
      id: s.coordinator.id,
      firstName: 'Cora',
      lastName: 'Ndiaye',
    });
  });

  it('puts critical first, then high, medium and low, the newest raised first within each, unless asked otherwise', async () => {
    // Severities as raised (B2 escalated from high): A1 high, A2 critical, A3 medium (resolved), B1 low, B2 critical,
    // N1 medium, raised in that order. B1, a low one, is newer than A1 and A2 but comes after them.
    expect(await alertIds('?sort=severity')).toEqual(named('B2', 'A2', 'A1', 'N1', 'A3', 'B1'));
    expect(await alertIds('?sort=newest')).toEqual(named('N1', 'B2', 'B1', 'A3', 'A2', 'A1'));
    expect(await alertIds('?sort=oldest')).toEqual(named('A1', 'A2', 'A3', 'B1', 'B2', 'N1'));
    expect(await alertIds('?active=true&sort=oldest')).toEqual(named('A1', 'A2', 'B1', 'B2', 'N1'));
    expect(await alertIds('?sort=newest', s.carerA)).toEqual(named('A3', 'A2', 'A1'));

    const bogus = await s.read('/api/alerts?sort=bogus');
    expect(bogus.status).toBe(400);
    expect(bogus.body).toMatchObject({ fields: { sort: 'Sort must be one of: severity, newest, oldest' } });
  });

  it('pages on the server with X-Total-Count, keeping the order across pages', async () => {
    const first = await ok<AlertView[]>('/api/alerts?limit=4', alertViewSchema.array());
    const second = await ok<AlertView[]>('/api/alerts?limit=4&offset=4', alertViewSchema.array());
    expect([first.reply.headers.get('x-total-count'), second.reply.headers.get('x-total-count')]).toEqual(['6', '6']);
    expect([...first.body, ...second.body].map((alert) => alert.id)).toEqual(named('B2', 'A2', 'A1', 'N1', 'A3', 'B1'));
    const pages = await Promise.all(
      [0, 2, 4].map((offset) =>
        ok<AlertView[]>(`/api/alerts?sort=oldest&limit=2&offset=${offset}`, alertViewSchema.array()),
      ),
    );
    expect(pages.map((page) => page.reply.headers.get('x-total-count'))).toEqual(['6', '6', '6']);
    expect(pages.flatMap((page) => page.body.map((alert) => alert.id))).toEqual(
      named('A1', 'A2', 'A3', 'B1', 'B2', 'N1'),
    );
    const open = await ok<AlertView[]>('/api/alerts?active=true&limit=1', alertViewSchema.array());
    expect([open.reply.headers.get('x-total-count'), open.body.length]).toEqual(['5', 1]);
  });

  it('counts the alerts nobody acknowledged: every one for staff, their own for a carer', async () => {
    const count = async (user: TestUser) =>
      (await ok<{ count: number }>('/api/alerts/count', alertCountSchema, user)).body.count;
    expect([await count(s.admin), await count(s.coordinator), await count(s.carerA), await count(s.carerB)]).toEqual([
      4, 4, 1, 2,
    ]);
  });

  it("shows a carer only the alerts about their own carer record, never another carer's", async () => {
    expect(await alertIds('', s.carerA)).toEqual(named('A2', 'A1', 'A3'));
    expect(await alertIds('', s.carerB)).toEqual(named('B2', 'B1'));
    expect(await alertIds(`?carerId=${s.carerIdB}`, s.carerA)).toEqual([]);
    expect((await s.read(`/api/alerts/${s.ids.B1}`, s.carerA)).status).toBe(404);
    expect((await s.read(`/api/alerts/${s.ids.N1}`, s.carerA)).status).toBe(404);
    const page = await ok<AlertView[]>('/api/alerts?limit=1', alertViewSchema.array(), s.carerA);
    expect(page.reply.headers.get('x-total-count')).toBe('3');
  });
});

describe('GET /api/tasks', () => {
  it("lists everyone's tasks for staff, newest first, and filters by status, category, open, overdue and mine", async () => {
    expect(await taskIds('')).toEqual(named('T5', 'T4', 'T3', 'T2', 'T1'));
    expect(await taskIds('?status=completed')).toEqual(named('T3'));
    expect(await taskIds('?category=care')).toEqual(named('T4', 'T1'));
    expect(await taskIds('?open=true')).toEqual(named('T4', 'T2', 'T1'));
    expect(await taskIds('?overdue=true')).toEqual(named('T4', 'T1'));
    expect(await taskIds('?mine=true', s.coordinator)).toEqual(named('T1'));
    const page = await ok<TaskView[]>('/api/tasks?limit=2&offset=1', taskViewSchema.array());
    expect([page.reply.headers.get('x-total-count'), page.body.map((task) => task.id)]).toEqual([
      '5',
      named('T4', 'T3'),
    ]);
    const task = (await ok<TaskView>(`/api/tasks/${s.ids.T4}`, taskViewSchema)).body;
    expect(task).toMatchObject({
      status: 'in_progress',
      overdue: true,
      assignedTo: { id: s.carerA.id, firstName: 'Ann', lastName: 'Archer' },
      assignedBy: { id: s.admin.id },
    });
    expect((await ok<TaskView>(`/api/tasks/${s.ids.T2}`, taskViewSchema)).body.overdue).toBe(false);
  });

  it('shows a carer only the tasks assigned to them', async () => {
    expect(await taskIds('', s.carerA)).toEqual(named('T4', 'T2'));
    expect(await taskIds('?category=administration', s.carerB)).toEqual(named('T5'));
    expect(await taskIds('?status=pending', s.carerB)).toEqual([]);
    expect((await s.read(`/api/tasks/${s.ids.T1}`, s.carerA)).status).toBe(404);
  });
});

describe('GET /api/dashboard/stats', () => {
  const stats = async (user: TestUser) =>
    (await ok<DashboardStats>('/api/dashboard/stats', dashboardStatsSchema, user)).body;

  it("gives staff the agency's figures, each computed from the record", async () => {
    expect(await stats(s.coordinator)).toEqual({
      activeAlerts: 4,
      urgentAlerts: 2,
      openAlerts: 5,
      toDoItems: 3,
      overdueTasks: 2,
      taskCategories: { care: 2, medication: 0, staffing: 0, training: 1, administration: 0 },
      unrecordedVisits: 2,
      welfareConcerns: 1,
      incidents: 0,
      // V2 on time, V3 40 minutes late; ratings 4 and 2; compliance 13% and 0%.
      quickStats: { onTimeRate: 50, trainingCompliance: 6.5, clientSatisfaction: 3, ratingsCount: 2 },
    });
  });

  it("gives a carer their own work's figures only, without the welfare and incident tiles", async () => {
    expect(await stats(s.carerA)).toEqual({
      activeAlerts: 1,
      urgentAlerts: 1,
      openAlerts: 2,
      toDoItems: 2,
      overdueTasks: 1,
      taskCategories: { care: 1, medication: 0, staffing: 0, training: 1, administration: 0 },
      unrecordedVisits: 1,
      welfareConcerns: null,
      incidents: null,
      quickStats: { onTimeRate: 100, trainingCompliance: 13, clientSatisfaction: 4, ratingsCount: 1 },
    });
    expect(await stats(s.carerB)).toMatchObject({
      activeAlerts: 2,
      urgentAlerts: 1,
      toDoItems: 0,
      unrecordedVisits: 1,
      quickStats: { onTimeRate: 0, trainingCompliance: 0, clientSatisfaction: 2, ratingsCount: 1 },
    });
  });

  it('opens the list behind the Unrecorded Visits and Welfare Concerns tiles', async () => {
    const unrecorded = await s.read('/api/appointments?unrecorded=true');
    expect([unrecorded.status, unrecorded.headers.get('x-total-count')]).toEqual([200, '2']);
    expect((unrecorded.body as { id: string }[]).map((visit) => visit.id).sort()).toEqual(named('V1', 'V6').sort());
    const own = await s.read('/api/appointments?unrecorded=true', s.carerA);
    expect((own.body as { id: string }[]).map((visit) => visit.id)).toEqual(named('V1'));
    const welfare = await s.read('/api/diary?welfare=true');
    expect([
      welfare.status,
      welfare.headers.get('x-total-count'),
      (welfare.body as { id: string }[]).map((entry) => entry.id),
    ]).toEqual([200, '1', named('D1')]);
  });
});

// Last in the file: it adds a task that the figures above do not count.
describe('a task with no due date', () => {
  it('is open and not overdue, and is listed as not overdue', async () => {
    const id = await s.alerts.task(
      { title: 'Order gloves', category: 'administration', assignedTo: s.coordinator.id },
      s.admin.id,
      new Date().toISOString(),
    );
    const task = (await ok<TaskView>(`/api/tasks/${id}`, taskViewSchema)).body;
    expect([task.status, task.overdue]).toEqual(['pending', false]);
    expect(await taskIds('?overdue=false&open=true')).toContain(id);
  });
});
