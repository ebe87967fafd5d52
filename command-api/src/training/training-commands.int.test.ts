import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { positionToToken, trainingStreamId, type RawRecordedEvent } from '@care/events';
import { appendedSince, settledLog, startCommandApi, type ApiReply, type RunningCommandApi } from '../../testing';

let api: RunningCommandApi;
let carerId: string;

const POSITION_TOKEN = /^\d+\.\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CONFLICT = 'This record was changed by someone else. Reload it and try again.';

async function registerCarer(): Promise<string> {
  const reply = await api.request('POST', '/api/carers', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    employeeId: `EMP-${randomUUID().slice(0, 8)}`,
    startDate: '2024-03-01',
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'training_cmds');
  carerId = await registerCarer();
});
afterAll(async () => {
  await api?.close();
});

const trainingRequest = (overrides: Record<string, unknown> = {}) => ({
  carerId,
  trainingType: 'first_aid',
  completedDate: '2024-05-01',
  expiryDate: '2027-05-01',
  ...overrides,
});

async function recordTraining(overrides: Record<string, unknown> = {}): Promise<string> {
  const reply = await api.request('POST', '/api/training', trainingRequest(overrides));
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

const readTraining = (id: string) => api.store.readStream(trainingStreamId(id));
const types = (events: readonly RawRecordedEvent[]) => events.map((event) => event.type);
const expectNotFound = (reply: ApiReply) =>
  expect([reply.status, reply.body]).toEqual([404, { error: 'Training record not found' }]);

describe('POST /api/training', () => {
  it('records a training with every field and replies with its id, revision and position', async () => {
    const reply = await api.request('POST', '/api/training', {
      carerId,
      trainingType: 'cpr',
      trainingProvider: ' British Red Cross ',
      completedDate: '2025-01-10',
      expiryDate: '2026-01-10',
      certificateNumber: 'CPR-2025-0042',
      status: 'current',
      documentUrl: 'https://certs.example.org/cpr-0042.pdf',
      notes: 'Adult and paediatric',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(UUID),
      revision: '0',
      position: expect.stringMatching(POSITION_TOKEN),
    });

    const [recorded, ...rest] = await readTraining(reply.body.id);
    expect(rest).toEqual([]);
    expect([recorded!.type, recorded!.data]).toEqual([
      'TrainingRecorded',
      {
        id: reply.body.id,
        carerId,
        trainingType: 'cpr',
        trainingProvider: 'British Red Cross',
        completedDate: '2025-01-10',
        expiryDate: '2026-01-10',
        certificateNumber: 'CPR-2025-0042',
        status: 'current',
        documentUrl: 'https://certs.example.org/cpr-0042.pdf',
        notes: 'Adult and paediatric',
      },
    ]);
    expect(positionToToken(recorded!.position)).toBe(reply.body.position);
    expect(recorded!.metadata).toMatchObject({
      userId: api.admin.id,
      correlationId: reply.headers.get('x-request-id'),
    });
  });

  it('defaults the status to current and stores blank or missing optional fields as null', async () => {
    const id = await recordTraining({ expiryDate: '', trainingProvider: '', documentUrl: '  ' });
    expect((await readTraining(id))[0]!.data).toEqual({
      id,
      carerId,
      trainingType: 'first_aid',
      trainingProvider: null,
      completedDate: '2024-05-01',
      expiryDate: null,
      certificateNumber: null,
      status: 'current',
      documentUrl: null,
      notes: null,
    });
  });

  it('refuses missing fields with the form messages and appends nothing', async () => {
    const before = await settledLog(api.store);
    const reply = await api.request('POST', '/api/training', { trainingType: 'knitting', completedDate: '' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'Validation failed',
      fields: {
        carerId: 'Carer is required',
        trainingType: 'Training type is required',
        completedDate: 'Completed date is required',
      },
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses an expiry before the completed date, and a document link that is not http(s)', async () => {
    const before = await settledLog(api.store);
    const dates = await api.request(
      'POST',
      '/api/training',
      trainingRequest({ completedDate: '2025-02-01', expiryDate: '2025-01-31' }),
    );
    expect([dates.status, dates.body]).toEqual([
      400,
      { error: 'Validation failed', fields: { expiryDate: 'Expiry date must be after the completed date' } },
    ]);
    const link = await api.request(
      'POST',
      '/api/training',
      trainingRequest({ documentUrl: 'javascript:alert(document.cookie)' }),
    );
    expect([link.status, link.body.fields]).toEqual([
      400,
      { documentUrl: 'Document URL must be a web address starting with http:// or https://' },
    ]);
    const invalidDate = await api.request('POST', '/api/training', trainingRequest({ completedDate: '2025-02-30' }));
    expect([invalidDate.status, invalidDate.body.fields]).toEqual([400, { completedDate: 'Must be a valid date' }]);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses a carer that does not exist or was removed, and appends nothing', async () => {
    const gone = await registerCarer();
    expect((await api.request('DELETE', `/api/carers/${gone}`)).status).toBe(200);
    const before = await settledLog(api.store);
    for (const unknown of [randomUUID(), gone]) {
      const reply = await api.request('POST', '/api/training', trainingRequest({ carerId: unknown }));
      expect([reply.status, reply.body]).toEqual([
        400,
        { error: 'Carer not found', fields: { carerId: 'Carer not found' } },
      ]);
    }
    const malformed = await api.request('POST', '/api/training', trainingRequest({ carerId: 'carer-1' }));
    expect([malformed.status, malformed.body.fields]).toEqual([400, { carerId: 'Carer not found' }]);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});

describe('PATCH /api/training/:id', () => {
  it('records only the changed fields and replies with the next revision', async () => {
    const id = await recordTraining({ trainingProvider: 'St John Ambulance' });
    const reply = await api.request('PATCH', `/api/training/${id}`, {
      trainingType: 'first_aid',
      trainingProvider: 'British Red Cross',
      certificateNumber: 'FA-1',
      expiryDate: '',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id, revision: '1', position: expect.stringMatching(POSITION_TOKEN) });
    const stream = await readTraining(id);
    expect(types(stream)).toEqual(['TrainingRecorded', 'TrainingRecordUpdated']);
    expect(stream[1]!.data).toEqual({
      id,
      changes: { trainingProvider: 'British Red Cross', certificateNumber: 'FA-1', expiryDate: null },
    });
  });

  it('appends nothing when nothing changes, and keeps the revision', async () => {
    const id = await recordTraining();
    const before = await settledLog(api.store);
    const reply = await api.request('PATCH', `/api/training/${id}`, {
      trainingType: 'first_aid',
      completedDate: '2024-05-01',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id, revision: '0' });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('checks one date sent alone against the stored other', async () => {
    const id = await recordTraining();
    const reply = await api.request('PATCH', `/api/training/${id}`, { expiryDate: '2024-04-01' });
    expect([reply.status, reply.body]).toEqual([
      400,
      {
        error: 'Expiry date must be after the completed date',
        fields: { expiryDate: 'Expiry date must be after the completed date' },
      },
    ]);
    expect(types(await readTraining(id))).toEqual(['TrainingRecorded']);
  });

  it('moves a record to another existing carer, but not to an unknown one', async () => {
    const id = await recordTraining();
    const other = await registerCarer();
    expect((await api.request('PATCH', `/api/training/${id}`, { carerId: other })).status).toBe(200);
    const unknown = await api.request('PATCH', `/api/training/${id}`, { carerId: randomUUID() });
    expect([unknown.status, unknown.body.fields]).toEqual([400, { carerId: 'Carer not found' }]);
    expect((await readTraining(id)).map((event) => event.data)).toEqual([
      expect.anything(),
      { id, changes: { carerId: other } },
    ]);
  });

  it('refuses a blank completed date with the form message', async () => {
    const id = await recordTraining();
    const reply = await api.request('PATCH', `/api/training/${id}`, { completedDate: ' ' });
    expect([reply.status, reply.body.fields]).toEqual([400, { completedDate: 'Completed date is required' }]);
  });

  it('refuses a stale If-Match with 409 and appends nothing; the current revision is accepted', async () => {
    const id = await recordTraining();
    expect((await api.request('PATCH', `/api/training/${id}`, { notes: 'one' }, { 'if-match': '0' })).status).toBe(200);
    const before = await settledLog(api.store);
    const stale = await api.request('PATCH', `/api/training/${id}`, { notes: 'two' }, { 'if-match': '0' });
    expect([stale.status, stale.body]).toEqual([409, { error: CONFLICT }]);
    expect(await appendedSince(api.store, before)).toEqual([]);
    const current = await api.request('PATCH', `/api/training/${id}`, { notes: 'two' }, { 'if-match': '"1"' });
    expect([current.status, current.body.revision]).toEqual([200, '2']);
  });
});

describe('POST /api/training/:id/renewal', () => {
  it('renews: new dates and certificate, and the record is current again', async () => {
    const id = await recordTraining({ status: 'expired', expiryDate: '2025-05-01', certificateNumber: 'FA-OLD' });
    const reply = await api.request(
      'POST',
      `/api/training/${id}/renewal`,
      { completedDate: '2025-06-02', expiryDate: '2028-06-02', certificateNumber: 'FA-NEW' },
      { 'if-match': '0' },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id, revision: '1', position: expect.stringMatching(POSITION_TOKEN) });
    expect((await readTraining(id)).map((event) => [event.type, event.data])).toEqual([
      ['TrainingRecorded', expect.objectContaining({ status: 'expired' })],
      ['TrainingRenewed', { id, completedDate: '2025-06-02', expiryDate: '2028-06-02', certificateNumber: 'FA-NEW' }],
    ]);
  });

  it('refuses a renewal without a completed date, before the previous completion, or with dates out of order', async () => {
    const id = await recordTraining();
    const before = await settledLog(api.store);
    const missing = await api.request('POST', `/api/training/${id}/renewal`, { expiryDate: '2028-01-01' });
    expect([missing.status, missing.body.fields]).toEqual([400, { completedDate: 'Completed date is required' }]);
    const earlier = await api.request('POST', `/api/training/${id}/renewal`, { completedDate: '2024-04-30' });
    expect([earlier.status, earlier.body.fields]).toEqual([
      400,
      { completedDate: 'A renewal cannot be completed before the previous completion' },
    ]);
    const order = await api.request('POST', `/api/training/${id}/renewal`, {
      completedDate: '2025-06-02',
      expiryDate: '2025-06-01',
    });
    expect([order.status, order.body.fields]).toEqual([
      400,
      { expiryDate: 'Expiry date must be after the completed date' },
    ]);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('refuses a stale If-Match', async () => {
    const id = await recordTraining();
    await api.request('PATCH', `/api/training/${id}`, { notes: 'changed' });
    const reply = await api.request(
      'POST',
      `/api/training/${id}/renewal`,
      { completedDate: '2025-06-02' },
      { 'if-match': '0' },
    );
    expect([reply.status, reply.body]).toEqual([409, { error: CONFLICT }]);
  });
});

describe('DELETE /api/training/:id and unknown records', () => {
  it('removes a record; it is then not found for every command, and nothing more is appended', async () => {
    const id = await recordTraining();
    const reply = await api.request('DELETE', `/api/training/${id}`, undefined, { 'if-match': '0' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id, revision: '1', position: expect.stringMatching(POSITION_TOKEN) });
    expect((await readTraining(id)).map((event) => [event.type, event.data])).toEqual([
      ['TrainingRecorded', expect.anything()],
      ['TrainingRecordRemoved', { id }],
    ]);

    const before = await settledLog(api.store);
    expectNotFound(await api.request('DELETE', `/api/training/${id}`));
    expectNotFound(await api.request('PATCH', `/api/training/${id}`, { notes: 'x' }));
    expectNotFound(await api.request('POST', `/api/training/${id}/renewal`, { completedDate: '2025-06-02' }));
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers unknown and malformed ids with 404 and appends nothing', async () => {
    const before = await settledLog(api.store);
    const unknown = randomUUID();
    expectNotFound(await api.request('PATCH', `/api/training/${unknown}`, { notes: 'x' }));
    expectNotFound(await api.request('PATCH', `/api/training/${unknown}`, { notes: 'x' }, { 'if-match': '0' }));
    expectNotFound(await api.request('POST', `/api/training/${unknown}/renewal`, { completedDate: '2025-06-02' }));
    expectNotFound(await api.request('DELETE', `/api/training/${unknown}`));
    expectNotFound(await api.request('DELETE', '/api/training/not-a-uuid'));
    expectNotFound(await api.request('PATCH', '/api/training/123', { notes: 'x' }));
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('keeps the record on a DELETE with a stale If-Match', async () => {
    const id = await recordTraining();
    await api.request('PATCH', `/api/training/${id}`, { notes: 'changed' });
    const reply = await api.request('DELETE', `/api/training/${id}`, undefined, { 'if-match': '0' });
    expect([reply.status, reply.body]).toEqual([409, { error: CONFLICT }]);
    expect(types(await readTraining(id))).toEqual(['TrainingRecorded', 'TrainingRecordUpdated']);
  });
});

describe('access', () => {
  it('lets a coordinator record training, and refuses a carer (403) without appending anything', async () => {
    const coordinator = await api.createUser('coordinator');
    expect((await coordinator.request('POST', '/api/training', trainingRequest())).status).toBe(201);

    const id = await recordTraining();
    const carer = await api.createUser('carer');
    const before = await settledLog(api.store);
    for (const [method, path, body] of [
      ['POST', '/api/training', trainingRequest()],
      ['PATCH', `/api/training/${id}`, { notes: 'mine' }],
      ['POST', `/api/training/${id}/renewal`, { completedDate: '2025-06-02' }],
      ['DELETE', `/api/training/${id}`, undefined],
    ] as const) {
      const reply = await carer.request(method, path, body);
      expect([method, path, reply.status, reply.body]).toEqual([method, path, 403, { error: 'Forbidden' }]);
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const reply = await api.anonymous('POST', '/api/training', trainingRequest());
    expect(reply.status).toBe(401);
  });
});
