import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  comparePositions,
  londonToday,
  positionFromToken,
  type ClientView,
  type DiaryEntryVersionView,
  type DiaryEntryView,
  type VoiceNoteView,
} from '@care/events';
import { createLogger } from '@care/events/server';
import { requester, type Requester, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { createReadModelDb } from '@care/projector';
import { AlertTaskLog } from '@care/projector/testing';
import { fakeWebm } from '../../../command-api/src/voice-notes/audio-samples.testing';
import { uploadVoiceNote } from '../../../command-api/src/voice-notes/voice-note-upload.testing';
import { cancelled, VisitLog } from '../appointments/visit-fixtures';
import { createReadApi } from '../app';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * A carer reads only what their work needs (docs/decisions/0014-carer-scope.md): the clients on their visits from 7
 * days back to 14 days ahead, the diary entries and voice notes about them, and their own. Each test reads as a carer
 * who must not see something, and checks an administrator or coordinator still does.
 */
const log = createLogger('test', 'silent');
let stack: ReadStack | undefined;
let pool: pg.Pool;
let command: RunningCommandApi;
let readUrl: string;
let visits: VisitLog;
let carer: TestUser;
let otherCarer: TestUser;
let coordinator: TestUser;
let ownCarerId: string;
let otherCarerId: string;
/** Clients by where the carer's visits put them: in the window, before it, after it, cancelled, another carer's. */
const client: Record<'near' | 'past' | 'future' | 'cancelled' | 'others', string> = {
  near: '',
  past: '',
  future: '',
  cancelled: '',
  others: '',
};
let ownVisitToday = '';
let othersVisitToday = '';
const positions: string[] = [];

const latest = () =>
  positions.reduce(
    (max, token) =>
      max === '' || comparePositions(positionFromToken(token)!, positionFromToken(max)!) > 0 ? token : max,
    '',
  );

async function send(request: Requester, method: string, path: string, body?: unknown, expected = 201) {
  const reply = await request(method, path, body);
  expect(reply.status, reply.text).toBe(expected);
  if (reply.body?.position) positions.push(reply.body.position);
  return reply.body as { id: string; revision: string };
}

async function read<T>(user: TestUser, path: string, url = readUrl): Promise<{ status: number; body: T }> {
  if (visits.lastPosition) positions.push(visits.lastPosition);
  const reply = await requester(url, user.cookie)('GET', path, undefined, { 'x-min-position': latest() });
  return { status: reply.status, body: reply.body as T };
}

const clientRecord = async (lastName: string) =>
  (
    await send(command.request, 'POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Client',
      lastName,
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
      medicalConditions: ['Type 2 diabetes'],
    })
  ).id;

const carerRecord = async (user: TestUser) =>
  (
    await send(command.request, 'POST', '/api/carers', {
      firstName: 'Carer',
      lastName: user.id.slice(0, 8),
      email: user.email,
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      userId: user.id,
    })
  ).id;

const visitOn = (carerId: string, clientId: string, daysFromToday: number) =>
  visits.visit({
    clientId,
    carerId,
    scheduledStart: `${addDays(londonToday(), daysFromToday)}T10:00:00Z`,
    durationMinutes: 60,
  });

const entry = (user: TestUser, fields: Record<string, unknown>) =>
  send(user.request, 'POST', '/api/diary', {
    entryDate: '2025-03-04T09:15:00Z',
    content: 'Helped with breakfast.',
    ...fields,
  });

/**
 * What the carer wrote about a client of their work who has since left it (the visit was cancelled): the command
 * API takes a carer's writes only about the clients of their work, and what they wrote stays theirs to read.
 */
async function writtenBeforeLeaving<T>(write: (clientId: string) => Promise<T>): Promise<T> {
  const former = await clientRecord('former');
  const visit = await visitOn(ownCarerId, former, 1);
  const written = await write(former);
  await visits.then(visit, cancelled('Moved to residential care'));
  return written;
}

