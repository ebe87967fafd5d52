import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import {
  addDays,
  londonToday,
  RISK_AREAS,
  type CarePlanDetailView,
  type CarePlanDiffView,
  type CarePlanStats,
  type CarePlanView,
} from '@care/events';
import {
  carePlanDetailViewSchema,
  carePlanDiffViewSchema,
  carePlanStatsSchema,
  carePlanTemplateViewSchema,
  carePlanViewSchema,
} from '@care/events/api';
import type { ApiReply, TestUser } from '@care/command-api/testing';
import { AlertScenario } from '../../testing/alert-scenario';
import { pdfText } from '@care/documents/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * GET /api/care-plans and its detail, diff, stats and templates on the real services: plans written through the
 * command API, each reply checked against its documented (strict) schema, and a carer seeing only the plan in use
 * of the client on their visit.
 */
let stack: ReadStack | undefined;
let s: AlertScenario;
const today = londonToday();
const ids: Record<string, string> = {};

async function client(firstName: string, lastName: string): Promise<string> {
  return (
    await s.send('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName,
      lastName,
      dateOfBirth: '1940-01-01',
      address: '1 High Street, York',
      emergencyContact: 'Jo Bloggs',
      emergencyPhone: '07700 900000',
      careLevel: 'low',
      allergies: ['Latex'],
    })
  ).id;
}

const allRated = RISK_AREAS.map((area) => ({ area, level: 'low', notes: null }));

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'care_plans_read');
  s = new AlertScenario(stack);
  await s.people();
  ids.template = (
    await s.send('POST', '/api/care-plans/templates', {
      name: 'Dementia',
      kind: 'dementia',
      title: 'Dementia care plan',
      objectives: ['Keep a routine'],
    })
  ).id;
  // Edith (the scenario's client): a full plan, agreed, updated to version 2 (not agreed), review in 10 days, high risk.
  ids.edith = (
    await s.send(
      'POST',
      '/api/care-plans',
      {
        clientId: s.clientId,
        title: 'Personal care plan',
        description: 'Morning support',
        objectives: ['Stay at home', 'Eat well', 'Keep active', 'See friends'],
        interventions: ['Strip wash'],
        goals: ['Dress alone'],
        riskAssessment: allRated.map((rating) =>
          rating.area === 'falls' ? { ...rating, level: 'high', notes: 'Two falls' } : rating,
        ),
        visitTasks: [{ visitType: 'personal_care', tasks: ['Wash'] }],
        reviewDate: addDays(today, 10),
      },
      s.coordinator,
    )
  ).id;
  await s.send('POST', `/api/care-plans/${ids.edith}/agreement`, {
    version: 1,
    agreedBy: 'Edith Green',
    relationship: 'Client',
    method: 'in_person',
    agreedOn: today,
  });
  await s.send('PATCH', `/api/care-plans/${ids.edith}`, {
    goals: ['Dress alone', 'Walk to the shop'],
    reason: 'New goal',
  });
  // Frank: from the template, review in 60 days, nothing else.
  ids.frankClient = await client('Frank', 'Moss');
  ids.frank = (
    await s.send('POST', '/api/care-plans', {
      clientId: ids.frankClient,
      templateId: ids.template,
      reviewDate: addDays(today, 60),
    })
  ).id;
  // Grace: a plan made inactive.
  ids.graceClient = await client('Grace', 'Hill');
  ids.grace = (
    await s.send('POST', '/api/care-plans', {
      clientId: ids.graceClient,
      title: 'Old plan',
      reviewDate: addDays(today, 5),
    })
  ).id;
  await s.send('POST', `/api/care-plans/${ids.grace}/status`, { status: 'inactive', reason: 'Moved away' });
  // Carer A visits Edith tomorrow.
  await s.send('POST', '/api/appointments', {
    clientId: s.clientId,
    carerId: s.carerIdA,
    scheduledStart: `${addDays(today, 1)}T10:00:00.000Z`,
    durationMinutes: 60,
  });
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
const planIds = async (query: string, user?: TestUser) =>
  (await ok<CarePlanView[]>(`/api/care-plans${query}`, carePlanViewSchema.array(), user)).body.map((plan) => plan.id);

