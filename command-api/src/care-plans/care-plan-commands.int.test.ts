import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, appointmentStreamId, carePlanStreamId, londonToday, parseRecordedEvent } from '@care/events';
import {
  appendedSince,
  settledLog,
  startCommandApi,
  type ApiReply,
  type RunningCommandApi,
  type TestUser,
} from '../../testing';

let api: RunningCommandApi;
let coordinator: TestUser;
let carer: TestUser;
let templateId: string;

const today = londonToday();
const inThreeMonths = addDays(today, 91);

async function created(reply: Promise<ApiReply>): Promise<string> {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as string;
}

const createClient = () =>
  created(
    api.request('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Edith',
      lastName: 'Green',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
      allergies: ['Penicillin'],
      medicalConditions: ['Type 2 diabetes'],
    }),
  );

const eventsOf = async (id: string) => (await api.store.readStream(carePlanStreamId(id))).map(parseRecordedEvent);

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'care_plan_cmds');
  coordinator = await api.createUser('coordinator');
  carer = await api.createUser('carer');
  templateId = await created(
    api.request('POST', '/api/care-plans/templates', {
      name: 'Personal care',
      kind: 'personal_care',
      title: 'Personal care plan',
      description: 'Support with washing, dressing and meals.',
      objectives: ['Stay living at home safely'],
      interventions: ['Help with a strip wash'],
      goals: ['Dress independently'],
      visitTasks: [
        { visitType: 'medication', tasks: ['Prompt tablets'] },
        { visitType: 'personal_care', tasks: ['Strip wash', 'Dress', 'Breakfast'] },
      ],
    }),
  );
});
afterAll(async () => {
  await api?.close();
});