async function voiceNote(user: TestUser, fields: Record<string, string>) {
  const reply = await uploadVoiceNote(
    command.baseUrl,
    user.cookie,
    { title: 'Visit note', duration: '12', ...fields },
    {
      bytes: fakeWebm(3000),
      type: 'audio/webm',
    },
  );
  expect(reply.status, reply.text).toBe(201);
  positions.push(reply.body.position);
  return reply.body.id as string;
}

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'carer_work');
  ({ pool, command, readUrl } = stack);
  visits = new VisitLog(command.store, command.admin.id);
  carer = await command.createUser('carer');
  otherCarer = await command.createUser('carer');
  coordinator = await command.createUser('coordinator');
  ownCarerId = await carerRecord(carer);
  otherCarerId = await carerRecord(otherCarer);
  for (const key of Object.keys(client) as (keyof typeof client)[]) client[key] = await clientRecord(key);
  ownVisitToday = await visitOn(ownCarerId, client.near, 0);
  await visitOn(ownCarerId, client.near, 3);
  await visitOn(ownCarerId, client.past, -10);
  await visitOn(ownCarerId, client.future, 20);
  await visits.then(await visitOn(ownCarerId, client.cancelled, 1), cancelled('Client in hospital'));
  othersVisitToday = await visitOn(otherCarerId, client.others, 0);
});

afterAll(async () => {
  await stack?.stop();
});

describe('clients', () => {
  it('a carer lists exactly the clients on their visits from 7 days back to 14 ahead', async () => {
    const mine = await read<ClientView[]>(carer, '/api/clients');
    expect(mine.body.map((row) => row.id)).toEqual([client.near]);
    const all = await read<ClientView[]>(coordinator, '/api/clients');
    expect(all.body.map((row) => row.id).sort()).toEqual(Object.values(client).sort());
  });

  it("a client outside the window, cancelled, or only on another carer's visits is unknown to them (404)", async () => {
    for (const id of [client.past, client.future, client.cancelled, client.others]) {
      expect(await read(carer, `/api/clients/${id}`)).toEqual({ status: 404, body: { error: 'Client not found' } });
      expect((await read(command.admin, `/api/clients/${id}`)).status).toBe(200);
    }
    const near = await read<ClientView>(carer, `/api/clients/${client.near}`);
    expect([near.status, near.body.medicalConditions]).toEqual([200, ['Type 2 diabetes']]);
  });

  it('the window is configurable: 14 days back and none ahead opens the past client and closes the near one', async () => {
    const wider = await createReadApi({
      pool,
      db: createReadModelDb(pool),
      log,
      carerWindow: { daysBack: 14, daysAhead: 0 },
    });
    await new Promise<void>((resolve) => wider.server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(wider.server.address() as AddressInfo).port}`;
      // The visit today keeps the near client in; the one 10 days back now counts; 20 ahead still not.
      const ids = (await read<ClientView[]>(carer, '/api/clients', url)).body.map((row) => row.id).sort();
      expect(ids).toEqual([client.near, client.past].sort());
    } finally {
      await wider.close();
    }
  });
});

describe('diary', () => {
  it("a carer reads the entries about their clients and their own, and no one else's about other clients", async () => {
    const aboutNear = (await entry(coordinator, { carerId: otherCarerId, clientId: client.near, title: 'About near' }))
      .id;
    const aboutOthers = (
      await entry(otherCarer, { carerId: otherCarerId, clientId: client.others, title: 'About others' })
    ).id;
    const aboutPast = (await entry(coordinator, { carerId: ownCarerId, clientId: client.past, title: 'About past' }))
      .id;
    const ownAboutFuture = (
      await writtenBeforeLeaving((clientId) =>
        entry(carer, { carerId: ownCarerId, clientId, title: 'Own about former' }),
      )
    ).id;

    const seen = (await read<DiaryEntryView[]>(carer, '/api/diary')).body.map((row) => row.id);
    expect(seen.sort()).toEqual([aboutNear, ownAboutFuture].sort());
    for (const hidden of [aboutOthers, aboutPast]) {
      expect((await read(carer, `/api/diary/${hidden}`)).status).toBe(404);
      expect((await read(carer, `/api/diary/${hidden}/history`)).status).toBe(404);
    }
    expect((await read<DiaryEntryView[]>(carer, `/api/diary?clientId=${client.others}`)).body).toEqual([]);
    const everything = (await read<DiaryEntryView[]>(coordinator, '/api/diary')).body.map((row) => row.id);
    expect(everything).toEqual(expect.arrayContaining([aboutNear, aboutOthers, aboutPast, ownAboutFuture]));
  });

  it('the history hides the versions written while the entry was confidential, and what they said', async () => {
    const { id } = await entry(coordinator, {
      carerId: ownCarerId,
      clientId: client.near,
      title: 'Safeguarding concern',
      content: 'Son suspected of taking her pension.',
      isConfidential: true,
    });
    expect((await read(carer, `/api/diary/${id}/history`)).status).toBe(404);
    await send(
      coordinator.request,
      'PATCH',
      `/api/diary/${id}`,
      { isConfidential: false, title: 'Visit update', content: 'Visit went well.' },
      200,
    );

    const history = await read<DiaryEntryVersionView[]>(carer, `/api/diary/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.map((version) => version.action)).toEqual(['amended']);
    expect(JSON.stringify(history.body)).not.toMatch(/Safeguarding|pension/);
    expect(history.body[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', from: null, to: 'Visit update' },
        { field: 'isConfidential', from: null, to: false },
      ]),
    );
    // Readers of confidential entries still see every version as it was.
    const full = await read<DiaryEntryVersionView[]>(coordinator, `/api/diary/${id}/history`);
    expect(full.body.map((version) => version.action)).toEqual(['created', 'amended']);
    expect(JSON.stringify(full.body)).toMatch(/Safeguarding/);
  });
});

