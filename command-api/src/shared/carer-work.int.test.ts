import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonToday, parseRecordedEvent, prescriptionStreamId } from '@care/events';
import {
  appendedSince,
  settledLog,
  startCommandApi,
  type ApiReply,
  type RunningCommandApi,
  type TestUser,
} from '../../testing';
import { fakeWebm } from '../voice-notes/audio-samples.testing';
import { uploadVoiceNote } from '../voice-notes/voice-note-upload.testing';
import { CarerWork } from './carer-work';

/**
 * A carer writes only within their own work, by the rule the read API applies to what they read: the clients
 * on their own visits from 7 days back to 14 ahead, the visits assigned to them, their own carer record. Each
 * refusal is checked as the carer who must be refused, against another carer's client, visit or record and a
 * client whose only visit is outside the window: 404 with the body of a record that does not exist, and nothing
 * appended. The last test shows the carer's own work still goes through.
 */
let api: RunningCommandApi;
let carer: TestUser;
let otherCarer: TestUser;
let coordinator: TestUser;
const ids = {
  ownCarer: '',
  otherCarer: '',
  /** Clients: on the carer's visit today, on the other carer's visit today, on the carer's visit 20 days ahead. */
  mine: '',
  others: '',
  future: '',
  ownVisit: '',
  othersVisit: '',
  /** When-required medicines, each with a dose given (its record). */
  rxMine: '',
  rxOthers: '',
  rxFuture: '',
  recMine: '',
  recOthers: '',
  recFuture: '',
  othersEntry: '',
  othersIncidentEntry: '',
  othersNote: '',
  othersTask: '',
};

async function created(reply: Promise<ApiReply>): Promise<string> {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as string;
}

const carerRecord = (userId: string) =>
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

const clientRecord = (lastName: string) =>
  created(
    api.request('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Edith',
      lastName,
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    }),
  );

const visit = (carerId: string, clientId: string, scheduledStart: string) =>
  created(api.request('POST', '/api/appointments', { clientId, carerId, scheduledStart, durationMinutes: 60 }));

/** A when-required medicine of the client, and the record of one dose given (by the administrator, no visit needed). */
async function prnWithDose(clientId: string): Promise<{ rx: string; record: string }> {
  const rx = await created(
    api.request('POST', '/api/medications', {
      clientId,
      name: 'Paracetamol',
      strength: '500mg',
      form: 'tablet',
      route: 'oral',
      dosage: '2 tablets',
      frequency: 'When required',
      doseTimes: [],
      prn: { reason: 'Pain', dose: '1g', minIntervalMinutes: 240, maxDosesIn24h: 4 },
      prescribedBy: 'Dr Patel',
      startDate: addDays(londonToday(), -2),
    }),
  );
  await created(api.request('POST', `/api/medications/${rx}/administrations`, { code: 'T', prnReason: 'Headache' }));
  const events = (await api.store.readStream(prescriptionStreamId(rx))).map(parseRecordedEvent);
  const given = events.find((event) => event.type === 'MedicationAdministrationRecorded');
  if (given?.type !== 'MedicationAdministrationRecorded') throw new Error('no dose recorded');
  return { rx, record: given.data.id };
}

const entry = (fields: Record<string, unknown>) => ({
  entryDate: '2025-03-04T09:15:00Z',
  title: 'Visit note',
  content: 'Helped with breakfast.',
  ...fields,
});

const incident = (fields: Record<string, unknown>) => ({
  type: 'accident',
  severity: 'medium',
  title: 'Fall in the hallway',
  description: 'Found on the floor on arrival.',
  dateOccurred: new Date(Date.now() - 60 * 60_000).toISOString(),
  ...fields,
});

const voiceNote = (as: TestUser, fields: Record<string, string>) =>
  uploadVoiceNote(
    api.baseUrl,
    as.cookie,
    { title: 'Visit note', duration: '12', ...fields },
    { bytes: fakeWebm(3000), type: 'audio/webm' },
  );

