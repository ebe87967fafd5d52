import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { alertStreamId, appointmentStreamId, offlineRecordStreamId, parseRecordedEvent } from '@care/events';
import { appendedSince, settledLog, startCommandApi, type RunningCommandApi, type TestUser } from '../../testing';
import { alertIdFor } from '../alerts/alert-id';
import { OFFLINE_RECORD_RULE } from './unapplied-record-alert';

/**
 * Records a carer made on their phone without signal reach the server later from its outbox, with the phone's
 * time (Captured-At) and id (Device-Id). They count at the phone's time, and one the server refuses is kept in the
 * log and told to the office.
 */
let api: RunningCommandApi;
let carerUser: TestUser;
let carerId: string;
let clientId: string;
const DEVICE = 'b7f3c1de-0a4e-4c55-9a0b-3f1c2d4e5f60';

const minutesAgo = (minutes: number) =>
  new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000).toISOString();
const offline = (capturedAt: string, key = randomUUID()) => ({
  'Idempotency-Key': key,
  'Captured-At': capturedAt,
  'Device-Id': DEVICE,
});

async function created(path: string, body: Record<string, unknown>): Promise<string> {
  const reply = await api.request('POST', path, body);
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

/** A half-hour visit of the carer's that started `minutesBack` minutes ago (tests keep theirs apart in time). */
const visitStartedAgo = (minutesBack: number) =>
  created('/api/appointments', {
    clientId,
    carerId,
    scheduledStart: minutesAgo(minutesBack),
    durationMinutes: 30,
    tasks: ['Breakfast', 'Wash'],
  });

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'offline_records');
  carerUser = await api.createUser('carer', { firstName: 'Nadia', lastName: 'Hussain' });
  carerId = await created('/api/carers', {
    firstName: 'Nadia',
    lastName: 'Hussain',
    email: 'nadia.offline@example.org',
    employeeId: `EMP-${randomUUID().slice(0, 8)}`,
    startDate: '2024-03-01',
    userId: carerUser.id,
  });
  clientId = await created('/api/clients', {
    clientId: `CL-${randomUUID().slice(0, 8)}`,
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
});
afterAll(async () => {
  await api?.close();
});