describe('GET /api/care-plans', () => {
  it('lists plans by review date with the card contents, and searches by client name or title', async () => {
    const { body, reply } = await ok<CarePlanView[]>('/api/care-plans', carePlanViewSchema.array());
    expect(reply.headers.get('x-total-count')).toBe('3');
    expect(body.map((plan) => plan.id)).toEqual([ids.grace, ids.edith, ids.frank]);
    const edith = body.find((plan) => plan.id === ids.edith)!;
    expect(edith).toMatchObject({
      clientName: 'Edith Green',
      title: 'Personal care plan',
      status: 'active',
      version: 2,
      agreed: false,
      agreement: {
        version: 1,
        agreedBy: 'Edith Green',
        relationship: 'Client',
        method: 'in_person',
        agreedOn: today,
        recordedByName: expect.any(String),
      },
      highRisk: true,
      reviewDate: addDays(today, 10),
      reviewInDays: 10,
      createdByName: 'Cora Ndiaye',
      medications: [],
      emergencyContacts: [{ name: 'Paul Green', phone: '07700 900123', relationship: 'Emergency contact' }],
      quality: { score: 89, missing: ['Current version agreed'] },
    });
    expect(await planIds('?search=frank')).toEqual([ids.frank]);
    expect(await planIds('?search=personal%20CARE')).toEqual([ids.edith]);
    expect(body.find((plan) => plan.id === ids.frank)).toMatchObject({
      title: 'Dementia care plan',
      templateName: 'Dementia',
      objectives: ['Keep a routine'],
      allergies: ['Latex'],
    });
  });

  it("shows the client's active prescriptions from the medications record, not a copy of its own", async () => {
    const prescription = {
      clientId: ids.graceClient,
      strength: '500mg',
      form: 'tablet',
      route: 'oral',
      frequency: 'Twice daily',
      doseTimes: ['08:00', '20:00'],
      timeCritical: false,
      prescribedBy: 'Dr Anita Rao',
      startDate: today,
    };
    await s.send('POST', '/api/medications', {
      ...prescription,
      name: 'Paracetamol',
      dosage: '1 tablet',
      instructions: 'With food',
    });
    const stopped = await s.send('POST', '/api/medications', {
      ...prescription,
      name: 'Amoxicillin',
      dosage: '1 capsule',
      form: 'capsule',
    });
    await s.send('POST', `/api/medications/${stopped.id}/discontinue`, { reason: 'Course finished' });
    await expect
      .poll(
        async () =>
          (await ok<CarePlanView[]>('/api/care-plans?search=grace', carePlanViewSchema.array())).body[0]?.medications,
      )
      .toEqual([{ name: 'Paracetamol', dosage: '1 tablet', frequency: 'Twice daily', instructions: 'With food' }]);
  });

  it('filters the tabs: active, due within 30 days, high risk; sorts by quality lowest first; pages', async () => {
    expect(await planIds('?view=active')).toEqual([ids.edith, ids.frank]);
    expect(await planIds('?view=due')).toEqual([ids.edith]);
    expect(await planIds('?view=high_risk')).toEqual([ids.edith]);
    expect(await planIds('?view=in_use&sort=quality')).toEqual([ids.frank, ids.edith]);
    const page = await ok<CarePlanView[]>('/api/care-plans?limit=1&offset=1', carePlanViewSchema.array());
    expect([page.reply.headers.get('x-total-count'), page.body.map((plan) => plan.id)]).toEqual(['3', [ids.edith]]);
    expect((await s.read('/api/care-plans?view=soon')).status).toBe(400);
  });

  it('counts the cards over plans in use', async () => {
    const { body } = await ok<CarePlanStats>('/api/care-plans/stats', carePlanStatsSchema);
    const frankScore = Math.round((100 * 3) / 9); // title from the template: objectives, contact (from the client) and in date
    expect(body).toEqual({
      active: 2,
      dueForReview: 1,
      overdue: 0,
      highRiskClients: 1,
      avgQuality: Math.round((89 + frankScore) / 2),
    });
  });
});

