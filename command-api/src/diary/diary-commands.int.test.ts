import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { diaryEntryStreamId, positionToToken, type RawRecordedEvent } from '@care/events';
import {
  appendedSince,
  settledLog,
  startCommandApi,
  type Requester,
  type RunningCommandApi,
  type TestUser,
} from '../../testing';

let api: RunningCommandApi;
let carerId: string;
let clientId: string;
let carerUser: TestUser;
let ownCarerId: string;
let coordinator: TestUser;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const POSITION_TOKEN = /^\d+\.\d+$/;

async function created(reply: Promise<{ status: number; body: { id: string }; text: string }>): Promise<string> {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id;
}

const createCarer = (userId?: string) =>
  created(
    api.request('POST', '/api/carers', {
      firstName: 'Nadia',
      lastName: 'Hussain',
      email: 'nadia@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      ...(userId && { userId }),
    }),
  );

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
    }),
  );

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'diary_cmds');
  carerId = await createCarer();
  clientId = await createClient();
  carerUser = await api.createUser('carer');
  coordinator = await api.createUser('coordinator');
  ownCarerId = await createCarer(carerUser.id);
  // The carer's work: a visit to the client within the hour, so the carer may write about them.
  const start = new Date(Date.now() + 60 * 60_000).toISOString();
  await created(
    api.request('POST', '/api/appointments', {
      clientId,
      carerId: ownCarerId,
      scheduledStart: start,
      durationMinutes: 60,
    }),
  );
});
afterAll(async () => {
  await api?.close();
});

function entryRequest(overrides: Record<string, unknown> = {}) {
  return {
    carerId,
    clientId,
    entryDate: '2025-03-04T09:15:00+00:00',
    title: 'Morning visit',
    content: 'Helped with breakfast.',
    ...overrides,
  };
}

async function addEntry(request: Requester = api.request, overrides: Record<string, unknown> = {}): Promise<string> {
  return created(request('POST', '/api/diary', entryRequest(overrides)));
}

const readEntry = (id: string) => api.store.readStream(diaryEntryStreamId(id));
const types = (events: readonly RawRecordedEvent[]) => events.map((event) => event.type);

