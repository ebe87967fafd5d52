import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientStreamId, positionToToken, type RawRecordedEvent } from '@care/events';
import {
  appendedSince,
  settledLog,
  startCommandApi,
  type ApiReply,
  type RunningCommandApi,
  type TestUser,
} from '../../testing';

let api: RunningCommandApi;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'client_cmds');
});
afterAll(async () => {
  await api?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const POSITION_TOKEN = /^\d+\.\d+$/;
const CONFLICT = 'This record was changed by someone else. Reload it and try again.';
const CLIENT_ID_TAKEN = { error: 'Client ID already exists', fields: { clientId: 'Client ID already exists' } };

const uniqueClientId = () => `CL-${randomUUID().slice(0, 8).toUpperCase()}`;

function clientRequest(overrides: Record<string, unknown> = {}) {
  return {
    clientId: uniqueClientId(),
    firstName: 'Margaret',
    lastName: 'Hughes',
    dateOfBirth: '1938-04-12',
    address: '12 Church Road, Leeds LS6',
    emergencyContact: 'Susan Hughes',
    emergencyPhone: '07700 900123',
    careLevel: 'low',
    ...overrides,
  };
}

async function register(overrides: Record<string, unknown> = {}): Promise<{ id: string; clientId: string }> {
  const request = clientRequest(overrides);
  const reply = await api.request('POST', '/api/clients', request);
  expect(reply.status, reply.text).toBe(201);
  return { id: reply.body.id, clientId: request.clientId };
}

async function registerCarer(): Promise<string> {
  const reply = await api.request('POST', '/api/carers', {
    firstName: 'Amelia',
    lastName: 'Hughes',
    email: 'amelia@example.org',
    employeeId: `EMP-${randomUUID().slice(0, 8)}`,
    startDate: '2024-03-01',
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

const readClient = (id: string) => api.store.readStream(clientStreamId(id));
const types = (events: readonly RawRecordedEvent[]) => events.map((event) => event.type);
const typesAndData = (events: readonly RawRecordedEvent[]) => events.map((event) => [event.type, event.data]);

describe('POST /api/clients', () => {
  it('registers a client with every field and replies with its id, revision and global position', async () => {
    const [keyworker, preferred] = [await registerCarer(), await registerCarer()];
    const clientId = uniqueClientId();
    const reply = await api.request('POST', '/api/clients', {
      clientId: ` ${clientId} `,
      firstName: ' Margaret ',
      lastName: 'Hughes',
      dateOfBirth: '1938-04-12',
      address: '12 Church Road, Leeds LS6',
      phoneNumber: '0113 496 0001',
      emergencyContact: 'Susan Hughes (daughter)',
      emergencyPhone: '07700 900123',
      medicalConditions: [' Type 2 diabetes ', 'type 2 diabetes', '', 'Hypertension'],
      medications: ['Metformin 500 mg twice daily'],
      allergies: ['Penicillin', 'PENICILLIN'],
      careLevel: 'high',
      mobilityLevel: 'assisted',
      cognitiveLevel: 'mild',
      keyworkerCarerId: keyworker,
      preferredCarers: [preferred, keyworker.toUpperCase()],
      riskAssessment: 'Falls risk: uses a frame indoors.',
      careInstructions: 'Prompt medication from the blister pack.',
      gpPractice: ' Headingley Surgery, 2 North Lane, Leeds LS6 ',
      gpPhone: '0113 496 0100',
      postcode: 'ls6 2ab',
      latitude: '53.8196',
      longitude: -1.5763,
    });

    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(UUID),
      revision: '0',
      position: expect.stringMatching(POSITION_TOKEN),
    });
    const stream = await readClient(reply.body.id);
    expect(types(stream)).toEqual(['ClientRegistered']);
    // The registration is appended after the client-ID reservation: its position is the one to wait for.
    expect(positionToToken(stream[0]!.position)).toBe(reply.body.position);
    expect(stream[0]!.data).toEqual({
      id: reply.body.id,
      clientId,
      firstName: 'Margaret',
      lastName: 'Hughes',
      dateOfBirth: '1938-04-12',
      address: '12 Church Road, Leeds LS6',
      phoneNumber: '0113 496 0001',
      emergencyContact: 'Susan Hughes (daughter)',
      emergencyPhone: '07700 900123',
      medicalConditions: ['Type 2 diabetes', 'Hypertension'],
      medications: ['Metformin 500 mg twice daily'],
      allergies: ['Penicillin'],
      careLevel: 'high',
      mobilityLevel: 'assisted',
      cognitiveLevel: 'mild',
      keyworkerCarerId: keyworker,
      preferredCarers: [preferred, keyworker],
      riskAssessment: 'Falls risk: uses a frame indoors.',
      careInstructions: 'Prompt medication from the blister pack.',
      gpPractice: 'Headingley Surgery, 2 North Lane, Leeds LS6',
      gpPhone: '0113 496 0100',
      postcode: 'LS6 2AB',
      latitude: 53.8196,
      longitude: -1.5763,
      isActive: true,
    });
    expect(stream[0]!.metadata).toMatchObject({
      userId: api.admin.id,
      correlationId: reply.headers.get('x-request-id'),
    });
  });

  it('stores optional fields left out as null or empty lists, and keeps isActive false', async () => {
    const { id } = await register({ isActive: false });
    const [registered] = await readClient(id);
    expect(registered!.data).toMatchObject({
      phoneNumber: null,
      medicalConditions: [],
      medications: [],
      allergies: [],
      mobilityLevel: null,
      cognitiveLevel: null,
      keyworkerCarerId: null,
      preferredCarers: [],
      riskAssessment: null,
      careInstructions: null,
      gpPractice: null,
      gpPhone: null,
      postcode: null,
      latitude: null,
      longitude: null,
      isActive: false,
    });
  });

  it('refuses missing and blank required fields with the form messages and appends nothing', async () => {
    const before = await settledLog(api.store);
    const missing = await api.request('POST', '/api/clients', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'Validation failed',
      fields: {
        clientId: 'Client ID is required',
        firstName: 'First name is required',
        lastName: 'Last name is required',
        dateOfBirth: 'Date of birth is required',
        address: 'Address is required',
        emergencyContact: 'Emergency contact is required',
        emergencyPhone: 'Emergency phone is required',
        careLevel: 'Care level is required',
      },
    });
    const blank = await api.request(
      'POST',
      '/api/clients',
      clientRequest({ clientId: ' ', address: '', careLevel: 'urgent' }),
    );
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({
      clientId: 'Client ID is required',
      address: 'Address is required',
      careLevel: 'Care level must be low, medium, high or critical',
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses a keyworker or preferred carer that does not exist or was removed, and appends nothing', async () => {
    const removedCarer = await registerCarer();
    expect((await api.request('DELETE', `/api/carers/${removedCarer}`)).status).toBe(200);
    const clientId = uniqueClientId();
    const before = await settledLog(api.store);
    const unknown = await api.request(
      'POST',
      '/api/clients',
      clientRequest({ clientId, keyworkerCarerId: randomUUID() }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'Carer not found', fields: { keyworkerCarerId: 'Carer not found' } });
    const removed = await api.request(
      'POST',
      '/api/clients',
      clientRequest({ clientId, preferredCarers: [removedCarer] }),
    );
    expect(removed.status).toBe(400);
    expect(removed.body).toEqual({ error: 'Carer not found', fields: { preferredCarers: 'Carer not found' } });
    expect(await appendedSince(api.store, before)).toEqual([]);
    // The refused requests did not take the client ID.
    expect((await api.request('POST', '/api/clients', clientRequest({ clientId }))).status).toBe(201);
  });

  it('refuses a duplicate client ID, also when it differs only by case and spaces, and appends nothing', async () => {
    const first = await register({ clientId: 'CL-DUP-1' });
    const before = await settledLog(api.store);
    for (const clientId of ['CL-DUP-1', ' cl-dup-1 ', 'Cl-Dup-1']) {
      const reply = await api.request('POST', '/api/clients', clientRequest({ clientId }));
      expect(reply.status, clientId).toBe(409);
      expect(reply.body).toEqual(CLIENT_ID_TAKEN);
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
    expect(types(await readClient(first.id))).toEqual(['ClientRegistered']);
  });

  it('lets exactly one of 10 concurrent registrations with the same client ID win', async () => {
    const before = await settledLog(api.store);
    const clientId = uniqueClientId();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.request(
          'POST',
          '/api/clients',
          clientRequest({ clientId: i % 2 === 0 ? clientId : ` ${clientId.toLowerCase()} `, firstName: `Racer${i}` }),
        ),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const loser of replies.filter((reply) => reply.status === 409)) expect(loser.body).toEqual(CLIENT_ID_TAKEN);
    const winner = replies.find((reply) => reply.status === 201)!;

    const appended = await appendedSince(api.store, before);
    expect(types(appended).sort()).toEqual(['ClientIdReserved', 'ClientRegistered']);
    expect(appended.find((event) => event.type === 'ClientRegistered')!.streamId).toBe(clientStreamId(winner.body.id));
  });
});

describe('PATCH /api/clients/:id', () => {
  it('records only the changed fields and replies with the next revision', async () => {
    const client = await register({ medicalConditions: ['COPD', 'Hypertension'] });
    const reply = await api.request('PATCH', `/api/clients/${client.id}`, {
      firstName: 'Margaret',
      lastName: 'King',
      careLevel: 'critical',
      medicalConditions: ['Hypertension'],
      phoneNumber: '',
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ id: client.id, revision: '1', position: expect.stringMatching(POSITION_TOKEN) });
    const stream = await readClient(client.id);
    expect(typesAndData(stream.slice(1))).toEqual([
      [
        'ClientDetailsChanged',
        { id: client.id, changes: { lastName: 'King', careLevel: 'critical', medicalConditions: ['Hypertension'] } },
      ],
    ]);
    expect(positionToToken(stream[1]!.position)).toBe(reply.body.position);
  });

  it('clears an optional field sent as blank', async () => {
    const client = await register({ phoneNumber: '0113 496 0001', mobilityLevel: 'wheelchair' });
    const reply = await api.request('PATCH', `/api/clients/${client.id}`, { phoneNumber: ' ', mobilityLevel: '' });
    expect(reply.status).toBe(200);
    expect((await readClient(client.id))[1]!.data).toEqual({
      id: client.id,
      changes: { phoneNumber: null, mobilityLevel: null },
    });
  });

  it('appends nothing when every value sent is the same as now, and keeps the revision', async () => {
    const client = await register();
    const before = await settledLog(api.store);
    const reply = await api.request(
      'PATCH',
      `/api/clients/${client.id}`,
      clientRequest({ clientId: client.clientId, isActive: true, keyworkerCarerId: null, preferredCarers: [] }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: client.id, revision: '0' });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('deactivates, reactivates, and records a keyworker and preferred carers sent with the form as their own events', async () => {
    const client = await register();
    const [a, b] = [await registerCarer(), await registerCarer()];
    expect((await api.request('PATCH', `/api/clients/${client.id}`, { isActive: false })).status).toBe(200);
    const form = await api.request('PATCH', `/api/clients/${client.id}`, {
      isActive: true,
      keyworkerCarerId: a,
      preferredCarers: [b],
      address: '1 Mill Lane',
    });
    expect(form.status).toBe(200);
    expect(form.body.revision).toBe('5');
    expect(typesAndData((await readClient(client.id)).slice(1))).toEqual([
      ['ClientDeactivated', { id: client.id }],
      ['ClientDetailsChanged', { id: client.id, changes: { address: '1 Mill Lane' } }],
      ['ClientKeyworkerAssigned', { id: client.id, keyworkerCarerId: a }],
      ['ClientPreferredCarersSet', { id: client.id, carerIds: [b] }],
      ['ClientReactivated', { id: client.id }],
    ]);
  });

  it('refuses a stale If-Match with 409 and appends nothing; the current revision is accepted', async () => {
    const client = await register();
    expect(
      (await api.request('PATCH', `/api/clients/${client.id}`, { lastName: 'King' }, { 'if-match': '0' })).status,
    ).toBe(200);
    const before = await settledLog(api.store);
    const stale = await api.request('PATCH', `/api/clients/${client.id}`, { lastName: 'Byron' }, { 'if-match': '0' });
    expect([stale.status, stale.body]).toEqual([409, { error: CONFLICT }]);
    expect(await appendedSince(api.store, before)).toEqual([]);
    const current = await api.request(
      'PATCH',
      `/api/clients/${client.id}`,
      { lastName: 'Byron' },
      { 'if-match': '"1"' },
    );
    expect([current.status, current.body.revision]).toEqual([200, '2']);
  });

  it('refuses a malformed If-Match and a blank required field with 400', async () => {
    const client = await register();
    const ifMatch = await api.request(
      'PATCH',
      `/api/clients/${client.id}`,
      { lastName: 'King' },
      { 'if-match': 'yesterday' },
    );
    expect([ifMatch.status, ifMatch.body]).toEqual([
      400,
      { error: 'Validation failed', fields: { 'If-Match': 'If-Match must be a revision number' } },
    ]);
    const blank = await api.request('PATCH', `/api/clients/${client.id}`, { firstName: ' ', emergencyPhone: '' });
    expect([blank.status, blank.body]).toEqual([
      400,
      {
        error: 'Validation failed',
        fields: { firstName: 'First name is required', emergencyPhone: 'Emergency phone is required' },
      },
    ]);
    expect(types(await readClient(client.id))).toEqual(['ClientRegistered']);
  });

  it('moves the reservation when the client ID changes: the old one is free, the new one taken', async () => {
    const client = await register();
    const newId = uniqueClientId();
    expect((await api.request('PATCH', `/api/clients/${client.id}`, { clientId: newId })).status).toBe(200);
    expect((await readClient(client.id))[1]!.data).toEqual({ id: client.id, changes: { clientId: newId } });
    expect((await api.request('POST', '/api/clients', clientRequest({ clientId: client.clientId }))).status).toBe(201);
    const takesNew = await api.request('POST', '/api/clients', clientRequest({ clientId: newId.toLowerCase() }));
    expect([takesNew.status, takesNew.body]).toEqual([409, CLIENT_ID_TAKEN]);
  });

  it('refuses a client ID held by another client and appends nothing; the client keeps its own', async () => {
    const holder = await register();
    const client = await register();
    const before = await settledLog(api.store);
    const reply = await api.request('PATCH', `/api/clients/${client.id}`, {
      clientId: ` ${holder.clientId.toLowerCase()}`,
      lastName: 'King',
    });
    expect([reply.status, reply.body]).toEqual([409, CLIENT_ID_TAKEN]);
    expect(await appendedSince(api.store, before)).toEqual([]);
    expect((await api.request('POST', '/api/clients', clientRequest({ clientId: client.clientId }))).status).toBe(409);
  });

  it('still edits a client whose keyworker has since been removed, but refuses to name a removed carer anew', async () => {
    const carer = await registerCarer();
    const client = await register({ keyworkerCarerId: carer, preferredCarers: [carer] });
    expect((await api.request('DELETE', `/api/carers/${carer}`)).status).toBe(200);
    const edit = await api.request('PATCH', `/api/clients/${client.id}`, {
      lastName: 'King',
      keyworkerCarerId: carer,
      preferredCarers: [carer],
    });
    expect(edit.status, edit.text).toBe(200);
    expect(types(await readClient(client.id))).toEqual(['ClientRegistered', 'ClientDetailsChanged']);

    const other = await register();
    const before = await settledLog(api.store);
    const refused = await api.request('PATCH', `/api/clients/${other.id}`, {
      lastName: 'King',
      keyworkerCarerId: carer,
    });
    expect([refused.status, refused.body]).toEqual([
      400,
      { error: 'Carer not found', fields: { keyworkerCarerId: 'Carer not found' } },
    ]);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});

describe('PUT /api/clients/:id/keyworker and /preferred-carers', () => {
  it('assigns, changes and clears the keyworker; the same keyworker again changes nothing', async () => {
    const client = await register();
    const [a, b] = [await registerCarer(), await registerCarer()];
    const first = await api.request(
      'PUT',
      `/api/clients/${client.id}/keyworker`,
      { keyworkerCarerId: a },
      { 'if-match': '0' },
    );
    expect(first.body).toEqual({ id: client.id, revision: '1', position: expect.stringMatching(POSITION_TOKEN) });
    expect(
      (await api.request('PUT', `/api/clients/${client.id}/keyworker`, { keyworkerCarerId: a })).body.revision,
    ).toBe('1');
    expect(
      (await api.request('PUT', `/api/clients/${client.id}/keyworker`, { keyworkerCarerId: b })).body.revision,
    ).toBe('2');
    expect(
      (await api.request('PUT', `/api/clients/${client.id}/keyworker`, { keyworkerCarerId: null })).body.revision,
    ).toBe('3');
    expect(typesAndData((await readClient(client.id)).slice(1))).toEqual([
      ['ClientKeyworkerAssigned', { id: client.id, keyworkerCarerId: a }],
      ['ClientKeyworkerAssigned', { id: client.id, keyworkerCarerId: b }],
      ['ClientKeyworkerAssigned', { id: client.id, keyworkerCarerId: null }],
    ]);
  });

  it('refuses an unknown carer, a body without the keyworker and a stale If-Match, appending nothing', async () => {
    const client = await register();
    const before = await settledLog(api.store);
    const unknown = await api.request('PUT', `/api/clients/${client.id}/keyworker`, { keyworkerCarerId: randomUUID() });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { error: 'Carer not found', fields: { keyworkerCarerId: 'Carer not found' } },
    ]);
    const missing = await api.request('PUT', `/api/clients/${client.id}/keyworker`, {});
    expect([missing.status, missing.body.fields]).toEqual([
      400,
      { keyworkerCarerId: 'Keyworker must be a carer ID or null' },
    ]);
    const stale = await api.request(
      'PUT',
      `/api/clients/${client.id}/keyworker`,
      { keyworkerCarerId: null },
      { 'if-match': '7' },
    );
    expect(stale.status).toBe(409);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('sets the preferred carers in order, without repeats, and refuses an unknown carer', async () => {
    const client = await register();
    const [a, b] = [await registerCarer(), await registerCarer()];
    const set = await api.request('PUT', `/api/clients/${client.id}/preferred-carers`, { carerIds: [b, a, b] });
    expect([set.status, set.body.revision]).toEqual([200, '1']);
    expect((await readClient(client.id))[1]!.data).toEqual({ id: client.id, carerIds: [b, a] });

    const before = await settledLog(api.store);
    const unknown = await api.request('PUT', `/api/clients/${client.id}/preferred-carers`, {
      carerIds: [a, randomUUID()],
    });
    expect([unknown.status, unknown.body]).toEqual([
      400,
      { error: 'Carer not found', fields: { preferredCarers: 'Carer not found' } },
    ]);
    const malformed = await api.request('PUT', `/api/clients/${client.id}/preferred-carers`, { carerIds: 'everyone' });
    expect([malformed.status, malformed.body.fields]).toEqual([
      400,
      { carerIds: 'Preferred carers must be a list of carer IDs' },
    ]);
    expect(await appendedSince(api.store, before)).toEqual([]);

    const cleared = await api.request('PUT', `/api/clients/${client.id}/preferred-carers`, { carerIds: [] });
    expect(cleared.body.revision).toBe('2');
  });
});

describe('DELETE /api/clients/:id and unknown clients', () => {
  const expectNotFound = (reply: ApiReply) =>
    expect([reply.status, reply.body]).toEqual([404, { error: 'Client not found' }]);

  it('removes a client (history stays), frees its client ID, then answers it as not found', async () => {
    const client = await register();
    const reply = await api.request('DELETE', `/api/clients/${client.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: client.id, revision: '1', position: expect.stringMatching(POSITION_TOKEN) });
    expect(typesAndData(await readClient(client.id))).toEqual([
      ['ClientRegistered', expect.objectContaining({ clientId: client.clientId })],
      ['ClientRemoved', { id: client.id }],
    ]);

    const before = await settledLog(api.store);
    expectNotFound(await api.request('DELETE', `/api/clients/${client.id}`));
    expectNotFound(await api.request('PATCH', `/api/clients/${client.id}`, { lastName: 'King' }));
    expectNotFound(await api.request('PUT', `/api/clients/${client.id}/keyworker`, { keyworkerCarerId: null }));
    expectNotFound(await api.request('PUT', `/api/clients/${client.id}/preferred-carers`, { carerIds: [] }));
    expect(await appendedSince(api.store, before)).toEqual([]);
    expect((await api.request('POST', '/api/clients', clientRequest({ clientId: client.clientId }))).status).toBe(201);
  });

  it('refuses a DELETE with a stale If-Match and keeps the client and its client ID', async () => {
    const client = await register();
    expect((await api.request('PATCH', `/api/clients/${client.id}`, { lastName: 'King' })).status).toBe(200);
    const reply = await api.request('DELETE', `/api/clients/${client.id}`, undefined, { 'if-match': '0' });
    expect([reply.status, reply.body]).toEqual([409, { error: CONFLICT }]);
    expect(types(await readClient(client.id))).toEqual(['ClientRegistered', 'ClientDetailsChanged']);
    expect((await api.request('POST', '/api/clients', clientRequest({ clientId: client.clientId }))).status).toBe(409);
  });

  it('answers unknown and malformed ids with 404 on every command and appends nothing', async () => {
    const before = await settledLog(api.store);
    for (const id of [randomUUID(), 'not-a-uuid', '123']) {
      expectNotFound(await api.request('PATCH', `/api/clients/${id}`, { lastName: 'King' }));
      expectNotFound(await api.request('PUT', `/api/clients/${id}/keyworker`, { keyworkerCarerId: null }));
      expectNotFound(await api.request('PUT', `/api/clients/${id}/preferred-carers`, { carerIds: [] }));
      expectNotFound(await api.request('DELETE', `/api/clients/${id}`));
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers a method a client does not support with 405', async () => {
    const client = await register();
    const reply = await api.request('PUT', `/api/clients/${client.id}`, clientRequest());
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')?.split(/,\s*/).sort()).toEqual(['DELETE', 'PATCH']);
  });
});

describe('who may change clients', () => {
  let carer: TestUser;
  let coordinator: TestUser;
  beforeAll(async () => {
    carer = await api.createUser('carer');
    coordinator = await api.createUser('coordinator');
  });

  it('lets a coordinator run every client command', async () => {
    const created = await coordinator.request('POST', '/api/clients', clientRequest());
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await coordinator.request('PATCH', `/api/clients/${id}`, { careLevel: 'medium' })).status).toBe(200);
    expect((await coordinator.request('PUT', `/api/clients/${id}/keyworker`, { keyworkerCarerId: null })).status).toBe(
      200,
    );
    expect((await coordinator.request('PUT', `/api/clients/${id}/preferred-carers`, { carerIds: [] })).status).toBe(
      200,
    );
    expect((await coordinator.request('DELETE', `/api/clients/${id}`)).status).toBe(200);
  });

  it('refuses a carer every client command with 403 and appends nothing', async () => {
    const client = await register();
    const before = await settledLog(api.store);
    for (const [method, path, body] of [
      ['POST', '/api/clients', clientRequest()],
      ['PATCH', `/api/clients/${client.id}`, { lastName: 'King' }],
      ['PUT', `/api/clients/${client.id}/keyworker`, { keyworkerCarerId: null }],
      ['PUT', `/api/clients/${client.id}/preferred-carers`, { carerIds: [] }],
      ['DELETE', `/api/clients/${client.id}`, undefined],
    ] as const) {
      const reply = await carer.request(method, path, body);
      expect([method, path, reply.status, reply.body]).toEqual([method, path, 403, { error: 'Forbidden' }]);
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});