/** The request, sent as the carer, is answered 404 with `body` and appends nothing. */
async function refusedAsUnknown(send: () => Promise<ApiReply>, body: unknown): Promise<void> {
  const before = await settledLog(api.store);
  const reply = await send();
  expect({ status: reply.status, body: reply.body }, reply.text).toEqual({ status: 404, body });
  expect(await appendedSince(api.store, before)).toEqual([]);
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'carer_writes');
  carer = await api.createUser('carer');
  otherCarer = await api.createUser('carer');
  coordinator = await api.createUser('coordinator');
  ids.ownCarer = await carerRecord(carer.id);
  ids.otherCarer = await carerRecord(otherCarer.id);
  ids.mine = await clientRecord('Mine');
  ids.others = await clientRecord('Others');
  ids.future = await clientRecord('Future');
  ids.ownVisit = await visit(ids.ownCarer, ids.mine, inMinutes(30));
  ids.othersVisit = await visit(ids.otherCarer, ids.others, inMinutes(30));
  await visit(ids.ownCarer, ids.future, `${addDays(londonToday(), 20)}T10:00:00Z`);
  ({ rx: ids.rxMine, record: ids.recMine } = await prnWithDose(ids.mine));
  ({ rx: ids.rxOthers, record: ids.recOthers } = await prnWithDose(ids.others));
  ({ rx: ids.rxFuture, record: ids.recFuture } = await prnWithDose(ids.future));
  ids.othersEntry = await created(
    otherCarer.request('POST', '/api/diary', entry({ carerId: ids.otherCarer, clientId: ids.others })),
  );
  ids.othersIncidentEntry = await created(
    otherCarer.request(
      'POST',
      '/api/diary',
      entry({ carerId: ids.otherCarer, clientId: ids.others, entryType: 'incident' }),
    ),
  );
  ids.othersNote = await created(voiceNote(otherCarer, { clientId: ids.others }));
  ids.othersTask = await created(
    coordinator.request('POST', '/api/tasks', {
      title: 'Call the pharmacy',
      type: 'call',
      category: 'medication',
      assignedTo: otherCarer.id,
    }),
  );
});

afterAll(async () => {
  await api?.close();
});