describe('visits', () => {
  it("documentsUploaded on a carer's own visit does not count a confidential entry or a private note of someone else", async () => {
    await entry(coordinator, {
      carerId: ownCarerId,
      clientId: client.near,
      appointmentId: ownVisitToday,
      title: 'Secret',
      isConfidential: true,
    });
    await voiceNote(coordinator, { clientId: client.near, appointmentId: ownVisitToday, isPrivate: 'true' });
    await entry(carer, { carerId: ownCarerId, clientId: client.near, appointmentId: ownVisitToday, title: 'Mine' });

    const asCarer = await read<{ documentsUploaded: number }>(carer, `/api/appointments/${ownVisitToday}`);
    expect([asCarer.status, asCarer.body.documentsUploaded]).toEqual([200, 1]);
    const listed = await read<{ id: string; documentsUploaded: number }[]>(carer, `/api/appointments?today=true`);
    expect(listed.body.find((visit) => visit.id === ownVisitToday)?.documentsUploaded).toBe(1);
    const asCoordinator = await read<{ documentsUploaded: number }>(coordinator, `/api/appointments/${ownVisitToday}`);
    expect(asCoordinator.body.documentsUploaded).toBe(3);
  });

  it("another carer's visit, with its notes, stays hidden from a carer", async () => {
    const listed = await read<{ id: string }[]>(carer, '/api/appointments?today=true');
    expect(listed.body.map((visit) => visit.id)).toEqual([ownVisitToday]);
    expect((await read(carer, `/api/appointments/${othersVisitToday}`)).status).toBe(404);
    expect((await read(carer, `/api/appointments/${othersVisitToday}/history`)).status).toBe(404);
    expect((await read(coordinator, `/api/appointments/${othersVisitToday}`)).status).toBe(200);
  });
});

