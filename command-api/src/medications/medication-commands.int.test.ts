import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  appointmentStreamId,
  clientPrescriptionsStreamId,
  londonClock,
  londonTimeToInstant,
  londonToday,
  MAR_KEY_STREAM,
  parseRecordedEvent,
  prescriptionStreamId,
} from '@care/events';
import { startCommandApi, type RunningCommandApi, type TestUser } from '../../testing';
import { doseRecordId } from './dose-record-id';

let api: RunningCommandApi;
let coordinator: TestUser;
let carerUser: TestUser;
let otherCarerUser: TestUser;
let carerId: string;
let otherCarerId: string;
let clientId: string;

async function created(
  reply: Promise<{ status: number; text: string; body: Record<string, unknown> }>,
): Promise<string> {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as string;
}

const createCarer = (userId: string) =>
  created(
    api.request('POST', '/api/carers', {
      firstName: 'Nadia',
      lastName: 'Hussain',
      email: 'nadia@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      userId,
    }),
  );

const newClient = () =>
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
      allergies: ['Penicillin', 'NSAIDs'],
    }),
  );

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'medication_cmds');
  coordinator = await api.createUser('coordinator');
  carerUser = await api.createUser('carer');
  otherCarerUser = await api.createUser('carer');
  carerId = await createCarer(carerUser.id);
  otherCarerId = await createCarer(otherCarerUser.id);
  clientId = await newClient();
});
afterAll(async () => {
  await api?.close();
});

/** A dose time 10 minutes ago on the London clock, and the instant it is due. */
function doseTenMinutesAgo(): { time: string; dueAt: string } {
  const instant = new Date(Date.now() - 10 * 60_000);
  const time = londonClock(instant);
  return { time, dueAt: londonTimeToInstant(londonToday(instant), time) };
}

const prescription = (overrides: Record<string, unknown> = {}) => ({
  clientId,
  name: 'Amlodipine',
  strength: '5mg',
  form: 'tablet',
  route: 'oral',
  dosage: '1 tablet',
  frequency: 'Once daily',
  doseTimes: [doseTenMinutesAgo().time],
  prescribedBy: 'Dr Patel',
  startDate: londonToday(new Date(Date.now() - 2 * 86_400_000)),
  ...overrides,
});

/** A visit of this carer that started 20 minutes ago, checked in. */
async function visitInProgress(ofCarer: string, by: TestUser, forClient = clientId): Promise<string> {
  const id = await created(
    api.request('POST', '/api/appointments', {
      clientId: forClient,
      carerId: ofCarer,
      scheduledStart: new Date(Date.now() - 20 * 60_000).toISOString(),
      durationMinutes: 60,
      tasks: ['Medication'],
    }),
  );
  const checkIn = await by.request('POST', `/api/appointments/${id}/check-in`, { source: 'Mobile' });
  expect(checkIn.status, checkIn.text).toBe(200);
  return id;
}

const eventsOf = async (streamId: string) => (await api.store.readStream(streamId)).map(parseRecordedEvent);

describe('prescribing', () => {
  it('prescribes through the API: the prescription stream and the client index hold it', async () => {
    const id = await created(coordinator.request('POST', '/api/medications', prescription()));
    const [event] = await eventsOf(prescriptionStreamId(id));
    expect(event).toMatchObject({
      type: 'MedicationPrescribed',
      data: { id, clientId, details: { name: 'Amlodipine', timeCritical: false, supportLevel: 'administer' } },
      metadata: { userId: coordinator.id },
    });
    expect((await eventsOf(clientPrescriptionsStreamId(clientId))).map((e) => e.data)).toContainEqual({
      clientId,
      prescriptionId: id,
    });
  });

  it('refuses a medicine the client is allergic to until a reason is given, and carers cannot prescribe', async () => {
    const refused = await coordinator.request('POST', '/api/medications', prescription({ name: 'Ibuprofen' }));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      allergyOverrideReason:
        'Edith Green is recorded as allergic to NSAIDs: give a reason to prescribe Ibuprofen anyway',
    });
    await created(
      coordinator.request(
        'POST',
        '/api/medications',
        prescription({
          name: 'Ibuprofen',
          doseTimes: [],
          prn: { reason: 'Pain', dose: '400mg', minIntervalMinutes: 360, maxDosesIn24h: 3 },
          allergyOverrideReason: 'GP: intolerance, not allergy',
        }),
      ),
    );
    expect((await carerUser.request('POST', '/api/medications', prescription())).status).toBe(403);
  });
});

