import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseRecordedEvent, positionToToken, taskStreamId } from '@care/events';
import { appendedSince, settledLog, startCommandApi, type RunningCommandApi, type TestUser } from '../../testing';

let api: RunningCommandApi;
let coordinator: TestUser;
let carer: TestUser;
let otherCarer: TestUser;
let clientId: string;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'task_cmds');
  coordinator = await api.createUser('coordinator');
  carer = await api.createUser('carer');
  otherCarer = await api.createUser('carer');
  const client = await api.request('POST', '/api/clients', {
    clientId: `CL-${randomUUID().slice(0, 8)}`,
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  expect(client.status, client.text).toBe(201);
  clientId = client.body.id as string;
});
afterAll(async () => {
  await api?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const POSITION_TOKEN = /^\d+\.\d+$/;
const UNKNOWN_ID = '0195a2b4-0000-7000-8000-000000000000';
const STALE = 'This record was changed by someone else. Reload it and try again.';

const newTask = { title: 'Call the pharmacy', type: 'call', category: 'medication' };
const eventsOf = async (id: string) => (await api.store.readStream(taskStreamId(id))).map(parseRecordedEvent);
const typesOf = async (id: string) => (await eventsOf(id)).map((event) => event.type);

async function create(body: Record<string, unknown> = {}): Promise<string> {
  const reply = await coordinator.request('POST', '/api/tasks', { ...newTask, ...body });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

async function ok(as: TestUser, method: string, path: string, body: unknown = {}) {
  const reply = await as.request(method, path, body);
  expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(200);
  return reply;
}

describe('POST /api/tasks', () => {
  it('creates a pending task as the signed-in user, priority medium by default', async () => {
    const reply = await coordinator.request('POST', '/api/tasks', {
      ...newTask,
      title: '  Call the pharmacy  ',
      description: 'Ask about the new prescription',
      dueDate: '2026-11-24T12:00:00+00:00',
      assignedTo: carer.id,
      clientId,
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(UUID),
      revision: '0',
      position: expect.stringMatching(POSITION_TOKEN),
    });
    const [created, ...rest] = await eventsOf(reply.body.id);
    expect(rest).toEqual([]);
    expect(created!.data).toEqual({
      id: reply.body.id,
      title: 'Call the pharmacy',
      description: 'Ask about the new prescription',
      type: 'call',
      category: 'medication',
      priority: 'medium',
      dueDate: '2026-11-24T12:00:00.000Z',
      assignedTo: carer.id,
      clientId,
      carerId: null,
      appointmentId: null,
      alertId: null,
    });
    expect(created!.metadata).toMatchObject({
      userId: coordinator.id,
      correlationId: reply.headers.get('x-request-id'),
    });
    expect(positionToToken(created!.position)).toBe(reply.body.position);
  });

  it('answers 400 naming every bad field, and for records or people that do not exist, appending nothing', async () => {
    const before = await settledLog(api.store);
    const missing = await coordinator.request('POST', '/api/tasks', { priority: 'asap' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'Validation failed',
      fields: {
        title: 'Title is required',
        type: 'Type must be one of: follow_up, call, visit, review, paperwork, other',
        category: 'Category must be one of: care, medication, staffing, training, administration',
        priority: 'Priority must be one of: low, medium, high, urgent',
      },
    });
    for (const [body, field, message] of [
      [{ clientId: UNKNOWN_ID }, 'clientId', 'Client not found'],
      [{ carerId: UNKNOWN_ID }, 'carerId', 'Carer not found'],
      [{ appointmentId: UNKNOWN_ID }, 'appointmentId', 'Appointment not found'],
      [{ assignedTo: UNKNOWN_ID }, 'assignedTo', 'Assigned to must be an active user'],
    ] as const) {
      const reply = await coordinator.request('POST', '/api/tasks', { ...newTask, ...body });
      expect(reply.status, field).toBe(400);
      expect(reply.body).toEqual({ error: message, fields: { [field]: message } });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});

describe('PATCH /api/tasks/:id', () => {
  it('records only the fields sent that changed (an edit of the title keeps the priority)', async () => {
    const id = await create({ priority: 'high', dueDate: '2026-11-24T12:00:00Z' });
    const reply = await coordinator.request(
      'PATCH',
      `/api/tasks/${id}`,
      { title: 'Call the pharmacy again', category: 'medication', dueDate: '' },
      { 'if-match': '0' },
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.revision).toBe('1');
    expect((await eventsOf(id)).at(-1)!.data).toEqual({
      id,
      changes: { title: 'Call the pharmacy again', dueDate: null },
    });

    const same = await ok(coordinator, 'PATCH', `/api/tasks/${id}`, { title: 'Call the pharmacy again' });
    expect(same.body.revision).toBe('1');
  });

  it('answers 400 for a bad field and a client that does not exist', async () => {
    const id = await create();
    const reply = await coordinator.request('PATCH', `/api/tasks/${id}`, { title: '', clientId: UNKNOWN_ID });
    expect(reply.body.fields).toEqual({ title: 'Title is required' });
    const unknownClient = await coordinator.request('PATCH', `/api/tasks/${id}`, { clientId: UNKNOWN_ID });
    expect(unknownClient.body).toEqual({ error: 'Client not found', fields: { clientId: 'Client not found' } });
  });
});

describe('assigning, starting and completing', () => {
  it('lets the assigned carer start and complete their task, with notes', async () => {
    const id = await create();
    await ok(coordinator, 'POST', `/api/tasks/${id}/assign`, { assignedTo: carer.id });
    const started = await ok(carer, 'POST', `/api/tasks/${id}/start`);
    expect(started.body.revision).toBe('2');
    await ok(carer, 'POST', `/api/tasks/${id}/complete`, { notes: 'Prescription ready Friday' });
    const events = await eventsOf(id);
    expect(events.map((event) => event.type)).toEqual(['TaskCreated', 'TaskAssigned', 'TaskStarted', 'TaskCompleted']);
    expect(events[1]!.data).toEqual({ id, assignedTo: carer.id });
    expect(events[3]).toMatchObject({
      data: { id, notes: 'Prescription ready Friday' },
      metadata: { userId: carer.id },
    });
    const { completedAt } = events[3]!.data as { completedAt: string };
    expect(Date.now() - Date.parse(completedAt)).toBeLessThan(60_000);
  });

  it("answers a carer someone else's task or an unassigned one as unknown (404), appending nothing", async () => {
    const id = await create({ assignedTo: carer.id });
    const unassigned = await create();
    const before = await settledLog(api.store);
    for (const [as, task] of [
      [otherCarer, id],
      [carer, unassigned],
    ] as const) {
      for (const step of ['start', 'complete']) {
        const reply = await as.request('POST', `/api/tasks/${task}/${step}`, {});
        expect(reply.status, step).toBe(404);
        expect(reply.body).toEqual({ error: 'Task not found' });
      }
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('lets a coordinator work on any task', async () => {
    const id = await create({ assignedTo: carer.id });
    await ok(coordinator, 'POST', `/api/tasks/${id}/start`);
    await ok(coordinator, 'POST', `/api/tasks/${id}/complete`);
    expect(await typesOf(id)).toEqual(['TaskCreated', 'TaskStarted', 'TaskCompleted']);
  });

  it('answers 409 for a step out of order', async () => {
    const id = await create({ assignedTo: carer.id });
    const early = await carer.request('POST', `/api/tasks/${id}/complete`, {});
    expect({ status: early.status, body: early.body }).toEqual({
      status: 409,
      body: { error: 'Task has not been started: start it before completing it' },
    });
    await ok(carer, 'POST', `/api/tasks/${id}/start`);
    const twice = await carer.request('POST', `/api/tasks/${id}/start`, {});
    expect({ status: twice.status, body: twice.body }).toEqual({
      status: 409,
      body: { error: 'Task is already in progress' },
    });
    await ok(carer, 'POST', `/api/tasks/${id}/complete`);
    const done = await coordinator.request('POST', `/api/tasks/${id}/assign`, { assignedTo: otherCarer.id });
    expect({ status: done.status, body: done.body }).toEqual({
      status: 409,
      body: { error: 'Task is already completed' },
    });
  });

  it('answers 400 on assignedTo for someone who cannot be assigned', async () => {
    const id = await create();
    const reply = await coordinator.request('POST', `/api/tasks/${id}/assign`, { assignedTo: UNKNOWN_ID });
    expect(reply.body).toEqual({
      error: 'Assigned to must be an active user',
      fields: { assignedTo: 'Assigned to must be an active user' },
    });
    const malformed = await coordinator.request('POST', `/api/tasks/${id}/assign`, { assignedTo: 'bob' });
    expect(malformed.body.fields).toEqual({ assignedTo: 'Assigned to must be a valid id' });
  });
});

describe('cancelling and reopening', () => {
  it('cancels an open task with the reason and reopens it as pending', async () => {
    const id = await create();
    await ok(coordinator, 'POST', `/api/tasks/${id}/cancel`, { reason: 'Pharmacy rang us' });
    const reopened = await ok(coordinator, 'POST', `/api/tasks/${id}/reopen`, {
      reason: 'They rang about something else',
    });
    expect(reopened.body.revision).toBe('2');
    expect((await eventsOf(id)).slice(1).map((event) => [event.type, event.data])).toEqual([
      ['TaskCancelled', { id, reason: 'Pharmacy rang us' }],
      ['TaskReopened', { id, reason: 'They rang about something else' }],
    ]);
  });

  it('asks for a reason and answers 409 for a step that does not apply', async () => {
    const id = await create();
    const noReason = await coordinator.request('POST', `/api/tasks/${id}/cancel`, { reason: '' });
    expect(noReason.body).toEqual({ error: 'Validation failed', fields: { reason: 'Reason is required' } });
    const reopenOpen = await coordinator.request('POST', `/api/tasks/${id}/reopen`, { reason: 'x' });
    expect({ status: reopenOpen.status, body: reopenOpen.body }).toEqual({
      status: 409,
      body: { error: 'Task is still open: only a completed or cancelled task can be reopened' },
    });
    await ok(coordinator, 'POST', `/api/tasks/${id}/cancel`, { reason: 'Not needed' });
    const again = await coordinator.request('POST', `/api/tasks/${id}/cancel`, { reason: 'Not needed' });
    expect({ status: again.status, body: again.body }).toEqual({
      status: 409,
      body: { error: 'Task is already cancelled' },
    });
  });
});

describe('every task command', () => {
  const writes: [string, string, Record<string, unknown>][] = [
    ['PATCH', '', { title: 'New title' }],
    ['POST', '/assign', { assignedTo: null }],
    ['POST', '/cancel', { reason: 'x' }],
    ['POST', '/reopen', { reason: 'x' }],
  ];
  const work: [string, string, Record<string, unknown>][] = [
    ['POST', '/start', {}],
    ['POST', '/complete', {}],
  ];

  it('create, edit, assign, cancel and reopen are for tasks.write: a carer gets 403 even on their own task, nothing appended', async () => {
    const id = await create({ assignedTo: carer.id });
    const before = await settledLog(api.store);
    expect((await carer.request('POST', '/api/tasks', newTask)).status).toBe(403);
    for (const [method, suffix, body] of writes) {
      const reply = await carer.request(method, `/api/tasks/${id}${suffix}`, body);
      expect(reply.status, suffix).toBe(403);
      expect(reply.body).toEqual({ error: 'Forbidden' });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers 404 for unknown and malformed ids, appending nothing', async () => {
    const before = await settledLog(api.store);
    for (const [method, suffix, body] of [...writes, ...work]) {
      for (const id of [UNKNOWN_ID, 'nope']) {
        const reply = await coordinator.request(method, `/api/tasks/${id}${suffix}`, body);
        expect(reply.status, `${method} ${suffix} ${id}`).toBe(404);
        expect(reply.body).toEqual({ error: 'Task not found' });
      }
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers 409 for a stale If-Match on every command, appending nothing', async () => {
    const id = await create({ assignedTo: carer.id });
    const before = await settledLog(api.store);
    for (const [method, suffix, body] of [...writes, ...work]) {
      const reply = await coordinator.request(method, `/api/tasks/${id}${suffix}`, body, { 'if-match': '7' });
      expect(reply.status, suffix).toBe(409);
      expect(reply.body).toEqual({ error: STALE });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});