describe('voice notes', () => {
  it('a note attached to a confidential entry is as confidential as the entry', async () => {
    const secret = (
      await entry(coordinator, {
        carerId: ownCarerId,
        clientId: client.near,
        title: 'Confidential',
        isConfidential: true,
      })
    ).id;
    const note = await voiceNote(coordinator, { clientId: client.near, diaryEntryId: secret });

    const listed = (await read<VoiceNoteView[]>(carer, `/api/voice-notes?clientId=${client.near}`)).body.map(
      (row) => row.id,
    );
    expect(listed).not.toContain(note);
    expect((await read(carer, `/api/voice-notes/${note}/audio`)).status).toBe(404);
    expect(
      (await read<VoiceNoteView[]>(coordinator, `/api/voice-notes?diaryEntryId=${secret}`)).body.map((row) => row.id),
    ).toEqual([note]);
  });

  it('a carer hears notes about their clients and their own, not notes about other clients', async () => {
    const aboutNear = await voiceNote(coordinator, { clientId: client.near });
    const aboutOthers = await voiceNote(otherCarer, { clientId: client.others });
    const own = await writtenBeforeLeaving((clientId) => voiceNote(carer, { clientId }));

    const listed = (await read<VoiceNoteView[]>(carer, '/api/voice-notes')).body.map((row) => row.id);
    expect(listed).toEqual(expect.arrayContaining([aboutNear, own]));
    expect(listed).not.toContain(aboutOthers);
    expect((await read(carer, `/api/voice-notes/${aboutOthers}/audio`)).status).toBe(404);
    expect((await read(coordinator, `/api/voice-notes/${aboutOthers}/audio`)).status).toBe(200);
  });
});

describe('the account linked to a carer record', () => {
  it("names the account on the carer, lists the linkable ones for admins only, and an unlink closes the carer's reads", async () => {
    const spare = await command.createUser('carer');
    const own = await read<{ account: unknown }>(command.admin, `/api/carers/${ownCarerId}`);
    expect(own.body.account).toEqual({ id: carer.id, email: carer.email, firstName: 'Test', lastName: 'carer' });
    // The spare account was just created: the list shows it once the users projection has it.
    await expect
      .poll(async () =>
        (await read<{ id: string }[]>(command.admin, `/api/carers/linkable-accounts?carerId=${ownCarerId}`)).body
          .map((account) => account.id)
          .sort(),
      )
      .toEqual([carer.id, spare.id].sort());
    expect((await read(coordinator, '/api/carers/linkable-accounts')).status).toBe(403);

    await send(command.request, 'PATCH', `/api/carers/${ownCarerId}`, { userId: null }, 200);
    expect((await read<{ account: unknown }>(command.admin, `/api/carers/${ownCarerId}`)).body.account).toBeNull();
    // No longer that carer: none of its visits, clients or record.
    expect((await read<ClientView[]>(carer, '/api/clients')).body).toEqual([]);
    expect((await read(carer, `/api/appointments/${ownVisitToday}`)).status).toBe(404);
    expect((await read(carer, `/api/carers/${ownCarerId}`)).status).toBe(404);

    await send(command.request, 'PATCH', `/api/carers/${ownCarerId}`, { userId: carer.id }, 200);
    expect((await read<ClientView[]>(carer, '/api/clients')).body.map((row) => row.id)).toEqual([client.near]);
  });
});