describe('a carer writing outside their work is answered as for a record that does not exist, and nothing is appended', () => {
  it("check-in and check-out of another carer's visit, even with a stale If-Match", async () => {
    const absent = { error: 'Appointment not found' };
    expect(
      (await carer.request('POST', `/api/appointments/${randomUUID()}/check-in`, { source: 'Mobile' })).body,
    ).toEqual(absent);
    await refusedAsUnknown(
      () => carer.request('POST', `/api/appointments/${ids.othersVisit}/check-in`, { source: 'Mobile' }),
      absent,
    );
    await refusedAsUnknown(
      () =>
        carer.request(
          'POST',
          `/api/appointments/${ids.othersVisit}/check-in`,
          { source: 'Mobile' },
          { 'if-match': '"7"' },
        ),
      absent,
    );
    await refusedAsUnknown(
      () => carer.request('POST', `/api/appointments/${ids.othersVisit}/check-out`, { source: 'Mobile' }),
      absent,
    );
  });

  it("a dose's outcome for another client's medicine or a client outside the window", async () => {
    const absent = { error: 'Medication not found' };
    expect(
      (
        await carer.request('POST', `/api/medications/${randomUUID()}/administrations`, {
          code: 'T',
          prnReason: 'Pain',
        })
      ).body,
    ).toEqual(absent);
    for (const rx of [ids.rxOthers, ids.rxFuture]) {
      // No visit named: a 400 about the field would tell the carer the medicine exists.
      await refusedAsUnknown(
        () => carer.request('POST', `/api/medications/${rx}/administrations`, { code: 'T', prnReason: 'Pain' }),
        absent,
      );
      await refusedAsUnknown(
        () =>
          carer.request('POST', `/api/medications/${rx}/administrations`, {
            code: 'T',
            prnReason: 'Pain',
            appointmentId: ids.ownVisit,
          }),
        absent,
      );
    }
  });

  it("a when-required dose's effect on another client's record or a client outside the window", async () => {
    const absent = { error: 'Medication not found' };
    expect(
      (
        await carer.request('POST', `/api/medications/${randomUUID()}/records/${randomUUID()}/prn-effect`, {
          effect: 'helped',
        })
      ).body,
    ).toEqual(absent);
    await refusedAsUnknown(
      () =>
        carer.request('POST', `/api/medications/${ids.rxOthers}/records/${ids.recOthers}/prn-effect`, {
          effect: 'helped',
        }),
      absent,
    );
    await refusedAsUnknown(
      () =>
        carer.request('POST', `/api/medications/${ids.rxFuture}/records/${ids.recFuture}/prn-effect`, {
          effect: 'helped',
        }),
      absent,
    );
    // A record that is not there, on another client's medicine: still the medicine is unknown, not the record.
    await refusedAsUnknown(
      () =>
        carer.request('POST', `/api/medications/${ids.rxOthers}/records/${randomUUID()}/prn-effect`, {
          effect: 'helped',
        }),
      absent,
    );
  });

  it("a diary entry about another client or one outside the window, under another carer, or on another carer's visit", async () => {
    const client = { error: 'Client not found', fields: { clientId: 'Client not found' } };
    for (const clientId of [ids.others, ids.future, randomUUID()]) {
      await refusedAsUnknown(
        () => carer.request('POST', '/api/diary', entry({ carerId: ids.ownCarer, clientId })),
        client,
      );
    }
    await refusedAsUnknown(
      () => carer.request('POST', '/api/diary', entry({ carerId: ids.otherCarer, clientId: ids.mine })),
      {
        error: 'Carer not found',
        fields: { carerId: 'Carer not found' },
      },
    );
    for (const appointmentId of [ids.othersVisit, randomUUID()]) {
      await refusedAsUnknown(
        () => carer.request('POST', '/api/diary', entry({ carerId: ids.ownCarer, clientId: ids.mine, appointmentId })),
        {
          error: 'Appointment not found',
          fields: { appointmentId: 'Appointment not found' },
        },
      );
    }
  });

  it('a diary entry about a client whose visit was cancelled, or moved out of the window', async () => {
    const cancelledClient = await clientRecord('Cancelled');
    const cancelledVisit = await visit(ids.ownCarer, cancelledClient, inMinutes(90));
    expect(
      (await api.request('POST', `/api/appointments/${cancelledVisit}/cancel`, { reason: 'Client in hospital' }))
        .status,
    ).toBe(200);
    const movedClient = await clientRecord('Moved');
    const movedVisit = await visit(ids.ownCarer, movedClient, inMinutes(150));
    const moved = await api.request('POST', `/api/appointments/${movedVisit}/reschedule`, {
      scheduledStart: `${addDays(londonToday(), 20)}T14:00:00Z`,
      durationMinutes: 60,
    });
    expect(moved.status, moved.text).toBe(200);
    for (const clientId of [cancelledClient, movedClient]) {
      await refusedAsUnknown(() => carer.request('POST', '/api/diary', entry({ carerId: ids.ownCarer, clientId })), {
        error: 'Client not found',
        fields: { clientId: 'Client not found' },
      });
    }
  });

  it("an amendment of another carer's entry about a client outside their work, even with a stale If-Match", async () => {
    const absent = { error: 'Diary entry not found' };
    expect((await carer.request('PATCH', `/api/diary/${randomUUID()}`, { title: 'Changed' })).body).toEqual(absent);
    await refusedAsUnknown(() => carer.request('PATCH', `/api/diary/${ids.othersEntry}`, { title: 'Changed' }), absent);
    await refusedAsUnknown(
      () => carer.request('PATCH', `/api/diary/${ids.othersEntry}`, { title: 'Changed' }, { 'if-match': '"7"' }),
      absent,
    );
  });

  it("an incident naming another client or one outside the window, another carer, or another carer's visit", async () => {
    for (const clientId of [ids.others, ids.future]) {
      await refusedAsUnknown(() => carer.request('POST', '/api/incidents', incident({ clientId })), {
        error: 'Client not found',
        fields: { clientId: 'Client not found' },
      });
    }
    await refusedAsUnknown(
      () => carer.request('POST', '/api/incidents', incident({ clientId: ids.mine, carerId: ids.otherCarer })),
      {
        error: 'Carer not found',
        fields: { carerId: 'Carer not found' },
      },
    );
    const visit = {
      error: 'No visit of yours has this ID',
      fields: { appointmentId: 'No visit of yours has this ID' },
    };
    for (const appointmentId of [ids.othersVisit, randomUUID()]) {
      await refusedAsUnknown(() => carer.request('POST', '/api/incidents', incident({ appointmentId })), visit);
    }
  });

  it("an incident from another carer's diary entry", async () => {
    const absent = { error: 'Diary entry not found', fields: { diaryEntryId: 'Diary entry not found' } };
    for (const diaryEntryId of [ids.othersIncidentEntry, randomUUID()]) {
      await refusedAsUnknown(() => carer.request('POST', '/api/incidents/from-diary-entry', { diaryEntryId }), absent);
    }
  });

  it("an emergency naming another carer's visit", async () => {
    const visit = {
      error: 'No visit of yours has this ID',
      fields: { appointmentId: 'No visit of yours has this ID' },
    };
    for (const appointmentId of [ids.othersVisit, randomUUID()]) {
      await refusedAsUnknown(() => carer.request('POST', '/api/emergencies', { appointmentId, location: null }), visit);
    }
  });

  it("a voice note about another client or one outside the window, and deleting another carer's note", async () => {
    for (const clientId of [ids.others, ids.future]) {
      await refusedAsUnknown(() => voiceNote(carer, { clientId }), {
        error: 'Client not found',
        fields: { clientId: 'Client not found' },
      });
    }
    await refusedAsUnknown(() => voiceNote(carer, { appointmentId: ids.othersVisit }), {
      error: 'Appointment not found',
      fields: { appointmentId: 'Appointment not found' },
    });
    await refusedAsUnknown(() => voiceNote(carer, { diaryEntryId: ids.othersEntry }), {
      error: 'Diary entry not found',
      fields: { diaryEntryId: 'Diary entry not found' },
    });
    const absent = { error: 'Voice note not found' };
    expect((await carer.request('DELETE', `/api/voice-notes/${randomUUID()}`)).body).toEqual(absent);
    await refusedAsUnknown(() => carer.request('DELETE', `/api/voice-notes/${ids.othersNote}`), absent);
  });

  it('starting or completing a task assigned to someone else, even with a stale If-Match', async () => {
    const absent = { error: 'Task not found' };
    expect((await carer.request('POST', `/api/tasks/${randomUUID()}/start`, {})).body).toEqual(absent);
    await refusedAsUnknown(() => carer.request('POST', `/api/tasks/${ids.othersTask}/start`, {}), absent);
    await refusedAsUnknown(
      () => carer.request('POST', `/api/tasks/${ids.othersTask}/start`, {}, { 'if-match': '"7"' }),
      absent,
    );
    await refusedAsUnknown(() => carer.request('POST', `/api/tasks/${ids.othersTask}/complete`, {}), absent);
  });
});

