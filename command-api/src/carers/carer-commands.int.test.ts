import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { carerStreamId, positionToToken, type RawRecordedEvent } from '@care/events';
import { appendedSince, settledLog, startCommandApi, type ApiReply, type RunningCommandApi } from '../../testing';

let api: RunningCommandApi;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'carer_cmds');
});
afterAll(async () => {
  await api?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const POSITION_TOKEN = /^\d+\.\d+$/;
const CONFLICT = 'This record was changed by someone else. Reload it and try again.';

const uniqueEmployeeId = () => `EMP-${randomUUID().slice(0, 8).toUpperCase()}`;

function carerRequest(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    employeeId: uniqueEmployeeId(),
    startDate: '2024-03-01',
    ...overrides,
  };
}

async function register(overrides: Record<string, unknown> = {}): Promise<{ id: string; employeeId: string }> {
  const request = carerRequest(overrides);
  const reply = await api.request('POST', '/api/carers', request);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { id: reply.body.id, employeeId: request.employeeId };
}

const readCarer = (id: string) => api.store.readStream(carerStreamId(id));
const types = (events: readonly RawRecordedEvent[]) => events.map((event) => event.type);

describe('POST /api/carers', () => {
  it('registers a carer and replies with its id, revision and global position', async () => {
    const employeeId = uniqueEmployeeId();
    const reply = await api.request('POST', '/api/carers', {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      region: 'north',
      employeeId,
      startDate: '2024-03-01',
      specialization: 'dementia',
      qualifications: ['  NVQ 2 ', 'nvq 2', '', 'First Aid'],
      phoneNumber: '07700 900000',
      emergencyContact: 'Byron',
      emergencyPhone: '07700 900001',
      address: '1 High Street, Leeds',
      dateOfBirth: '1990-12-10',
      hourlyRate: '14.50',
      notes: 'Drives',
    });

    expect(reply.status).toBe(201);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body).toEqual({
      id: expect.stringMatching(UUID),
      revision: '0',
      position: expect.stringMatching(POSITION_TOKEN),
    });

    const stream = await readCarer(reply.body.id);
    expect(types(stream)).toEqual(['CarerRegistered']);
    const [registered] = stream;
    expect(registered!.revision).toBe(0n);
    expect(positionToToken(registered!.position)).toBe(reply.body.position);
    expect(registered!.data).toEqual({
      carerId: reply.body.id,
      userId: null,
      isActive: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      region: 'north',
      employeeId,
      startDate: '2024-03-01',
      specialization: 'dementia',
      qualifications: ['NVQ 2', 'First Aid'],
      phoneNumber: '07700 900000',
      emergencyContact: 'Byron',
      emergencyPhone: '07700 900001',
      address: '1 High Street, Leeds',
      dateOfBirth: '1990-12-10',
      hourlyRatePence: 1450,
      maxClientsPerDay: 8,
      notes: 'Drives',
      // Not sent: a carer drives unless told otherwise.
      travelMode: 'car',
    });

    const requestId = reply.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    expect(registered!.metadata).toEqual({
      userId: api.admin.id,
      occurredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
      correlationId: requestId,
      causationId: requestId,
    });
    const occurredAt = Date.parse((registered!.metadata as { occurredAt: string }).occurredAt);
    expect(Math.abs(Date.now() - occurredAt)).toBeLessThan(60_000);
  });

  it('stores optional fields left out as null, and keeps a given userId and isActive false', async () => {
    const userId = (await api.createUser('carer')).id;
    const reply = await api.request(
      'POST',
      '/api/carers',
      carerRequest({ userId, isActive: false, maxClientsPerDay: 3 }),
    );
    expect(reply.status).toBe(201);
    const [registered] = await readCarer(reply.body.id);
    expect(registered!.data).toMatchObject({
      userId,
      isActive: false,
      maxClientsPerDay: 3,
      qualifications: [],
      region: null,
      specialization: null,
      phoneNumber: null,
      emergencyContact: null,
      emergencyPhone: null,
      address: null,
      dateOfBirth: null,
      hourlyRatePence: null,
      notes: null,
    });
  });

  it('uses a well-formed incoming X-Request-Id as the correlation id', async () => {
    const requestId = `req-${randomUUID()}`;
    const reply = await api.request('POST', '/api/carers', carerRequest(), { 'x-request-id': requestId });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('x-request-id')).toBe(requestId);
    const [registered] = await readCarer(reply.body.id);
    expect(registered!.metadata).toMatchObject({ correlationId: requestId, causationId: requestId });
  });

  it('refuses blank and missing required fields with the form messages and appends nothing', async () => {
    const before = await settledLog(api.store);
    const reply = await api.request('POST', '/api/carers', { firstName: '  ', lastName: '', email: 'not-an-email' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Valid email is required',
        employeeId: 'Employee ID is required',
        startDate: 'Start date is required',
      },
    });
    const blankIds = await api.request('POST', '/api/carers', carerRequest({ employeeId: '   ', startDate: '' }));
    expect(blankIds.status).toBe(400);
    expect(blankIds.body).toEqual({
      error: 'Validation failed',
      fields: { employeeId: 'Employee ID is required', startDate: 'Start date is required' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses an hourly rate with more than 2 decimals', async () => {
    const reply = await api.request('POST', '/api/carers', carerRequest({ hourlyRate: '12.345' }));
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({
      hourlyRate: 'Hourly rate must be an amount in pounds with at most 2 decimals',
    });
  });

  it('answers malformed JSON with 400, not 500, and appends nothing', async () => {
    const before = await settledLog(api.store);
    const reply = await api.request('POST', '/api/carers', '{"firstName": "Ada",', {
      'content-type': 'application/json',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: expect.any(String) });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers a JSON body that is not an object or array with 400, not 500', async () => {
    const before = await settledLog(api.store);
    for (const body of ['42', '"Ada"', 'null']) {
      const reply = await api.request('POST', '/api/carers', body, { 'content-type': 'application/json' });
      expect(reply.status, body).toBe(400);
      expect(reply.body, body).toEqual({ error: expect.any(String) });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers a JSON array body as a validation failure', async () => {
    const reply = await api.request('POST', '/api/carers', '[]', { 'content-type': 'application/json' });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Validation failed');
  });

  it('answers a body that is not JSON with 415 and appends nothing', async () => {
    const before = await settledLog(api.store);
    const text = await api.request('POST', '/api/carers', JSON.stringify(carerRequest()), {
      'content-type': 'text/plain',
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ error: 'Send the request body as application/json' });
    const form = await api.request('POST', '/api/carers', 'firstName=Ada&lastName=Lovelace', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers a body over 100 kB with 413 and appends nothing', async () => {
    const before = await settledLog(api.store);
    const body = JSON.stringify(carerRequest({ notes: 'x'.repeat(110 * 1024) }));
    const reply = await api.request('POST', '/api/carers', body, { 'content-type': 'application/json' });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ error: expect.any(String) });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('reads a body under 100 kB (the limit is not lower)', async () => {
    // Over the notes limit, so refused by validation (400) rather than by size (413).
    const body = JSON.stringify(carerRequest({ notes: 'x'.repeat(90 * 1024) }));
    const reply = await api.request('POST', '/api/carers', body, { 'content-type': 'application/json' });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({ notes: 'Must be at most 5000 characters' });
  });

  it('refuses a duplicate employee ID, also when it differs only by case and spaces, and appends nothing', async () => {
    const first = await register({ employeeId: 'EMP-DUP-1' });
    const before = await settledLog(api.store);
    for (const employeeId of ['EMP-DUP-1', ' emp-dup-1 ', 'Emp-Dup-1']) {
      const reply = await api.request('POST', '/api/carers', carerRequest({ employeeId }));
      expect(reply.status, employeeId).toBe(409);
      expect(reply.body).toEqual({
        error: 'Employee ID already exists',
        fields: { employeeId: 'Employee ID already exists' },
      });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
    expect(types(await readCarer(first.id))).toEqual(['CarerRegistered']);
  });

  it('lets exactly one of 10 concurrent registrations with the same employee ID win', async () => {
    const before = await settledLog(api.store);
    const employeeId = uniqueEmployeeId();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.request(
          'POST',
          '/api/carers',
          carerRequest({ employeeId: i % 2 === 0 ? employeeId : ` ${employeeId.toLowerCase()} ` }),
        ),
      ),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const loser of replies.filter((reply) => reply.status === 409)) {
      expect(loser.body.fields).toEqual({ employeeId: 'Employee ID already exists' });
    }
    const winner = replies.find((reply) => reply.status === 201)!;

    const appended = await appendedSince(api.store, before);
    const registrations = appended.filter((event) => event.type === 'CarerRegistered');
    expect(registrations).toHaveLength(1);
    expect(registrations[0]!.streamId).toBe(carerStreamId(winner.body.id));
    expect(types(appended).sort()).toEqual(['CarerRegistered', 'EmployeeIdReserved']);
  });
});

describe('PATCH /api/carers/:id', () => {
  it('records only the changed fields and replies with the next revision', async () => {
    const carer = await register({ hourlyRate: '12.00' });
    const reply = await api.request('PATCH', `/api/carers/${carer.id}`, {
      firstName: 'Ada',
      lastName: 'King',
      hourlyRate: '15.25',
      email: 'ada@example.org',
      region: 'south',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: carer.id, revision: '1', position: expect.stringMatching(POSITION_TOKEN) });

    const stream = await readCarer(carer.id);
    expect(types(stream)).toEqual(['CarerRegistered', 'CarerDetailsChanged']);
    expect(stream[1]!.data).toEqual({
      carerId: carer.id,
      changes: { lastName: 'King', hourlyRatePence: 1525, region: 'south' },
    });
    expect(positionToToken(stream[1]!.position)).toBe(reply.body.position);
    expect(stream[1]!.metadata).toMatchObject({ correlationId: reply.headers.get('x-request-id') });
  });

  it('clears an optional field sent as blank', async () => {
    const carer = await register({ phoneNumber: '07700 900000' });
    const reply = await api.request('PATCH', `/api/carers/${carer.id}`, { phoneNumber: '' });
    expect(reply.status).toBe(200);
    expect((await readCarer(carer.id))[1]!.data).toEqual({ carerId: carer.id, changes: { phoneNumber: null } });
  });

  it('appends nothing when every value sent is the same as now, and keeps the revision', async () => {
    const carer = await register();
    const before = await settledLog(api.store);
    const reply = await api.request('PATCH', `/api/carers/${carer.id}`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      isActive: true,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: carer.id, revision: '0' });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses a stale If-Match with 409 and appends nothing; the current revision is accepted', async () => {
    const carer = await register();
    const first = await api.request('PATCH', `/api/carers/${carer.id}`, { lastName: 'King' }, { 'if-match': '0' });
    expect(first.status).toBe(200);
    expect(first.body.revision).toBe('1');

    const before = await settledLog(api.store);
    const stale = await api.request('PATCH', `/api/carers/${carer.id}`, { lastName: 'Byron' }, { 'if-match': '0' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: CONFLICT });
    expect(await appendedSince(api.store, before)).toEqual([]);

    const current = await api.request('PATCH', `/api/carers/${carer.id}`, { lastName: 'Byron' }, { 'if-match': '"1"' });
    expect(current.status).toBe(200);
    expect(current.body.revision).toBe('2');
  });

  it('refuses a malformed If-Match with 400', async () => {
    const carer = await register();
    const reply = await api.request(
      'PATCH',
      `/api/carers/${carer.id}`,
      { lastName: 'King' },
      { 'if-match': 'yesterday' },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: { 'If-Match': 'If-Match must be a revision number' },
    });
  });

  it('refuses a blank required field with the form message', async () => {
    const carer = await register();
    const reply = await api.request('PATCH', `/api/carers/${carer.id}`, { firstName: ' ', email: 'nope' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: { firstName: 'First name is required', email: 'Valid email is required' },
    });
    expect(types(await readCarer(carer.id))).toEqual(['CarerRegistered']);
  });

  it('moves the reservation when the employee ID changes: the old one is free, the new one taken', async () => {
    const carer = await register();
    const newId = uniqueEmployeeId();
    const reply = await api.request('PATCH', `/api/carers/${carer.id}`, { employeeId: newId });
    expect(reply.status).toBe(200);
    expect((await readCarer(carer.id))[1]!.data).toEqual({ carerId: carer.id, changes: { employeeId: newId } });

    const takesOld = await api.request('POST', '/api/carers', carerRequest({ employeeId: carer.employeeId }));
    expect(takesOld.status).toBe(201);
    const takesNew = await api.request('POST', '/api/carers', carerRequest({ employeeId: newId.toLowerCase() }));
    expect(takesNew.status).toBe(409);
    expect(takesNew.body.fields).toEqual({ employeeId: 'Employee ID already exists' });
  });

  it('keeps the reservation when the employee ID changes only in case', async () => {
    const carer = await register();
    const reply = await api.request('PATCH', `/api/carers/${carer.id}`, { employeeId: carer.employeeId.toLowerCase() });
    expect(reply.status).toBe(200);
    expect((await readCarer(carer.id))[1]!.data).toEqual({
      carerId: carer.id,
      changes: { employeeId: carer.employeeId.toLowerCase() },
    });
    const other = await api.request('POST', '/api/carers', carerRequest({ employeeId: carer.employeeId }));
    expect(other.status).toBe(409);
  });

  it('refuses an employee ID held by another carer and appends nothing', async () => {
    const holder = await register();
    const carer = await register();
    const before = await settledLog(api.store);
    const reply = await api.request('PATCH', `/api/carers/${carer.id}`, {
      employeeId: ` ${holder.employeeId.toLowerCase()}`,
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      error: 'Employee ID already exists',
      fields: { employeeId: 'Employee ID already exists' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);

    // The carer kept its own ID: nobody else can take it.
    const takesOwn = await api.request('POST', '/api/carers', carerRequest({ employeeId: carer.employeeId }));
    expect(takesOwn.status).toBe(409);
  });

  it('lets only one of two carers racing for the same new employee ID have it', async () => {
    const a = await register();
    const b = await register();
    const wanted = uniqueEmployeeId();
    const replies = await Promise.all(
      [a, b].map((carer) => api.request('PATCH', `/api/carers/${carer.id}`, { employeeId: wanted })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const winner = replies[0]!.status === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(types(await readCarer(winner.id))).toEqual(['CarerRegistered', 'CarerDetailsChanged']);
    expect(types(await readCarer(loser.id))).toEqual(['CarerRegistered']);
    // The winner's old ID is free again; the loser still holds its own.
    expect((await api.request('POST', '/api/carers', carerRequest({ employeeId: winner.employeeId }))).status).toBe(
      201,
    );
    expect((await api.request('POST', '/api/carers', carerRequest({ employeeId: loser.employeeId }))).status).toBe(409);
  });

  it('deactivates with isActive false and reactivates with isActive true', async () => {
    const carer = await register();
    const off = await api.request('PATCH', `/api/carers/${carer.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.revision).toBe('1');
    const on = await api.request('PATCH', `/api/carers/${carer.id}`, { isActive: true });
    expect(on.status).toBe(200);
    expect(on.body.revision).toBe('2');
    const stream = await readCarer(carer.id);
    expect(stream.map((event) => [event.type, event.data])).toEqual([
      ['CarerRegistered', expect.objectContaining({ isActive: true })],
      ['CarerDeactivated', { carerId: carer.id }],
      ['CarerReactivated', { carerId: carer.id }],
    ]);
  });
});

describe('unknown and removed carers', () => {
  const expectNotFound = (reply: ApiReply) => {
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'Carer not found' });
  };

  it('answers PATCH and DELETE of an unknown carer with 404 and appends nothing', async () => {
    const before = await settledLog(api.store);
    const unknown = randomUUID();
    expectNotFound(await api.request('PATCH', `/api/carers/${unknown}`, { lastName: 'King' }));
    expectNotFound(await api.request('PATCH', `/api/carers/${unknown}`, { lastName: 'King' }, { 'if-match': '0' }));
    expectNotFound(await api.request('DELETE', `/api/carers/${unknown}`));
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers an id that is not a uuid with 404', async () => {
    expectNotFound(await api.request('PATCH', '/api/carers/not-a-uuid', { lastName: 'King' }));
    expectNotFound(await api.request('DELETE', '/api/carers/123'));
  });

  it('removes a carer, then answers it as not found and frees its employee ID', async () => {
    const carer = await register();
    const reply = await api.request('DELETE', `/api/carers/${carer.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: carer.id, revision: '1', position: expect.stringMatching(POSITION_TOKEN) });
    const stream = await readCarer(carer.id);
    expect(stream.map((event) => [event.type, event.data])).toEqual([
      ['CarerRegistered', expect.anything()],
      ['CarerRemoved', { carerId: carer.id }],
    ]);

    const before = await settledLog(api.store);
    expectNotFound(await api.request('DELETE', `/api/carers/${carer.id}`));
    expectNotFound(await api.request('PATCH', `/api/carers/${carer.id}`, { lastName: 'King' }));
    expect(await appendedSince(api.store, before)).toEqual([]);

    const reuse = await api.request('POST', '/api/carers', carerRequest({ employeeId: carer.employeeId }));
    expect(reuse.status).toBe(201);
  });

  it('refuses a DELETE with a stale If-Match and keeps the carer', async () => {
    const carer = await register();
    expect((await api.request('PATCH', `/api/carers/${carer.id}`, { lastName: 'King' })).status).toBe(200);
    const reply = await api.request('DELETE', `/api/carers/${carer.id}`, undefined, { 'if-match': '0' });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ error: CONFLICT });
    expect(types(await readCarer(carer.id))).toEqual(['CarerRegistered', 'CarerDetailsChanged']);
    const taken = await api.request('POST', '/api/carers', carerRequest({ employeeId: carer.employeeId }));
    expect(taken.status).toBe(409);
  });
});

describe('HTTP hardening', () => {
  it('answers an unknown route with 404 JSON', async () => {
    const reply = await api.request('GET', '/api/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body).toEqual({ error: 'Not found' });
  });

  it('answers a method a carer does not support with 405 and the allowed methods', async () => {
    const carer = await register();
    const reply = await api.request('PUT', `/api/carers/${carer.id}`, carerRequest());
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')?.split(/,\s*/).sort()).toEqual(['DELETE', 'PATCH']);
    expect(types(await readCarer(carer.id))).toEqual(['CarerRegistered']);
  });

  it('sends the security headers on every response', async () => {
    const carer = await register();
    const replies: [string, ApiReply][] = [
      ['201', await api.request('POST', '/api/carers', carerRequest())],
      ['200', await api.request('PATCH', `/api/carers/${carer.id}`, { lastName: 'King' })],
      ['health', await api.request('GET', '/health')],
      ['400', await api.request('POST', '/api/carers', {})],
      ['404 route', await api.request('GET', '/nowhere')],
      ['404 carer', await api.request('DELETE', `/api/carers/${randomUUID()}`)],
      ['409', await api.request('POST', '/api/carers', carerRequest({ employeeId: carer.employeeId }))],
      ['415', await api.request('POST', '/api/carers', 'hello', { 'content-type': 'text/plain' })],
      [
        '413',
        await api.request('POST', '/api/carers', JSON.stringify({ notes: 'x'.repeat(200_000) }), {
          'content-type': 'application/json',
        }),
      ],
    ];
    for (const [label, reply] of replies) {
      expect(reply.status, label).not.toBe(500);
      expect(
        {
          csp: reply.headers.get('content-security-policy'),
          nosniff: reply.headers.get('x-content-type-options'),
          frame: reply.headers.get('x-frame-options'),
        },
        label,
      ).toEqual({
        csp: expect.stringContaining("default-src 'none'"),
        nosniff: 'nosniff',
        frame: 'DENY',
      });
    }
  });
});

describe('the account a carer signs in with (userId)', () => {
  const ACCOUNT_FIELD = (message: string) => ({ userId: message });

  it('refuses an id that names no account, or an account that is not a carer, with 400 on userId and appends nothing', async () => {
    const coordinator = await api.createUser('coordinator');
    for (const [userId, message] of [
      [randomUUID(), 'No user account has this ID'],
      [coordinator.id, 'Only an account with the carer role can be linked to a carer'],
      ['not-a-uuid', 'User ID must be a UUID'],
    ] as const) {
      const before = await settledLog(api.store);
      const reply = await api.request('POST', '/api/carers', carerRequest({ userId }));
      expect([reply.status, reply.body.fields], userId).toEqual([400, ACCOUNT_FIELD(message)]);
      expect(await appendedSince(api.store, before)).toEqual([]);
    }
    const { id } = await register();
    const before = await settledLog(api.store);
    const reply = await api.request('PATCH', `/api/carers/${id}`, { userId: coordinator.id });
    expect([reply.status, reply.body.fields]).toEqual([
      400,
      ACCOUNT_FIELD('Only an account with the carer role can be linked to a carer'),
    ]);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses an account linked to another carer with 409, on create and on PATCH', async () => {
    const account = await api.createUser('carer');
    await register({ userId: account.id });
    const before = await settledLog(api.store);
    const created = await api.request('POST', '/api/carers', carerRequest({ userId: account.id }));
    expect([created.status, created.body.fields]).toEqual([
      409,
      { userId: 'This account is already linked to another carer' },
    ]);
    const { id } = await register();
    const patched = await api.request('PATCH', `/api/carers/${id}`, { userId: account.id });
    expect([patched.status, patched.body.fields]).toEqual([
      409,
      { userId: 'This account is already linked to another carer' },
    ]);
    expect(types(await readCarer(id))).toEqual(['CarerRegistered']);
    expect(
      (await appendedSince(api.store, before)).filter(
        (event) => event.streamId.startsWith('carer-') && event.type !== 'CarerRegistered',
      ),
    ).toEqual([]);
  });

  it('links on PATCH, moves to another account, unlinks with null, and frees the account for another carer', async () => {
    const first = await api.createUser('carer');
    const second = await api.createUser('carer');
    const { id } = await register();
    expect((await api.request('PATCH', `/api/carers/${id}`, { userId: first.id })).status).toBe(200);
    expect((await api.request('PATCH', `/api/carers/${id}`, { userId: second.id })).status).toBe(200);
    expect((await api.request('PATCH', `/api/carers/${id}`, { userId: null })).status).toBe(200);
    const stream = await readCarer(id);
    expect(stream.map((event) => [event.type, (event.data as { userId?: string }).userId ?? null])).toEqual([
      ['CarerRegistered', null],
      ['CarerAccountLinked', first.id],
      ['CarerAccountUnlinked', first.id],
      ['CarerAccountLinked', second.id],
      ['CarerAccountUnlinked', second.id],
    ]);
    // Both accounts are free again: another carer may take either.
    await register({ userId: first.id });
    await register({ userId: second.id });
  });

  it('lets only an administrator link or unlink an account (coordinators manage carers, not accounts)', async () => {
    const coordinator = await api.createUser('coordinator');
    const account = await api.createUser('carer');
    const { id } = await register();
    expect((await coordinator.request('PATCH', `/api/carers/${id}`, { userId: account.id })).status).toBe(403);
    expect((await coordinator.request('PATCH', `/api/carers/${id}`, { userId: null })).status).toBe(403);
    expect((await coordinator.request('POST', '/api/carers', carerRequest({ userId: account.id }))).status).toBe(403);
    expect((await coordinator.request('PATCH', `/api/carers/${id}`, { notes: 'Drives' })).status).toBe(200);
    expect(types(await readCarer(id))).toEqual(['CarerRegistered', 'CarerDetailsChanged']);
  });
});