describe('live pushes', () => {
  it('tells the carer their clients changed when a visit gives them a new client, and staff only that the visits changed', async () => {
    const pushedClient = await clientRecord('pushed');
    // The new client is projected before the sockets listen: its own clients:changed is not what this test counts.
    await expect
      .poll(async () => (await read<ClientView[]>(coordinator, '/api/clients')).body.map((row) => row.id))
      .toContain(pushedClient);
    const listen = (user: TestUser) => {
      const socket = connectSocket(readUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        extraHeaders: { cookie: user.cookie },
      });
      const got: string[] = [];
      for (const event of ['clients:changed', 'appointments:changed', 'diary:changed'])
        socket.on(event, () => got.push(event));
      return { socket, got };
    };
    const [asCarer, asCoordinator] = [listen(carer), listen(coordinator)];
    try {
      await expect.poll(() => asCarer.socket.connected && asCoordinator.socket.connected).toBe(true);
      await visitOn(ownCarerId, pushedClient, 1);
      await expect.poll(() => asCarer.got).toContain('clients:changed');
      expect((await read<ClientView[]>(carer, '/api/clients')).body.map((row) => row.id)).toContain(pushedClient);
      // A later change that both receive: notices go out in order, so any clients:changed of the visit came first.
      await entry(coordinator, { carerId: otherCarerId, clientId: client.others, title: 'After the visit' });
      await expect.poll(() => asCoordinator.got.at(-1)).toBe('diary:changed');
      expect(asCoordinator.got).toContain('appointments:changed');
      expect(asCoordinator.got).not.toContain('clients:changed');
    } finally {
      asCarer.socket.close();
      asCoordinator.socket.close();
    }
  });
});

describe('counts', () => {
  it('every list a carer reads counts exactly the rows it shows them', async () => {
    // An entry the carer may read and one about another carer's client, which the agency's count holds and theirs not.
    await entry(coordinator, { carerId: otherCarerId, clientId: client.near, title: 'Counted for the carer' });
    await entry(coordinator, { carerId: otherCarerId, clientId: client.others, title: 'Not counted for the carer' });
    const lists = [
      '/api/diary',
      '/api/diary/carer-roster',
      '/api/diary/client-roster',
      '/api/diary/monitoring',
      '/api/clients',
      '/api/appointments',
      '/api/monitoring',
      '/api/voice-notes',
      '/api/alerts',
      '/api/tasks',
      '/api/incidents',
      '/api/training',
      '/api/medications',
      '/api/medication-records',
      '/api/care-plans',
      '/api/carers',
    ];
    for (const path of lists) {
      if (visits.lastPosition) positions.push(visits.lastPosition);
      // The largest page each list allows: every row the carer may see on one page.
      const limit = path === '/api/monitoring' ? 200 : 500;
      const reply = await requester(readUrl, carer.cookie)('GET', `${path}?limit=${limit}`, undefined, {
        'x-min-position': latest(),
      });
      expect(reply.status, `${path}: ${reply.text}`).toBe(200);
      // Most lists answer an array and the total in a header; Care Monitoring answers both in its body.
      const { rows, total } = Array.isArray(reply.body)
        ? { rows: reply.body as unknown[], total: Number(reply.headers.get('x-total-count')) }
        : { rows: (reply.body as { records: unknown[] }).records, total: (reply.body as { total: number }).total };
      expect([path, total]).toEqual([path, rows.length]);
    }
    // The dashboard's figures count the same rows as the lists its tiles open.
    const stats = (await read<{ openAlerts: number; unrecordedVisits: number }>(carer, '/api/dashboard/stats')).body;
    const openAlerts = (await read<unknown[]>(carer, '/api/alerts?active=true&limit=500')).body.length;
    const unrecorded = (await read<unknown[]>(carer, '/api/appointments?unrecorded=true&limit=1000')).body.length;
    expect([stats.openAlerts, stats.unrecordedVisits]).toEqual([openAlerts, unrecorded]);
    const total = async (user: TestUser) =>
      Number(
        (
          await requester(readUrl, user.cookie)('GET', '/api/diary', undefined, { 'x-min-position': latest() })
        ).headers.get('x-total-count'),
      );
    const [asCarer, asCoordinator] = [await total(carer), await total(coordinator)];
    expect(asCarer).toBe((await read<DiaryEntryView[]>(carer, '/api/diary?limit=500')).body.length);
    expect(asCoordinator).toBeGreaterThan(asCarer);
  });
});