describe('POST /api/care-plans', () => {
  it('starts a plan from a template, with allergies, conditions and the emergency contact from the client record', async () => {
    const clientId = await createClient();
    const id = await created(
      coordinator.request('POST', '/api/care-plans', { clientId, templateId, reviewDate: inThreeMonths }),
    );
    const [createdEvent, ...rest] = await eventsOf(id);
    expect(rest).toEqual([]);
    expect(createdEvent!.type).toBe('CarePlanCreated');
    expect(createdEvent!.data).toEqual({
      id,
      clientId,
      templateId,
      reviewDate: inThreeMonths,
      reason: 'Started from the template Personal care',
      content: {
        title: 'Personal care plan',
        description: 'Support with washing, dressing and meals.',
        objectives: ['Stay living at home safely'],
        interventions: ['Help with a strip wash'],
        goals: ['Dress independently'],
        riskAssessment: [],
        allergies: ['Penicillin'],
        medicalConditions: ['Type 2 diabetes'],
        emergencyContacts: [{ name: 'Paul Green', phone: '07700 900123', relationship: 'Emergency contact' }],
        // Kept in visit-type order whatever order they were sent in.
        visitTasks: [
          { visitType: 'personal_care', tasks: ['Strip wash', 'Dress', 'Breakfast'] },
          { visitType: 'medication', tasks: ['Prompt tablets'] },
        ],
      },
    });
    expect(createdEvent!.metadata).toMatchObject({ userId: coordinator.id });
  });

  it('keeps one plan in use per client: a second is 409 until the first is inactive', async () => {
    const clientId = await createClient();
    const first = await created(
      coordinator.request('POST', '/api/care-plans', { clientId, title: 'First', reviewDate: inThreeMonths }),
    );
    const before = await settledLog(api.store);
    const second = await coordinator.request('POST', '/api/care-plans', {
      clientId,
      title: 'Second',
      reviewDate: inThreeMonths,
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      error: 'This client already has a care plan in use',
      fields: { clientId: 'This client already has a care plan in use' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);

    const inactive = await coordinator.request('POST', `/api/care-plans/${first}/status`, {
      status: 'inactive',
      reason: 'Moved to a care home',
    });
    expect(inactive.status, inactive.text).toBe(200);
    await created(
      coordinator.request('POST', '/api/care-plans', { clientId, title: 'Second', reviewDate: inThreeMonths }),
    );
    // The first cannot come back while the second is in use.
    const back = await coordinator.request('POST', `/api/care-plans/${first}/status`, {
      status: 'active',
      reason: 'Back home',
    });
    expect(back.status).toBe(409);
  });

  it('refuses an unknown client or template, a review date over a year back and a missing title', async () => {
    const clientId = await createClient();
    const unknownClient = await coordinator.request('POST', '/api/care-plans', {
      clientId: randomUUID(),
      title: 'x',
      reviewDate: inThreeMonths,
    });
    expect(unknownClient.body.fields).toEqual({ clientId: 'Client not found' });
    const unknownTemplate = await coordinator.request('POST', '/api/care-plans', {
      clientId,
      templateId: randomUUID(),
      reviewDate: inThreeMonths,
    });
    expect(unknownTemplate.body.fields).toEqual({ templateId: 'Template not found' });
    const past = await coordinator.request('POST', '/api/care-plans', {
      clientId,
      title: 'x',
      reviewDate: addDays(today, -400),
    });
    expect(past.body.fields).toEqual({ reviewDate: 'Review date must be within the last year, or later' });
    const untitled = await coordinator.request('POST', '/api/care-plans', { clientId, reviewDate: inThreeMonths });
    expect(untitled.body.fields).toEqual({ title: 'Title is required' });
  });

  it('is for coordinators and administrators; templates for administrators only', async () => {
    const clientId = await createClient();
    expect(
      (await carer.request('POST', '/api/care-plans', { clientId, title: 'x', reviewDate: inThreeMonths })).status,
    ).toBe(403);
    expect(
      (await coordinator.request('POST', '/api/care-plans/templates', { name: 'x', kind: 'other', title: 'x' })).status,
    ).toBe(403);
  });
});

describe('versions, agreement and reviews', () => {
  it('an update is a new version with the reason; agreement is of the current version; a review sets the next date', async () => {
    const clientId = await createClient();
    const id = await created(
      coordinator.request('POST', `/api/care-plans`, { clientId, templateId, reviewDate: inThreeMonths }),
    );
    const update = await coordinator.request(
      'PATCH',
      `/api/care-plans/${id}`,
      {
        goals: ['Dress independently', 'Walk to the shop'],
        title: 'Personal care plan',
        reason: 'New goal after physio',
      },
      { 'If-Match': '0' },
    );
    expect(update.status, update.text).toBe(200);
    expect(update.body.revision).toBe('1');
    const stale = await coordinator.request(
      'PATCH',
      `/api/care-plans/${id}`,
      { goals: [], reason: 'x' },
      { 'If-Match': '0' },
    );
    expect(stale.status).toBe(409);

    const agreeOld = await coordinator.request('POST', `/api/care-plans/${id}/agreement`, {
      version: 1,
      agreedBy: 'Edith Green',
      relationship: 'Client',
      method: 'in_person',
      agreedOn: today,
    });
    expect(agreeOld.status).toBe(409);
    const agree = await coordinator.request('POST', `/api/care-plans/${id}/agreement`, {
      version: 2,
      agreedBy: 'Edith Green',
      relationship: 'Client',
      method: 'in_person',
      agreedOn: today,
    });
    expect(agree.status, agree.text).toBe(200);

    const schedule = await coordinator.request('POST', `/api/care-plans/${id}/review-date`, {
      reviewDate: addDays(today, 10),
      reason: 'After a fall',
    });
    expect(schedule.status, schedule.text).toBe(200);
    const review = await coordinator.request('POST', `/api/care-plans/${id}/reviews`, {
      reviewedOn: today,
      outcome: 'updated',
      changes: { interventions: ['Help with a shower'] },
      notes: 'Shower fitted',
      nextReviewDate: addDays(today, 180),
    });
    expect(review.status, review.text).toBe(200);

    const events = await eventsOf(id);
    expect(events.map((event) => event.type)).toEqual([
      'CarePlanCreated',
      'CarePlanUpdated',
      'CarePlanAgreed',
      'CarePlanReviewScheduled',
      'CarePlanUpdated',
      'CarePlanReviewRecorded',
    ]);
    expect(events[1]!.data).toEqual({
      id,
      clientId,
      version: 2,
      changes: { goals: ['Dress independently', 'Walk to the shop'] },
      reason: 'New goal after physio',
    });
    expect(events[5]!.data).toMatchObject({ outcome: 'updated', version: 3, nextReviewDate: addDays(today, 180) });
  });
});

describe('tasks on visits', () => {
  it("a visit scheduled without tasks gets the plan's tasks for its visit type; tasks sent win; no plan, no tasks", async () => {
    const clientId = await createClient();
    const planless = await createClient();
    await created(coordinator.request('POST', '/api/care-plans', { clientId, templateId, reviewDate: inThreeMonths }));
    const start = `${addDays(today, 3)}T10:00:00.000Z`;
    const tasksOf = async (id: string) =>
      (await api.store.readStream(appointmentStreamId(id)))[0]!.data as { tasks: string[] };

    const personal = await created(
      coordinator.request('POST', '/api/appointments', { clientId, scheduledStart: start, durationMinutes: 60 }),
    );
    expect((await tasksOf(personal)).tasks).toEqual(['Strip wash', 'Dress', 'Breakfast']);
    const medication = await created(
      coordinator.request('POST', '/api/appointments', {
        clientId,
        visitType: 'medication',
        scheduledStart: start,
        durationMinutes: 30,
      }),
    );
    expect((await tasksOf(medication)).tasks).toEqual(['Prompt tablets']);
    const own = await created(
      coordinator.request('POST', '/api/appointments', {
        clientId,
        scheduledStart: start,
        durationMinutes: 60,
        tasks: ['Hoover'],
      }),
    );
    expect((await tasksOf(own)).tasks).toEqual(['Hoover']);
    const none = await created(
      coordinator.request('POST', '/api/appointments', {
        clientId: planless,
        scheduledStart: start,
        durationMinutes: 60,
      }),
    );
    expect((await tasksOf(none)).tasks).toEqual([]);

    const series = await coordinator.request('POST', '/api/appointments/recurring', {
      clientId,
      daysOfWeek: [1, 3],
      startTime: '09:00',
      durationMinutes: 45,
      startDate: addDays(today, 1),
      untilDate: addDays(today, 8),
    });
    expect(series.status, series.text).toBe(201);
    const ids = series.body.ids as string[];
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect((await tasksOf(id)).tasks).toEqual(['Strip wash', 'Dress', 'Breakfast']);
  });
});
