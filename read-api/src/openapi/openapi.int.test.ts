import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { addDays, londonToday } from '@care/events';
import { requester, type ApiReply, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
// The command API's own test helpers for the multipart upload (scripts/ import across packages the same way).
import { fakeWebm } from '../../../command-api/src/voice-notes/audio-samples.testing';
import { uploadVoiceNote } from '../../../command-api/src/voice-notes/voice-note-upload.testing';
import { type ReadApi } from '../app';
import { ROUTE_DOCS } from './openapi-document';
import { errorReplies, type RouteDoc } from './route-doc';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * GET /api/openapi.json against the real services: every registered route is documented (and nothing else), and the
 * replies the routes give match the schemas the document was generated from. Reply schemas are strict, so a reply
 * carrying a field the document does not name fails here (docs/decisions/0018-one-api-contract.md).
 */
let stack: ReadStack | undefined;
let command: RunningCommandApi;
let readApi: ReadApi;
let readUrl: string;
let carerUser: TestUser;
let lastPosition = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'openapi');
  ({ command, readApi, readUrl } = stack);
  carerUser = await command.createUser('carer');
});

afterAll(async () => {
  await stack?.stop();
});

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

function documented(method: string, path: string): RouteDoc {
  const route = ROUTE_DOCS.find((doc) => doc.method === method && doc.path === path);
  if (!route) throw new Error(`${method} ${path} is not documented`);
  return route;
}

/** The reply matches the schema the document gives for its route and status (strict: no undocumented field). */
function expectDocumented(method: string, path: string, reply: ApiReply): void {
  const route = documented(method, path);
  const doc = { ...route.replies, ...errorReplies(route) }[reply.status];
  expect(doc, `${method} ${path} answered ${reply.status}, which is not documented: ${reply.text}`).toBeDefined();
  if (!doc!.schema) return;
  const parsed = (doc!.schema as z.ZodType).safeParse(reply.body);
  expect(
    parsed.success ? [] : parsed.error.issues,
    `${method} ${path} ${reply.status}: ${reply.text.slice(0, 500)}`,
  ).toEqual([]);
}

/** A command as the administrator (or `user`), its reply checked against the document. */
async function send(method: string, docPath: string, path: string, body?: unknown, user: TestUser = command.admin) {
  const reply = await user.request(method, path, body);
  expect(reply.status, reply.text).toBeLessThan(300);
  expectDocumented(method, docPath, reply);
  lastPosition = reply.body?.position ?? lastPosition;
  return reply.body as { id: string };
}