describe('POST /api/diary', () => {
  it('adds an entry with its defaults, converted to UTC, and the author in the metadata', async () => {
    const reply = await carerUser.request(
      'POST',
      '/api/diary',
      entryRequest({
        carerId: ownCarerId,
        entryDate: '2025-07-01T10:30:00+01:00',
        tags: [' mood ', 'Mood', '', 'meals'],
      }),
    );
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(UUID),
      revision: '0',
      position: expect.stringMatching(POSITION_TOKEN),
    });
    const [added] = await readEntry(reply.body.id);
    expect(added!.type).toBe('DiaryEntryAdded');
    expect(positionToToken(added!.position)).toBe(reply.body.position);
    expect(added!.data).toEqual({
      id: reply.body.id,
      carerId: ownCarerId,
      clientId,
      appointmentId: null,
      entryDate: '2025-07-01T09:30:00.000Z',
      entryType: 'care_note',
      priority: 'normal',
      title: 'Morning visit',
      content: 'Helped with breakfast.',
      tags: ['mood', 'meals'],
      isConfidential: false,
    });
    expect(added!.metadata).toMatchObject({ userId: carerUser.id });
  });

  it('keeps every field that is sent', async () => {
    const appointmentId = randomUUID();
    const id = await addEntry(api.request, {
      appointmentId,
      entryType: 'incident',
      priority: 'urgent',
      isConfidential: true,
      carerId: carerId.toUpperCase(),
    });
    const [added] = await readEntry(id);
    expect(added!.data).toMatchObject({
      carerId,
      appointmentId,
      entryType: 'incident',
      priority: 'urgent',
      isConfidential: true,
    });
  });

  it('refuses missing and invalid fields with the form messages and appends nothing', async () => {
    const before = await settledLog(api.store);
    const empty = await api.request('POST', '/api/diary', {
      carerId: '',
      clientId: ' ',
      entryDate: '',
      title: ' ',
      content: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      error: 'Validation failed',
      fields: {
        carerId: 'Carer is required',
        clientId: 'Client is required',
        entryDate: 'Entry date is required',
        title: 'Title is required',
        content: 'Content is required',
      },
    });
    const missing = await api.request('POST', '/api/diary', {});
    expect(missing.body.fields).toMatchObject({ entryDate: 'Entry date is required', carerId: 'Carer is required' });

    const invalid = await api.request(
      'POST',
      '/api/diary',
      entryRequest({
        entryDate: '2025-03-04T09:15',
        entryType: 'gossip',
        priority: 'whenever',
        title: 'x'.repeat(201),
        tags: Array.from({ length: 21 }, (_, index) => `tag ${index}`),
        isConfidential: 'yes',
        appointmentId: 'A-1',
      }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({
      entryDate: 'Must be a valid date and time with its time zone',
      entryType: 'Entry type must be one of: care_note, incident, medication, observation, communication',
      priority: 'Priority must be one of: low, normal, high, urgent',
      title: 'Must be at most 200 characters',
      tags: 'At most 20 entries',
      isConfidential: 'Confidential must be true or false',
      appointmentId: 'Appointment must be a UUID',
    });
    const long = await api.request(
      'POST',
      '/api/diary',
      entryRequest({ content: 'x'.repeat(10_001), tags: ['y'.repeat(51)] }),
    );
    expect(long.body.fields).toEqual({
      content: 'Must be at most 10000 characters',
      'tags.0': 'Each entry must be at most 50 characters',
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses an unknown, malformed or removed carer or client and appends nothing', async () => {
    const removedCarer = await createCarer();
    expect((await api.request('DELETE', `/api/carers/${removedCarer}`)).status).toBe(200);
    const before = await settledLog(api.store);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ carerId: randomUUID() }, { carerId: 'Carer not found' }],
      [{ carerId: removedCarer }, { carerId: 'Carer not found' }],
      [{ carerId: 'carer-1' }, { carerId: 'Carer not found' }],
      [{ clientId: randomUUID() }, { clientId: 'Client not found' }],
      [{ clientId: 'CL-0001' }, { clientId: 'Client not found' }],
    ];
    for (const [overrides, fields] of cases) {
      const reply = await api.request('POST', '/api/diary', entryRequest(overrides));
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 400,
        body: { error: expect.any(String), fields },
      });
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it("answers a carer writing under another carer's record as if that carer did not exist", async () => {
    const before = await settledLog(api.store);
    const reply = await carerUser.request('POST', '/api/diary', entryRequest({ carerId }));
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 404,
      body: { error: 'Carer not found', fields: { carerId: 'Carer not found' } },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});

describe('POST /api/diary/:id/review', () => {
  it('records the reviewer and the time, once; a second review is a conflict', async () => {
    const id = await addEntry(carerUser.request, { carerId: ownCarerId });
    const started = Date.now();
    const reply = await coordinator.request('POST', `/api/diary/${id}/review`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ id, revision: '1' });
    const [, reviewed] = await readEntry(id);
    expect(reviewed!.data).toEqual({ id, reviewedBy: coordinator.id, reviewedAt: expect.any(String) });
    const reviewedAt = Date.parse((reviewed!.data as { reviewedAt: string }).reviewedAt);
    expect(reviewedAt).toBeGreaterThanOrEqual(started - 1000);

    const again = await api.request('POST', `/api/diary/${id}/review`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Diary entry already reviewed' });
    expect(types(await readEntry(id))).toEqual(['DiaryEntryAdded', 'DiaryEntryReviewed']);
  });

  it('is forbidden to carers, even the author', async () => {
    const id = await addEntry(carerUser.request, { carerId: ownCarerId });
    const reply = await carerUser.request('POST', `/api/diary/${id}/review`);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ error: 'Forbidden' });
    expect(types(await readEntry(id))).toEqual(['DiaryEntryAdded']);
  });

  it('answers 404 for unknown and malformed ids, and 409 for a stale If-Match', async () => {
    for (const path of [`/api/diary/${randomUUID()}/review`, '/api/diary/not-an-id/review']) {
      const reply = await api.request('POST', path);
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 404,
        body: { error: 'Diary entry not found' },
      });
    }
    const id = await addEntry();
    const stale = await api.request('POST', `/api/diary/${id}/review`, undefined, { 'if-match': '"3"' });
    expect(stale.status).toBe(409);
    expect(types(await readEntry(id))).toEqual(['DiaryEntryAdded']);
  });
});