describe('the window', () => {
  it('is configurable: 30 days ahead takes in the client of the visit 20 days ahead, 0 days back still the one of today', async () => {
    const asCarer = { kind: 'carer', userId: carer.id } as const;
    const wider = new CarerWork(api.store, { daysBack: 0, daysAhead: 30 });
    expect(await wider.hasClient(asCarer, ids.future)).toBe(true);
    expect(await wider.hasClient(asCarer, ids.mine)).toBe(true);
    expect(await wider.hasClient(asCarer, ids.others)).toBe(false);
    expect(await new CarerWork(api.store).hasClient(asCarer, ids.future)).toBe(false);
    // Staff have every client in their work.
    expect(await new CarerWork(api.store).hasClient({ kind: 'all' }, ids.future)).toBe(true);
  });
});

describe("a carer's own work", () => {
  it('goes through: check-in, a dose effect, a diary entry on their visit, an incident, an emergency, a voice note', async () => {
    const checkIn = await carer.request('POST', `/api/appointments/${ids.ownVisit}/check-in`, { source: 'Mobile' });
    expect(checkIn.status, checkIn.text).toBe(200);
    const effect = await carer.request('POST', `/api/medications/${ids.rxMine}/records/${ids.recMine}/prn-effect`, {
      effect: 'helped',
    });
    expect(effect.status, effect.text).toBe(200);
    await created(
      carer.request(
        'POST',
        '/api/diary',
        entry({ carerId: ids.ownCarer, clientId: ids.mine, appointmentId: ids.ownVisit }),
      ),
    );
    await created(
      carer.request(
        'POST',
        '/api/incidents',
        incident({ clientId: ids.mine, carerId: ids.ownCarer, appointmentId: ids.ownVisit }),
      ),
    );
    await created(carer.request('POST', '/api/emergencies', { appointmentId: ids.ownVisit, location: null }));
    await created(voiceNote(carer, { clientId: ids.mine, appointmentId: ids.ownVisit, carerId: ids.ownCarer }));
    // Staff still write about anyone.
    await created(coordinator.request('POST', '/api/diary', entry({ carerId: ids.otherCarer, clientId: ids.future })));
  });
});