/** A read as `user` after every write so far, its reply checked against the document. */
async function read(docPath: string, path = docPath, user: TestUser = command.admin) {
  const reply = await requester(readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': lastPosition });
  expect(reply.status, `${path}: ${reply.text.slice(0, 300)}`).toBe(200);
  expectDocumented('GET', docPath, reply);
  return reply;
}

describe('the document', () => {
  it('documents every registered route of both services, and no other', () => {
    const registered = [
      ...command.routes.map((route) => `command-api ${key(route)}`),
      ...readApi.routes.map((route) => `read-api ${key(route)}`),
    ].sort();
    const described = ROUTE_DOCS.map((route) => `${route.service} ${key(route)}`).sort();
    expect(described).toEqual(registered);
    expect(new Set(described).size).toBe(described.length);
  });

  it('is served to any signed-in user as OpenAPI 3.1, with each route, its permission and its replies', async () => {
    const reply = await requester(readUrl, carerUser.cookie)('GET', '/api/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    const document = reply.body as { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      ROUTE_DOCS.map((route) => `${route.method} ${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`).sort(),
    );
    const carers = document.paths['/api/carers']!;
    expect(carers.get!['x-permissions']).toEqual(['carers.read', 'carers.readOwn']);
    expect(carers.post!['x-permissions']).toEqual(['carers.write']);
    expect(Object.keys(carers.post!.responses as object)).toEqual([
      '201',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '422',
      '503',
    ]);
    expect(JSON.stringify(carers.get!.responses)).toContain('#/components/schemas/CarerView');
    // Writes take an optional Idempotency-Key; reads and the recording upload do not.
    const headerNames = (operation: { parameters?: unknown } | undefined) =>
      ((operation?.parameters ?? []) as { name: string; in: string }[])
        .filter((parameter) => parameter.in === 'header')
        .map((parameter) => parameter.name);
    expect(headerNames(carers.post)).toContain('Idempotency-Key');
    expect(headerNames(carers.get)).not.toContain('Idempotency-Key');
    expect(headerNames(document.paths['/api/voice-notes']!.post)).not.toContain('Idempotency-Key');
  });

  it('is not served without a session', async () => {
    const reply = await requester(readUrl, undefined)('GET', '/api/openapi.json');
    expect([reply.status, reply.text]).toEqual([401, 'Unauthorized']);
  });
});

describe('replies match the document', () => {
  beforeAll(async () => {
    const today = londonToday();
    ids.carer = (
      await send('POST', '/api/carers', '/api/carers', {
        firstName: 'Nadia',
        lastName: 'Hussain',
        email: 'nadia@example.org',
        employeeId: `EMP-${randomUUID().slice(0, 8)}`,
        startDate: '2024-03-01',
        hourlyRate: '14.50',
        userId: carerUser.id,
      })
    ).id;
    ids.client = (
      await send('POST', '/api/clients', '/api/clients', {
        clientId: `CL-${randomUUID().slice(0, 8)}`,
        firstName: 'Edith',
        lastName: 'Green',
        dateOfBirth: '1938-05-14',
        address: '4 Mill Lane, Leeds',
        emergencyContact: 'Paul Green',
        emergencyPhone: '07700 900123',
        careLevel: 'medium',
      })
    ).id;
    await send('PUT', '/api/clients/:id/keyworker', `/api/clients/${ids.client}/keyworker`, {
      keyworkerCarerId: ids.carer,
    });
    ids.training = (
      await send('POST', '/api/training', '/api/training', {
        carerId: ids.carer,
        trainingType: 'first_aid',
        completedDate: '2025-06-01',
        expiryDate: '2027-06-01',
      })
    ).id;
    ids.diary = (
      await send('POST', '/api/diary', '/api/diary', {
        carerId: ids.carer,
        clientId: ids.client,
        entryDate: `${today}T09:15:00Z`,
        title: 'Breakfast',
        content: 'Ate well.',
      })
    ).id;
    await send('PATCH', '/api/diary/:id', `/api/diary/${ids.diary}`, {
      content: 'Ate well, took tablets.',
      reason: 'Forgot the tablets',
    });
    ids.feedback = (
      await send(
        'POST',
        '/api/feedback',
        '/api/feedback',
        { type: 'bug', category: 'general', message: 'Broken', page: '/carers' },
        carerUser,
      )
    ).id;
    const start = new Date(Date.now() - 30 * 60_000).toISOString();
    // Its own London day: yesterday when the test runs in the first half hour after midnight.
    ids.appointmentDay = londonToday(new Date(start));
    ids.appointment = (
      await send('POST', '/api/appointments', '/api/appointments', {
        clientId: ids.client,
        carerId: ids.carer,
        scheduledStart: start,
        durationMinutes: 60,
        tasks: ['Breakfast'],
      })
    ).id;
    await send(
      'POST',
      '/api/appointments/:id/check-in',
      `/api/appointments/${ids.appointment}/check-in`,
      { source: 'Computer' },
      carerUser,
    );
    await send(
      'POST',
      '/api/appointments/:id/check-out',
      `/api/appointments/${ids.appointment}/check-out`,
      { source: 'Computer', tasksCompleted: ['Breakfast'] },
      carerUser,
    );
    const shiftStart = new Date(Date.now() - 2 * 3600_000);
    ids.shift = (
      await send('POST', '/api/shifts', '/api/shifts', {
        carerId: ids.carer,
        shiftType: 'full_day',
        startTime: shiftStart.toISOString(),
        endTime: new Date(shiftStart.getTime() + 8 * 3600_000).toISOString(),
      })
    ).id;
    const upload = await uploadVoiceNote(
      command.baseUrl,
      carerUser.cookie,
      { title: 'Visit note', duration: '12', clientId: ids.client },
      { bytes: fakeWebm(3000), type: 'audio/webm' },
    );
    expectDocumented('POST', '/api/voice-notes', upload);
    lastPosition = upload.body.position;
  });

  it('for carers, clients, training and diary', async () => {
    expect((await read('/api/carers')).body).toHaveLength(1);
    await read('/api/carers/:id', `/api/carers/${ids.carer}`);
    await read('/api/carers', '/api/carers', carerUser);
    const clients = await read('/api/clients');
    expect(clients.body[0].keyworkerCarer.id).toBe(ids.carer);
    await read('/api/clients/:id', `/api/clients/${ids.client}`);
    expect((await read('/api/training')).body).toHaveLength(1);
    await read('/api/training/compliance');
    await read('/api/training/:id', `/api/training/${ids.training}`);
    expect((await read('/api/diary')).body[0].amended).toBe(true);
    await read('/api/diary/:id', `/api/diary/${ids.diary}`);
    expect((await read('/api/diary/:id/history', `/api/diary/${ids.diary}/history`)).body).toHaveLength(2);
    expect((await read('/api/voice-notes')).body).toHaveLength(1);
  });

  it('for appointments, monitoring and shifts', async () => {
    const visits = await read('/api/appointments', `/api/appointments?date=${ids.appointmentDay}`);
    expect(visits.body.map((visit: { id: string }) => visit.id)).toContain(ids.appointment);
    const one = await read('/api/appointments/:id', `/api/appointments/${ids.appointment}`);
    expect(one.body.status).toBe('completed');
    await read('/api/appointments/:id/history', `/api/appointments/${ids.appointment}/history`);
    await read('/api/appointments/today/count');
    await read('/api/appointments/summary', '/api/appointments/summary');
    await read('/api/appointments/analytics', `/api/appointments/analytics?from=${londonToday()}&to=${londonToday()}`);
    // The last seven days: the visit began 30 minutes ago, which may be yesterday just after midnight.
    const monitoring = await read('/api/monitoring', '/api/monitoring?range=7d');
    expect(monitoring.body.total).toBeGreaterThanOrEqual(1);
    expect((await read('/api/shifts')).body.map((shift: { id: string }) => shift.id)).toContain(ids.shift);
    await read('/api/appointments', '/api/appointments?today=true', carerUser);
  });

  it('for users, the access log, feedback, the signed-in user and projection status', async () => {
    expect((await read('/api/users')).body.length).toBeGreaterThanOrEqual(2);
    expect((await read('/api/access-log')).body.length).toBeGreaterThanOrEqual(2);
    expect((await read('/api/feedback')).body[0].user.email).toBeDefined();
    await read('/api/auth/user', '/api/auth/user', carerUser);
    const statuses = await read('/api/status/projections');
    expect(statuses.body.length).toBeGreaterThan(5);
  });

  it('for more commands: a triage, a weekly pattern, a reset link', async () => {
    await send('PATCH', '/api/feedback/:id', `/api/feedback/${ids.feedback}`, {
      status: 'resolved',
      adminNotes: 'Fixed',
    });
    const recurring = await command.request('POST', '/api/appointments/recurring', {
      clientId: ids.client,
      startDate: addDays(londonToday(), 30),
      untilDate: addDays(londonToday(), 36),
      startTime: '18:00',
      durationMinutes: 30,
      daysOfWeek: [1, 3],
    });
    expect(recurring.status, recurring.text).toBe(201);
    expectDocumented('POST', '/api/appointments/recurring', recurring);
    const reset = await command.request('POST', `/api/users/${carerUser.id}/password-reset`);
    expect(reset.status, reset.text).toBe(201);
    expectDocumented('POST', '/api/users/:id/password-reset', reset);
  });

  it('for refusals: 400 with fields, 403, 404, 409 and 401', async () => {
    const invalid = await command.request('POST', '/api/carers', {});
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fields)).toContain('firstName');
    expectDocumented('POST', '/api/carers', invalid);

    const forbidden = await carerUser.request('POST', '/api/clients', {});
    expect(forbidden.status).toBe(403);
    expectDocumented('POST', '/api/clients', forbidden);
    const forbiddenRead = await requester(readUrl, carerUser.cookie)('GET', '/api/users');
    expect(forbiddenRead.status).toBe(403);
    expectDocumented('GET', '/api/users', forbiddenRead);

    const unknown = await requester(readUrl, command.admin.cookie)('GET', `/api/carers/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expectDocumented('GET', '/api/carers/:id', unknown);

    // The client was registered (revision 0), then given a keyworker (1).
    const stale = await command.request(
      'PATCH',
      `/api/clients/${ids.client}`,
      { address: '5 Mill Lane' },
      { 'if-match': '"0"' },
    );
    expect(stale.status, stale.text).toBe(409);
    expectDocumented('PATCH', '/api/clients/:id', stale);

    const clash = await command.request('POST', '/api/appointments', {
      clientId: ids.client,
      carerId: ids.carer,
      scheduledStart: new Date(Date.now() - 20 * 60_000).toISOString(),
      durationMinutes: 30,
    });
    expect(clash.status, clash.text).toBe(409);
    expect(clash.body.clash.appointmentId).toBe(ids.appointment);
    expectDocumented('POST', '/api/appointments', clash);

    const anonymous = await requester(readUrl, undefined)('GET', '/api/carers');
    expect(anonymous.status).toBe(401);
    expectDocumented('GET', '/api/carers', anonymous);
  });
});