describe('PATCH /api/diary/:id', () => {
  it('lets the author amend: only changed fields are recorded, with the reason, and the original stays', async () => {
    const id = await addEntry(carerUser.request, { carerId: ownCarerId, tags: ['meals'] });
    const reply = await carerUser.request(
      'PATCH',
      `/api/diary/${id}`,
      {
        title: 'Morning visit',
        content: 'Helped with breakfast and a wash.',
        priority: 'high',
        reason: ' Forgot the wash ',
      },
      { 'if-match': '0' },
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ id, revision: '1', position: expect.stringMatching(POSITION_TOKEN) });
    const stream = await readEntry(id);
    expect(types(stream)).toEqual(['DiaryEntryAdded', 'DiaryEntryAmended']);
    expect(stream[0]!.data).toMatchObject({ content: 'Helped with breakfast.', priority: 'normal' });
    expect(stream[1]!.data).toEqual({
      id,
      changes: { content: 'Helped with breakfast and a wash.', priority: 'high' },
      reason: 'Forgot the wash',
    });
    expect(stream[1]!.metadata).toMatchObject({ userId: carerUser.id });
  });

  it('records nothing when nothing changes and answers with the current revision', async () => {
    const id = await addEntry();
    const before = await settledLog(api.store);
    const reply = await api.request('PATCH', `/api/diary/${id}`, { title: 'Morning visit' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id, revision: '0' });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it("lets a coordinator amend anyone's entry", async () => {
    const id = await addEntry(carerUser.request, { carerId: ownCarerId });
    const reply = await coordinator.request('PATCH', `/api/diary/${id}`, { entryType: 'observation' });
    expect(reply.status, reply.text).toBe(200);
    expect((await readEntry(id))[1]!.data).toEqual({ id, changes: { entryType: 'observation' }, reason: null });
  });

  it("forbids a carer to amend someone else's entry, and hides a confidential one behind 404", async () => {
    const open = await addEntry();
    const confidential = await addEntry(api.request, { isConfidential: true });
    const before = await settledLog(api.store);
    const forbidden = await carerUser.request('PATCH', `/api/diary/${open}`, { title: 'Mine now' });
    expect({ status: forbidden.status, body: forbidden.body }).toEqual({ status: 403, body: { error: 'Forbidden' } });
    const hidden = await carerUser.request('PATCH', `/api/diary/${confidential}`, { title: 'Mine now' });
    expect({ status: hidden.status, body: hidden.body }).toEqual({
      status: 404,
      body: { error: 'Diary entry not found' },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses invalid changes, unknown ids and a stale If-Match', async () => {
    const id = await addEntry();
    const invalid = await api.request('PATCH', `/api/diary/${id}`, { title: '', entryDate: '', priority: 'soon' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({
      title: 'Title is required',
      entryDate: 'Entry date is required',
      priority: 'Priority must be one of: low, normal, high, urgent',
    });
    expect((await api.request('PATCH', `/api/diary/${randomUUID()}`, { title: 'X' })).status).toBe(404);
    expect((await api.request('PATCH', '/api/diary/123', { title: 'X' })).body).toEqual({
      error: 'Diary entry not found',
    });
    const stale = await api.request('PATCH', `/api/diary/${id}`, { title: 'X' }, { 'if-match': '7' });
    expect(stale.status).toBe(409);
    expect(types(await readEntry(id))).toEqual(['DiaryEntryAdded']);
  });
});