describe('recording doses during a visit', () => {
  it('lets a carer record only from their own visit, once per dose even when ten try at once', async () => {
    const id = await created(coordinator.request('POST', '/api/medications', prescription()));
    const { dueAt } = doseTenMinutesAgo();
    const visit = await visitInProgress(carerId, carerUser);
    const noVisit = await carerUser.request('POST', `/api/medications/${id}/administrations`, { dueAt, code: 'T' });
    expect(noVisit.body.fields).toEqual({ appointmentId: 'Record a dose from your visit to this client' });

    // Another carer's visit to the same client answers as a visit that does not exist.
    const othersVisit = await visitInProgress(otherCarerId, otherCarerUser);
    const refused = await carerUser.request('POST', `/api/medications/${id}/administrations`, {
      dueAt,
      code: 'T',
      appointmentId: othersVisit,
    });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 404,
      body: { error: 'Appointment not found', fields: { appointmentId: 'Appointment not found' } },
    });

    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        carerUser.request('POST', `/api/medications/${id}/administrations`, { dueAt, code: 'T', appointmentId: visit }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(9);
    const recorded = (await eventsOf(prescriptionStreamId(id))).filter(
      (e) => e.type === 'MedicationAdministrationRecorded',
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      data: { id: doseRecordId(id, dueAt), carerId, appointmentId: visit, dueAt, code: 'T', status: 'given' },
      metadata: { userId: carerUser.id },
    });
  });
});