describe('a check-in and check-out recorded offline', () => {
  it("count at the phone's time, keep when the server received them, and carry the phone's time and id", async () => {
    const visit = await visitStartedAgo(120);
    const checkInAt = minutesAgo(115);
    const checkOutAt = minutesAgo(85);
    const checkIn = await carerUser.request(
      'POST',
      `/api/appointments/${visit}/check-in`,
      { source: 'Mobile', location: null },
      offline(checkInAt),
    );
    expect(checkIn.status, checkIn.text).toBe(200);
    const checkOut = await carerUser.request(
      'POST',
      `/api/appointments/${visit}/check-out`,
      { source: 'Mobile', location: null, tasksCompleted: ['Breakfast'], medicationGiven: false, notes: 'Ate well' },
      offline(checkOutAt),
    );
    expect(checkOut.status, checkOut.text).toBe(200);

    const [, checkedIn, checkedOut] = (await api.store.readStream(appointmentStreamId(visit))).map(parseRecordedEvent);
    expect(checkedIn).toMatchObject({
      type: 'VisitCheckedIn',
      data: { checkedInAt: checkInAt, offlineCapturedAt: checkInAt, handEnteredReason: null, lateArrival: false },
      metadata: { capturedAt: checkInAt, deviceId: DEVICE, userId: carerUser.id },
    });
    expect(checkedOut).toMatchObject({
      type: 'VisitCheckedOut',
      data: { checkedOutAt: checkOutAt, offlineCapturedAt: checkOutAt, notes: 'Ate well' },
      metadata: { capturedAt: checkOutAt, deviceId: DEVICE },
    });
    // Received now, not at the phone's time: the server's clock is kept beside it.
    const received = (checkedIn!.data as { recordedAt: string }).recordedAt;
    expect(Date.parse(received)).toBeGreaterThan(Date.parse(checkInAt) + 110 * 60_000);
  });

  it('refuses a malformed Captured-At or Device-Id with 400 naming the header, and appends nothing', async () => {
    const visit = await visitStartedAgo(80);
    const before = await settledLog(api.store);
    const reply = await carerUser.request(
      'POST',
      `/api/appointments/${visit}/check-in`,
      { source: 'Mobile', location: null },
      { 'Captured-At': 'yesterday morning', 'Device-Id': 'not a device id!' },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({
      'Captured-At': expect.stringContaining('must be an ISO date and time'),
      'Device-Id': 'Device-Id must be 1 to 64 letters, digits or dashes',
    });
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});

describe('POST /api/offline-records/unapplied', () => {
  const report = (recordId: string, visit: string, overrides: Record<string, unknown> = {}) => ({
    recordId,
    deviceId: DEVICE,
    capturedAt: minutesAgo(30),
    method: 'POST',
    path: `/api/appointments/${visit}/check-out`,
    label: 'Check out: Edith Green',
    body: {
      tasksCompleted: ['Breakfast'],
      notes: 'Ate well, asked about her daughter',
      signature: 'data:image/png;base64,AAAA',
    },
    status: 409,
    reason: 'The visit was cancelled',
    ...overrides,
  });

  it('keeps what the carer wrote and raises one high alert for the office, however often it is reported', async () => {
    const visit = await visitStartedAgo(40);
    const recordId = randomUUID();
    const first = await carerUser.request('POST', '/api/offline-records/unapplied', report(recordId, visit), {
      'Idempotency-Key': `unapplied-${recordId}`,
    });
    expect(first.status, first.text).toBe(201);
    const alertId = alertIdFor(OFFLINE_RECORD_RULE, recordId);
    expect(first.body).toMatchObject({ id: recordId, alertId });
    // Reported again under another key (the phone lost the reply and its key): still one record and one alert.
    const again = await carerUser.request('POST', '/api/offline-records/unapplied', report(recordId, visit));
    expect(again.status, again.text).toBe(201);

    const kept = (await api.store.readStream(offlineRecordStreamId(recordId))).map(parseRecordedEvent);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      type: 'OfflineRecordUnapplied',
      data: { id: recordId, carerId, appointmentId: visit, status: 409, reason: 'The visit was cancelled' },
      metadata: { userId: carerUser.id },
    });
    expect(JSON.parse((kept[0]!.data as { content: string }).content)).toMatchObject({
      notes: 'Ate well, asked about her daughter',
    });
    const alert = (await api.store.readStream(alertStreamId(alertId))).map(parseRecordedEvent);
    expect(alert).toHaveLength(1);
    expect(alert[0]).toMatchObject({
      type: 'AlertRaised',
      data: {
        rule: OFFLINE_RECORD_RULE,
        severity: 'high',
        title: 'An offline record could not be applied',
        relatedKind: 'offline_record',
        appointmentId: visit,
        clientId,
        carerId: null,
      },
    });
    const { description } = alert[0]!.data as { description: string };
    expect(description).toContain('Check out: Edith Green, recorded offline by Nadia Hussain');
    expect(description).toContain('was refused: The visit was cancelled');
    expect(description).toContain('notes: Ate well, asked about her daughter; signature: captured');
  });

  it("links a carer's report to no visit or client outside their work, and still keeps the path they sent", async () => {
    const otherCarer = await created('/api/carers', {
      firstName: 'Owen',
      lastName: 'Price',
      email: 'owen.offline@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
    });
    const othersVisit = await created('/api/appointments', {
      clientId,
      carerId: otherCarer,
      scheduledStart: minutesAgo(50),
      durationMinutes: 30,
      tasks: ['Lunch'],
    });
    const recordId = randomUUID();
    const reply = await carerUser.request('POST', '/api/offline-records/unapplied', report(recordId, othersVisit));
    expect(reply.status, reply.text).toBe(201);

    const kept = (await api.store.readStream(offlineRecordStreamId(recordId))).map(parseRecordedEvent);
    expect(kept[0]).toMatchObject({
      data: { appointmentId: null, path: `/api/appointments/${othersVisit}/check-out` },
    });
    const alert = (await api.store.readStream(alertStreamId(alertIdFor(OFFLINE_RECORD_RULE, recordId)))).map(
      parseRecordedEvent,
    );
    expect(alert[0]).toMatchObject({ type: 'AlertRaised', data: { appointmentId: null, clientId: null } });
  });

  it('refuses a report that is not one, naming each field, and appends nothing', async () => {
    const before = await settledLog(api.store);
    const reply = await carerUser.request('POST', '/api/offline-records/unapplied', {
      ...report('not-a-uuid', randomUUID()),
      path: '/elsewhere',
      status: 201,
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fields as object).sort()).toEqual(['path', 'recordId', 'status']);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});
