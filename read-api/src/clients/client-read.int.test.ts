import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ClientView } from '@care/events';
import { createLogger, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { requester, startCommandApiOn, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { createReadModelDb, startProjector, type RunningProjector } from '@care/projector';
import { createReadApi, type ReadApi } from '../app';

/** The client list end to end: command API → event store → projector → read model → read API. */
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let command: RunningCommandApi;
let readApi: ReadApi;
let readUrl: string;
let projector: RunningProjector;
/** The furthest command position so far: every read waits for it (read your writes). */
let lastPosition = '';

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'client_read');
  pool = createPool(database.url, { max: 10, log });
  command = await startCommandApiOn(database.url);
  projector = await startProjector({ store: command.store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  readApi = await createReadApi({ pool, db: createReadModelDb(pool), log });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  readUrl = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await readApi?.close();
  await projector?.stop();
  await command?.close();
  await pool?.end();
  await database?.drop();
});

async function send(
  method: string,
  path: string,
  body?: unknown,
  expected = 200,
): Promise<{ id: string; revision: string }> {
  const reply = await command.request(method, path, body);
  expect(reply.status, reply.text).toBe(expected);
  lastPosition = reply.body.position ?? lastPosition;
  return reply.body;
}

const read = (path: string, user: Pick<TestUser, 'cookie'> = command.admin) =>
  requester(readUrl, user.cookie)('GET', path, undefined, lastPosition ? { 'x-min-position': lastPosition } : {});

async function list(search?: string): Promise<ClientView[]> {
  const reply = await read(search === undefined ? '/api/clients' : `/api/clients?search=${encodeURIComponent(search)}`);
  expect(reply.status, reply.text).toBe(200);
  return reply.body as ClientView[];
}

const createCarer = async (firstName: string, lastName: string) =>
  (
    await send(
      'POST',
      '/api/carers',
      {
        firstName,
        lastName,
        email: 'carer@example.org',
        employeeId: `EMP-${randomUUID().slice(0, 6)}`,
        startDate: '2024-03-01',
      },
      201,
    )
  ).id;

const createClient = async (fields: Record<string, unknown> = {}) =>
  (
    await send(
      'POST',
      '/api/clients',
      {
        clientId: `CL-${randomUUID().slice(0, 8)}`,
        firstName: 'Margaret',
        lastName: 'Hughes',
        dateOfBirth: '1938-04-12',
        address: '12 Church Road, Leeds LS6',
        emergencyContact: 'Susan Hughes',
        emergencyPhone: '07700 900123',
        careLevel: 'low',
        ...fields,
      },
      201,
    )
  ).id;

describe('GET /api/clients', () => {
  it('lists a new client with every field and the nested keyworker, as soon as the command position is reached', async () => {
    const keyworker = await createCarer('Amelia', 'Hughes');
    const preferred = await createCarer('Oliver', 'Patel');
    const clientId = `CL-${randomUUID().slice(0, 8)}`;
    const id = await createClient({
      clientId,
      firstName: 'Dorothy',
      lastName: 'Ashworth',
      dateOfBirth: '1941-11-30',
      address: '4 Mill Lane, York YO24',
      phoneNumber: '0113 496 0002',
      emergencyContact: 'Paul Ashworth (son)',
      emergencyPhone: '07700 900456',
      medicalConditions: ['COPD', 'Osteoarthritis', 'Hearing loss'],
      medications: ['Salbutamol inhaler as required'],
      allergies: ['Latex'],
      careLevel: 'critical',
      mobilityLevel: 'wheelchair',
      cognitiveLevel: 'normal',
      keyworkerCarerId: keyworker,
      preferredCarers: [preferred],
      riskAssessment: 'Uses oxygen: no naked flames.',
      careInstructions: 'Two carers for transfers.',
      gpPractice: 'Fulford Surgery, York YO10',
      gpPhone: '01904 496 000',
    });

    const client = (await list()).find((item) => item.id === id);
    expect(client).toEqual({
      id,
      clientId,
      firstName: 'Dorothy',
      lastName: 'Ashworth',
      dateOfBirth: '1941-11-30',
      address: '4 Mill Lane, York YO24',
      phoneNumber: '0113 496 0002',
      emergencyContact: 'Paul Ashworth (son)',
      emergencyPhone: '07700 900456',
      medicalConditions: ['COPD', 'Osteoarthritis', 'Hearing loss'],
      medications: ['Salbutamol inhaler as required'],
      allergies: ['Latex'],
      careLevel: 'critical',
      mobilityLevel: 'wheelchair',
      cognitiveLevel: 'normal',
      keyworkerCarerId: keyworker,
      keyworkerCarer: {
        id: keyworker,
        employeeId: expect.stringMatching(/^EMP-/),
        user: { firstName: 'Amelia', lastName: 'Hughes' },
      },
      preferredCarers: [preferred],
      riskAssessment: 'Uses oxygen: no naked flames.',
      careInstructions: 'Two carers for transfers.',
      gpPractice: 'Fulford Surgery, York YO10',
      gpPhone: '01904 496 000',
      postcode: null,
      latitude: null,
      longitude: null,
      location: null,
      isActive: true,
      revision: '0',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const one = await read(`/api/clients/${id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe('"0"');
    expect(one.body).toEqual(client);
  });

  it('sorts by last name, then first name', async () => {
    const tag = randomUUID().slice(0, 6);
    const names = [
      ['Zena', `Able${tag}`],
      ['Arthur', `Able${tag}`],
      ['Brian', `Aardvark${tag}`],
    ];
    for (const [firstName, lastName] of names) await createClient({ firstName, lastName });
    const ours = (await list(tag)).map((client) => `${client.firstName} ${client.lastName}`);
    expect(ours).toEqual([`Brian Aardvark${tag}`, `Arthur Able${tag}`, `Zena Able${tag}`]);
  });

  it('searches by name in either order or by client ID, ignoring case, and matches wildcards literally', async () => {
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const id = await createClient({ clientId: `CL-Q${tag}`, firstName: 'Winifred', lastName: `Quill${tag}` });
    for (const term of [`winifred quill${tag}`, `QUILL${tag} wini`, `cl-q${tag.toLowerCase()}`, `q${tag}`]) {
      expect(
        (await list(term)).map((client) => client.id),
        term,
      ).toEqual([id]);
    }
    expect(await list('%')).toEqual([]);
    expect(await list('_')).toEqual([]);
    const tooLong = await read(`/api/clients?search=${'x'.repeat(201)}`);
    expect([tooLong.status, tooLong.body]).toEqual([
      400,
      { error: 'Validation failed', fields: { search: 'Search must be at most 200 characters' } },
    ]);
  });

  it("follows edits, deactivation, keyworker and preferred carer changes, and the keyworker's own rename", async () => {
    const keyworker = await createCarer('Grace', 'Roberts');
    const id = await createClient({ keyworkerCarerId: keyworker, medicalConditions: ['COPD'] });
    await send('PATCH', `/api/clients/${id}`, {
      lastName: 'Ainsworth',
      medicalConditions: ['COPD', 'Gout'],
      phoneNumber: '07700 900999',
    });
    await send('PATCH', `/api/clients/${id}`, { isActive: false });
    await send('PUT', `/api/clients/${id}/preferred-carers`, { carerIds: [keyworker] });
    await send('PATCH', `/api/carers/${keyworker}`, { lastName: 'Roberts-Hall' });
    let client = (await read(`/api/clients/${id}`)).body as ClientView;
    expect(client).toMatchObject({
      lastName: 'Ainsworth',
      medicalConditions: ['COPD', 'Gout'],
      phoneNumber: '07700 900999',
      isActive: false,
      preferredCarers: [keyworker],
      keyworkerCarer: { id: keyworker, user: { firstName: 'Grace', lastName: 'Roberts-Hall' } },
      revision: '3',
    });
    await send('PUT', `/api/clients/${id}/keyworker`, { keyworkerCarerId: null });
    client = (await read(`/api/clients/${id}`)).body as ClientView;
    expect([client.keyworkerCarerId, client.keyworkerCarer, client.revision]).toEqual([null, null, '4']);
  });

  it("shows no keyworker once the keyworker's carer record is removed, keeping the id the client record holds", async () => {
    const keyworker = await createCarer('Leo', 'Ahmed');
    const id = await createClient({ keyworkerCarerId: keyworker });
    await send('DELETE', `/api/carers/${keyworker}`);
    const client = (await read(`/api/clients/${id}`)).body as ClientView;
    expect([client.keyworkerCarerId, client.keyworkerCarer]).toEqual([keyworker, null]);
  });

  it('drops a deleted client from the list and answers it with 404', async () => {
    const id = await createClient();
    await send('DELETE', `/api/clients/${id}`);
    expect((await list()).map((client) => client.id)).not.toContain(id);
    const gone = await read(`/api/clients/${id}`);
    expect([gone.status, gone.body]).toEqual([404, { error: 'Client not found' }]);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const reply = await read(`/api/clients/${id}`);
      expect([reply.status, reply.body]).toEqual([404, { error: 'Client not found' }]);
    }
  });

  it('lets a coordinator read every client, a carer none not on their visits (carer-work.int.test.ts), nobody without a session', async () => {
    const id = await createClient();
    const coordinator = await command.createUser('coordinator');
    expect(((await read('/api/clients', coordinator)).body as ClientView[]).map((client) => client.id)).toContain(id);
    expect((await read(`/api/clients/${id}`, coordinator)).status).toBe(200);
    const carer = await command.createUser('carer');
    expect(await read('/api/clients', carer)).toMatchObject({ status: 200, body: [] });
    expect((await read(`/api/clients/${id}`, carer)).status).toBe(404);
    const anonymous = await requester(readUrl, undefined)('GET', '/api/clients');
    expect([anonymous.status, anonymous.text]).toEqual([401, 'Unauthorized']);
  });
});