describe('check-out', () => {
  it('is refused while a dose due in the visit has no outcome, naming it; a refusal with its reason lets it through', async () => {
    const client = await newClient();
    const carer = await api.createUser('carer');
    const ownCarer = await createCarer(carer.id);
    const metformin = await created(
      coordinator.request(
        'POST',
        '/api/medications',
        prescription({ clientId: client, name: 'Metformin', strength: '500mg' }),
      ),
    );
    const amlodipine = await created(
      coordinator.request('POST', '/api/medications', prescription({ clientId: client })),
    );
    const visit = await visitInProgress(ownCarer, carer, client);
    const { dueAt, time } = doseTenMinutesAgo();
    const refused = await carer.request('POST', `/api/appointments/${visit}/check-out`, { source: 'Mobile' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(
      new RegExp(
        `^Record an outcome for each medication due in this visit before checking out: (Metformin|Amlodipine) ${time} on .*, (Metformin|Amlodipine) ${time} on`,
      ),
    );
    expect((await eventsOf(appointmentStreamId(visit))).map((e) => e.type)).toEqual([
      'AppointmentScheduled',
      'VisitCheckedIn',
    ]);

    await created(
      carer.request('POST', `/api/medications/${amlodipine}/administrations`, {
        dueAt,
        code: 'T',
        appointmentId: visit,
      }),
    );
    const stillOpen = await carer.request('POST', `/api/appointments/${visit}/check-out`, { source: 'Mobile' });
    expect(stillOpen.body.error).toMatch(/: Metformin \d\d:\d\d on \d\d\/\d\d\/\d{4}$/);
    const noReason = await carer.request('POST', `/api/medications/${metformin}/administrations`, {
      dueAt,
      code: 'R',
      appointmentId: visit,
    });
    expect(noReason.body.fields).toEqual({ reason: 'Give a reason for "Refused"' });
    await created(
      carer.request('POST', `/api/medications/${metformin}/administrations`, {
        dueAt,
        code: 'R',
        reason: 'Felt sick',
        appointmentId: visit,
      }),
    );
    const checkOut = await carer.request('POST', `/api/appointments/${visit}/check-out`, {
      source: 'Mobile',
      medicationGiven: false,
    });
    expect(checkOut.status, checkOut.text).toBe(200);
    // One dose given, one refused: medication was given in this visit, from the records rather than the form's tick.
    expect((await eventsOf(appointmentStreamId(visit))).at(-1)).toMatchObject({
      type: 'VisitCheckedOut',
      data: { medicationGiven: true },
    });
  });
});

describe('check-out and a dose due before the visit', () => {
  it('is refused while a dose due in the hour before the planned start has no outcome', async () => {
    const client = await newClient();
    const carer = await api.createUser('carer');
    const ownCarer = await createCarer(carer.id);
    // Due 50 minutes ago; the visit was planned to start 20 minutes ago: the dose was due half an hour before it,
    // within the hour before the start that still counts as this visit's.
    const instant = new Date(Date.now() - 50 * 60_000);
    const time = londonClock(instant);
    const dueAt = londonTimeToInstant(londonToday(instant), time);
    const amlodipine = await created(
      coordinator.request('POST', '/api/medications', prescription({ clientId: client, doseTimes: [time] })),
    );
    const visit = await visitInProgress(ownCarer, carer, client);
    const refused = await carer.request('POST', `/api/appointments/${visit}/check-out`, { source: 'Mobile' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(
      new RegExp(
        `^Record an outcome for each medication due in this visit before checking out: Amlodipine ${time} on \\d\\d/\\d\\d/\\d{4}$`,
      ),
    );
    expect((await eventsOf(appointmentStreamId(visit))).map((e) => e.type)).toEqual([
      'AppointmentScheduled',
      'VisitCheckedIn',
    ]);

    await created(
      carer.request('POST', `/api/medications/${amlodipine}/administrations`, {
        dueAt,
        code: 'T',
        appointmentId: visit,
      }),
    );
    const checkOut = await carer.request('POST', `/api/appointments/${visit}/check-out`, { source: 'Mobile' });
    expect(checkOut.status, checkOut.text).toBe(200);
  });
});

describe('PRN, Mark as Missed and amendments', () => {
  it('refuses a PRN dose inside its minimum interval with a clear message', async () => {
    const id = await created(
      coordinator.request(
        'POST',
        '/api/medications',
        prescription({
          name: 'Paracetamol',
          doseTimes: [],
          prn: { reason: 'Pain', dose: '1g', minIntervalMinutes: 240, maxDosesIn24h: 4 },
        }),
      ),
    );
    await created(
      coordinator.request('POST', `/api/medications/${id}/administrations`, { code: 'T', prnReason: 'Headache' }),
    );
    const tooSoon = await coordinator.request('POST', `/api/medications/${id}/administrations`, {
      code: 'T',
      prnReason: 'Headache',
    });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.error).toMatch(
      /^Too soon: Paracetamol was last given at \d\d:\d\d and needs at least 4 hours between doses/,
    );
  });

  it('marks a dose missed with its reason, and amends it keeping the original', async () => {
    const id = await created(coordinator.request('POST', '/api/medications', prescription({ name: 'Levothyroxine' })));
    const { dueAt } = doseTenMinutesAgo();
    expect(
      (await carerUser.request('POST', `/api/medications/${id}/missed`, { dueAt, reason: 'No visit' })).status,
    ).toBe(403);
    await created(coordinator.request('POST', `/api/medications/${id}/missed`, { dueAt, reason: 'Client was out' }));
    const recordId = doseRecordId(id, dueAt);
    const amended = await coordinator.request('POST', `/api/medications/${id}/records/${recordId}/amend`, {
      code: 'C',
      reason: 'Client was in hospital, learnt later',
    });
    expect(amended.status, amended.text).toBe(200);
    const events = await eventsOf(prescriptionStreamId(id));
    expect(events.map((e) => e.type)).toEqual([
      'MedicationPrescribed',
      'MedicationAdministrationRecorded',
      'MedicationAdministrationAmended',
    ]);
    expect(events[1]).toMatchObject({ data: { code: 'X', status: 'missed', reason: 'Client was out' } });
    expect(events[2]).toMatchObject({
      data: { changes: { code: 'C', status: 'not_required' }, reason: 'Client was in hospital, learnt later' },
    });
  });
});

describe("the MAR chart's key", () => {
  it('lets an administrator add a code that doses can then carry, once, and withdraw it from new records', async () => {
    const held = { code: 'h', label: "Held on the GP's advice", status: 'not_required', needsReason: true };
    expect((await coordinator.request('POST', '/api/medications/mar-codes', held)).status).toBe(403);
    const badCode = await api.request('POST', '/api/medications/mar-codes', { ...held, code: 'H-1' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.fields).toEqual({
      code: "Code must be a code of the MAR chart's key: 1 to 4 capital letters or digits, starting with a letter",
    });

    const id = await created(coordinator.request('POST', '/api/medications', prescription({ name: 'Ramipril' })));
    const { dueAt } = doseTenMinutesAgo();
    const before = await coordinator.request('POST', `/api/medications/${id}/administrations`, {
      dueAt,
      code: 'H',
      reason: 'Blood test due',
    });
    expect(before.status).toBe(400);
    expect(before.body.fields).toEqual({ code: `"H" is not a code of the MAR chart's key` });

    const added = await api.request('POST', '/api/medications/mar-codes', held);
    expect(added.status, added.text).toBe(201);
    expect((await api.request('POST', '/api/medications/mar-codes', { ...held, label: 'Again' })).status).toBe(409);
    expect((await api.request('POST', '/api/medications/mar-codes', { ...held, code: 'R' })).status).toBe(409);
    expect((await eventsOf(MAR_KEY_STREAM)).map((e) => [e.type, e.metadata.userId])).toEqual([
      ['MarCodeAdded', api.admin.id],
    ]);

    await created(
      coordinator.request('POST', `/api/medications/${id}/administrations`, {
        dueAt,
        code: 'H',
        reason: 'Blood test due',
      }),
    );
    const [, recorded] = await eventsOf(prescriptionStreamId(id));
    expect(recorded).toMatchObject({ data: { code: 'H', status: 'not_required', reason: 'Blood test due' } });

    expect((await api.request('POST', '/api/medications/mar-codes/T/withdrawal', { reason: 'No' })).status).toBe(409);
    expect((await api.request('POST', '/api/medications/mar-codes/Q/withdrawal', { reason: 'No' })).status).toBe(404);
    expect(
      (await api.request('POST', '/api/medications/mar-codes/h/withdrawal', { reason: 'Use NR with the reason' }))
        .status,
    ).toBe(200);
    const other = await created(coordinator.request('POST', '/api/medications', prescription({ name: 'Bisoprolol' })));
    const refused = await coordinator.request('POST', `/api/medications/${other}/administrations`, {
      dueAt,
      code: 'H',
      reason: 'Blood test due',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      code: `"H" (Held on the GP's advice) was withdrawn from the MAR chart's key: choose another code`,
    });
  });
});