describe('GET /api/care-plans/:id', () => {
  it('holds every version with who, when and why, the agreement of version 1 and the history', async () => {
    const { body } = await ok<CarePlanDetailView>(`/api/care-plans/${ids.edith}`, carePlanDetailViewSchema);
    expect(
      body.versions.map((version) => [
        version.version,
        version.reason,
        version.byName,
        version.agreement?.agreedBy ?? null,
      ]),
    ).toEqual([
      [2, 'New goal', expect.any(String), null],
      [1, 'First version', 'Cora Ndiaye', 'Edith Green'],
    ]);
    expect(body.versions[0]!.changedFields).toEqual(['goals']);
    expect(body.versions[1]!.content.goals).toEqual(['Dress alone']);
    expect(body.history.map((line) => line.summary)).toEqual([
      'Version 2 (Goals changed): New goal',
      `Version 1 agreed by Edith Green (Client), in person, on ${today.split('-').reverse().join('/')}`,
      'Version 1 created: First version',
    ]);
    expect((await s.read(`/api/care-plans/${randomUUID()}`)).status).toBe(404);
  });

  it('compares two versions field by field', async () => {
    const { body } = await ok<CarePlanDiffView>(
      `/api/care-plans/${ids.edith}/diff?from=1&to=2`,
      carePlanDiffViewSchema,
    );
    expect(body).toEqual({
      from: 1,
      to: 2,
      changes: [
        {
          field: 'goals',
          label: 'Goals',
          before: ['Dress alone'],
          after: ['Dress alone', 'Walk to the shop'],
          added: ['Walk to the shop'],
          removed: [],
        },
      ],
    });
    expect((await s.read(`/api/care-plans/${ids.edith}/diff?from=1&to=3`)).status).toBe(404);
  });
});

describe('who reads what', () => {
  it('a carer reads only the plan in use of the client on their visits; another carer none', async () => {
    expect(await planIds('', s.carerA)).toEqual([ids.edith]);
    expect((await s.read(`/api/care-plans/${ids.edith}`, s.carerA)).status).toBe(200);
    expect((await s.read(`/api/care-plans/${ids.frank}`, s.carerA)).status).toBe(404);
    expect(await planIds('', s.carerB)).toEqual([]);
    expect((await ok<CarePlanStats>('/api/care-plans/stats', carePlanStatsSchema, s.carerB)).body.active).toBe(0);
    expect((await s.read('/api/care-plans/templates', s.carerA)).status).toBe(403);
  });

  it('lists the templates for staff', async () => {
    const { body } = await ok<{ name: string }[]>(
      '/api/care-plans/templates',
      carePlanTemplateViewSchema.array(),
      s.coordinator,
    );
    expect(body.map((template) => template.name)).toEqual(['Dementia']);
  });
});

describe('GET /api/care-plans/:id/pdf', () => {
  it('is the whole plan as a PDF a person can read back', async () => {
    const reply = await fetch(`${stack!.readUrl}/api/care-plans/${ids.edith}/pdf`, {
      headers: { cookie: s.admin.cookie, 'x-min-position': s.lastPosition },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="care-plan-Edith-Green-v2.pdf"');
    const text = await pdfText(new Uint8Array(await reply.arrayBuffer()));
    for (const expected of [
      'Personal care plan',
      'Care plan for Edith Green',
      'Walk to the shop',
      'Falls',
      'High',
      'Two falls',
      'Paul Green',
      'No medications recorded',
      'Version 2 (Goals changed): New goal',
    ]) {
      expect(text).toContain(expected);
    }
    expect((await s.read(`/api/care-plans/${ids.frank}/pdf`, s.carerA)).status).toBe(404);
  });
});