describe('live notices within the work', () => {
  type Notice = { event: string; position: string };
  const EVENTS = [
    'clients:changed',
    'appointments:changed',
    'diary:changed',
    'alerts:changed',
    'voice-notes:changed',
    'shifts:changed',
    'training:changed',
    'leave:changed',
    'tasks:changed',
    'medications:changed',
    'incidents:changed',
    'care-plans:changed',
  ];
  const listen = (user: TestUser) => {
    const socket = connectSocket(readUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { cookie: user.cookie },
    });
    const got: Notice[] = [];
    for (const event of EVENTS) socket.on(event, ({ position }: { position: string }) => got.push({ event, position }));
    return { socket, got };
  };
  /** The notices of `event` that cover the write at `position` (a notice's position is where its batch ended). */
  const covering = (got: readonly Notice[], event: string, position: string) =>
    got.filter(
      (notice) =>
        notice.event === event &&
        comparePositions(positionFromToken(notice.position)!, positionFromToken(position)!) >= 0,
    );

  it("a carer hears of changes to their clients, visits, diary, alerts and the rest of their work, never of another carer's; staff hear of both", async () => {
    const alerts = new AlertTaskLog(command.store);
    const prescription = (clientId: string) => ({
      clientId,
      name: 'Amlodipine',
      form: 'tablet',
      route: 'oral',
      dosage: '1 tablet',
      frequency: 'Once daily',
      doseTimes: ['09:00'],
      prescribedBy: 'Dr Patel',
      startDate: londonToday(),
    });
    const incident = (carerId: string, clientId: string) => ({
      type: 'accident',
      severity: 'medium',
      title: 'Slipped in the kitchen',
      description: 'Steadied before falling.',
      carerId,
      clientId,
      dateOccurred: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const commandWrite = async (write: () => Promise<unknown>) => {
      await write();
      return positions.at(-1)!;
    };
    const cases: { event: string; outside: () => Promise<string>; inside: () => Promise<string> }[] = [
      {
        event: 'diary:changed',
        outside: () =>
          commandWrite(() => entry(coordinator, { carerId: otherCarerId, clientId: client.others, title: 'Outside' })),
        inside: () =>
          commandWrite(() => entry(coordinator, { carerId: otherCarerId, clientId: client.near, title: 'Inside' })),
      },
      {
        event: 'clients:changed',
        outside: () =>
          commandWrite(() =>
            send(command.request, 'PATCH', `/api/clients/${client.others}`, { phoneNumber: '0113 496 0001' }, 200),
          ),
        inside: () =>
          commandWrite(() =>
            send(command.request, 'PATCH', `/api/clients/${client.near}`, { phoneNumber: '0113 496 0002' }, 200),
          ),
      },
      {
        event: 'appointments:changed',
        outside: async () => (await visitOn(otherCarerId, client.others, 2), visits.lastPosition),
        inside: async () => (await visitOn(ownCarerId, client.near, 2), visits.lastPosition),
      },
      {
        event: 'alerts:changed',
        outside: async () => (
          await alerts.raise({ carerId: otherCarerId, severity: 'high', title: 'Visit running late' }),
          alerts.lastPosition
        ),
        inside: async () => (
          await alerts.raise({ carerId: ownCarerId, severity: 'high', title: 'Visit running late' }),
          alerts.lastPosition
        ),
      },
      {
        event: 'voice-notes:changed',
        outside: async () => (await voiceNote(coordinator, { clientId: client.others }), positions.at(-1)!),
        inside: async () => (await voiceNote(coordinator, { clientId: client.near }), positions.at(-1)!),
      },
      {
        event: 'shifts:changed',
        outside: async () => (
          await visits.shift({
            carerId: otherCarerId,
            startTime: `${addDays(londonToday(), 2)}T08:00:00Z`,
            endTime: `${addDays(londonToday(), 2)}T16:00:00Z`,
          }),
          visits.lastPosition
        ),
        inside: async () => (
          await visits.shift({
            carerId: ownCarerId,
            startTime: `${addDays(londonToday(), 2)}T08:00:00Z`,
            endTime: `${addDays(londonToday(), 2)}T16:00:00Z`,
          }),
          visits.lastPosition
        ),
      },
      {
        event: 'training:changed',
        outside: () =>
          commandWrite(() =>
            send(command.request, 'POST', '/api/training', {
              carerId: otherCarerId,
              trainingType: 'first_aid',
              completedDate: '2025-01-10',
              status: 'current',
            }),
          ),
        inside: () =>
          commandWrite(() =>
            send(command.request, 'POST', '/api/training', {
              carerId: ownCarerId,
              trainingType: 'first_aid',
              completedDate: '2025-01-10',
              status: 'current',
            }),
          ),
      },
      {
        event: 'leave:changed',
        outside: () =>
          commandWrite(() =>
            send(coordinator.request, 'POST', '/api/leave', {
              carerId: otherCarerId,
              kind: 'annual',
              from: addDays(londonToday(), 40),
              to: addDays(londonToday(), 41),
            }),
          ),
        inside: () =>
          commandWrite(() =>
            send(coordinator.request, 'POST', '/api/leave', {
              carerId: ownCarerId,
              kind: 'annual',
              from: addDays(londonToday(), 40),
              to: addDays(londonToday(), 41),
            }),
          ),
      },
      {
        event: 'tasks:changed',
        outside: async () => (await alerts.task({ assignedTo: otherCarer.id }, coordinator.id), alerts.lastPosition),
        inside: async () => (await alerts.task({ assignedTo: carer.id }, coordinator.id), alerts.lastPosition),
      },
      {
        event: 'medications:changed',
        outside: () =>
          commandWrite(() => send(coordinator.request, 'POST', '/api/medications', prescription(client.others))),
        inside: () =>
          commandWrite(() => send(coordinator.request, 'POST', '/api/medications', prescription(client.near))),
      },
      {
        event: 'incidents:changed',
        outside: () =>
          commandWrite(() =>
            send(coordinator.request, 'POST', '/api/incidents', incident(otherCarerId, client.others)),
          ),
        inside: () =>
          commandWrite(() => send(coordinator.request, 'POST', '/api/incidents', incident(ownCarerId, client.near))),
      },
      {
        event: 'care-plans:changed',
        outside: () =>
          commandWrite(() =>
            send(coordinator.request, 'POST', '/api/care-plans', {
              clientId: client.others,
              title: 'Plan',
              reviewDate: addDays(londonToday(), 30),
            }),
          ),
        inside: () =>
          commandWrite(() =>
            send(coordinator.request, 'POST', '/api/care-plans', {
              clientId: client.near,
              title: 'Plan',
              reviewDate: addDays(londonToday(), 30),
            }),
          ),
      },
    ];
    const [asCarer, asCoordinator] = [listen(carer), listen(coordinator)];
    try {
      await expect.poll(() => asCarer.socket.connected && asCoordinator.socket.connected).toBe(true);
      for (const { event, outside, inside } of cases) {
        const mark = asCarer.got.length;
        const outsideAt = await outside();
        // Staff hear of it: it is projected, in a batch before the change inside the carer's work.
        await expect
          .poll(() => covering(asCoordinator.got, event, outsideAt).length, { message: event })
          .toBeGreaterThan(0);
        const insideAt = await inside();
        await expect.poll(() => covering(asCarer.got, event, insideAt).length, { message: event }).toBeGreaterThan(0);
        // Notices go out in the order of the changes: one about the outside change would have come first.
        const first = asCarer.got.slice(mark).find((notice) => notice.event === event);
        expect([event, covering([first!], event, insideAt).length]).toEqual([event, 1]);
        await expect
          .poll(() => covering(asCoordinator.got, event, insideAt).length, { message: event })
          .toBeGreaterThan(0);
      }
    } finally {
      asCarer.socket.close();
      asCoordinator.socket.close();
    }
  });
});
