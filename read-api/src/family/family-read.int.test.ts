import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  addDays,
  comparePositions,
  londonTimeToInstant,
  londonToday,
  positionFromToken,
  positionToToken,
  prescriptionStreamId,
  type AppointmentEvent,
  type DomainEvent,
} from '@care/events';
import { createFamilyUser, requester, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';
import { checkedIn, checkedOut, VisitLog } from '../appointments/visit-fixtures';

/**
 * The family portal's reads, as a family member on real PostgreSQL: their client's visits with the shared notes
 * only, nothing of another client (404 on every read), the medication summary only when shared, staff routes
 * refused, every read logged as a view, and a live push for their client's visit and never another's.
 */
let stack: ReadStack | undefined;
let command: RunningCommandApi;
let visits: VisitLog;
const positions: string[] = [];
const sockets: Socket[] = [];

const SHARED_NOTE = 'Enjoyed a walk in the garden';
const UNSHARED_NOTE = 'Bruise on left arm, reported to the office';
const CONFIDENTIAL_DIARY = 'Safeguarding: son asked for her bank card';
const RISK_NOTE = 'Unsteady on the stairs at night';

let family: TestUser;
let mine = '';
let theirs = '';
let carerId = '';
let accessId = '';

const latest = () =>
  positions.reduce(
    (max, token) =>
      max === '' || comparePositions(positionFromToken(token)!, positionFromToken(max)!) > 0 ? token : max,
    '',
  );

async function send(request: TestUser['request'], method: string, path: string, body?: unknown, expected = 201) {
  const reply = await request(method, path, body);
  expect(reply.status, reply.text).toBe(expected);
  if (reply.body?.position) positions.push(reply.body.position);
  return reply.body as Record<string, string>;
}

async function read(user: TestUser, path: string) {
  if (visits.lastPosition) positions.push(visits.lastPosition);
  return requester(stack!.readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': latest() });
}

const newClient = async (lastName: string) =>
  (
    await send(command.request, 'POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Edna',
      lastName,
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    })
  ).id!;

/** A family member of the client through the office's invitation (createFamilyUser), once the access is active. */
async function familyMemberOf(
  clientId: string,
  shareMedications: boolean,
  email?: string,
): Promise<TestUser & { accessId: string }> {
  const user = await createFamilyUser(command, { clientId, shareMedications, ...(email !== undefined && { email }) });
  // The acceptance answers no position to wait for: the access is active once the portal lists the client.
  await vi.waitFor(
    async () => {
      const listed = ((await read(user, '/api/family/clients')).body as { id: string }[]).map((row) => row.id);
      if (!listed.includes(clientId)) throw new Error('access not active yet');
    },
    { timeout: 10_000, interval: 50 },
  );
  return user;
}

const shared =
  (at: string, notes: string, share: boolean, tasksCompleted: string[]) =>
  (id: string): AppointmentEvent => {
    const event = checkedOut(at, { notes, tasksCompleted })(id);
    return share ? ({ ...event, data: { ...event.data, shareWithFamily: true } } as AppointmentEvent) : event;
  };

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'family_read', { command: { silent: true } });
  command = stack.command;
  visits = new VisitLog(command.store, command.admin.id);
  mine = await newClient('Mine');
  theirs = await newClient('Theirs');
  carerId = (
    await send(command.request, 'POST', '/api/carers', {
      firstName: 'Amira',
      lastName: 'Okonkwo',
      email: `carer-${randomUUID().slice(0, 8)}@example.org`,
      phone: '07700 900456',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
    })
  ).id!;
  const yesterday = addDays(londonToday(), -1);
  const tasks = ['Breakfast', 'Medication prompt'];
  await visits.visit(
    { clientId: mine, carerId, scheduledStart: `${yesterday}T08:00:00Z`, durationMinutes: 45, tasks },
    checkedIn(carerId, `${yesterday}T08:02:00Z`),
    shared(`${yesterday}T08:44:00Z`, SHARED_NOTE, true, ['Breakfast']),
  );
  await visits.visit(
    { clientId: mine, carerId, scheduledStart: `${yesterday}T18:00:00Z`, durationMinutes: 30, tasks },
    checkedIn(carerId, `${yesterday}T18:01:00Z`),
    shared(`${yesterday}T18:29:00Z`, UNSHARED_NOTE, false, tasks),
  );
  await visits.visit({
    clientId: mine,
    carerId,
    scheduledStart: `${addDays(londonToday(), 2)}T09:00:00Z`,
    durationMinutes: 30,
    tasks,
  });
  await visits.visit(
    { clientId: theirs, carerId, scheduledStart: `${yesterday}T10:00:00Z`, durationMinutes: 30, tasks },
    checkedIn(carerId, `${yesterday}T10:00:00Z`),
    shared(`${yesterday}T10:29:00Z`, 'Another client entirely', true, tasks),
  );
  await send(command.request, 'POST', '/api/diary', {
    clientId: mine,
    carerId,
    entryDate: `${yesterday}T12:00:00Z`,
    title: 'Concern',
    content: CONFIDENTIAL_DIARY,
    isConfidential: true,
  });
  await send(command.request, 'POST', '/api/care-plans', {
    clientId: mine,
    title: 'Staying at home',
    description: 'Support to stay independent at home',
    objectives: ['Eat well'],
    goals: ['Walk to the shop'],
    riskAssessment: [{ area: 'falls', level: 'high', notes: RISK_NOTE }],
    reviewDate: addDays(londonToday(), 90),
  });
  family = await familyMemberOf(mine, false);
  accessId = (family as TestUser & { accessId: string }).accessId;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.stop();
});

describe('the family portal', () => {
  it('lists only their client, and shows past visits with the shared note only', async () => {
    const clients = await read(family, '/api/family/clients');
    expect(clients.status, clients.text).toBe(200);
    expect(clients.body).toEqual([
      { id: mine, firstName: 'Edna', lastName: 'Mine', relationship: 'relative', medicationsShared: false },
    ]);

    const past = await read(family, `/api/family/clients/${mine}/visits?when=past`);
    expect(past.status, past.text).toBe(200);
    expect(past.headers.get('x-total-count')).toBe('2');
    expect(past.body.map((visit: { sharedNote: string | null }) => visit.sharedNote)).toEqual([null, SHARED_NOTE]);
    expect(past.body[1]).toMatchObject({
      carerFirstName: 'Amira',
      status: 'completed',
      arrived: { source: 'Mobile', enteredByHand: false, recordedOffline: false },
      tasks: [
        { name: 'Breakfast', done: true },
        { name: 'Medication prompt', done: false },
      ],
    });
    const upcoming = await read(family, `/api/family/clients/${mine}/visits?when=upcoming&limit=5`);
    expect(upcoming.headers.get('x-total-count')).toBe('1');
    expect(upcoming.body[0]).toMatchObject({ status: 'scheduled', carerFirstName: 'Amira', arrived: null });

    // Nothing else anywhere in what they can read: not the unshared note, the diary, the surname, the phone, the risks.
    const everything = [
      clients.text,
      past.text,
      upcoming.text,
      (await read(family, `/api/family/clients/${mine}/care-plan`)).text,
      (await read(family, '/api/family/agency')).text,
    ].join('\n');
    for (const secret of [UNSHARED_NOTE, CONFIDENTIAL_DIARY, 'Okonkwo', '07700 900456', RISK_NOTE, 'Mill Lane'])
      expect(everything).not.toContain(secret);
  });

  it("shows the care plan's summary, never its risk assessment", async () => {
    const plan = await read(family, `/api/family/clients/${mine}/care-plan`);
    expect(plan.status, plan.text).toBe(200);
    expect(plan.body.plan).toMatchObject({
      title: 'Staying at home',
      summary: 'Support to stay independent at home',
      objectives: ['Eat well'],
      goals: ['Walk to the shop'],
    });
  });

  it('answers 404 for another client, existing or not, on every family read, and 400 naming a bad query field', async () => {
    for (const clientId of [theirs, randomUUID(), 'not-a-uuid']) {
      for (const path of ['visits?when=past', 'medications', 'care-plan']) {
        const reply = await read(family, `/api/family/clients/${clientId}/${path}`);
        expect(reply.status, path).toBe(404);
        expect(reply.body).toEqual({ error: 'Client not found' });
      }
    }
    const bad = await read(family, `/api/family/clients/${mine}/visits?when=yesterday&limit=0`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['limit', 'when']);
    expect((await read(family, `/api/family/clients/${mine}/medications?days=90`)).body.fields).toHaveProperty('days');
  });

  /** A prescription of two doses a day from two days ago, and yesterday's doses: one given, one refused. */
  async function prescribedTwiceDaily(): Promise<void> {
    const id = randomUUID();
    const [twoDaysAgo, yesterday] = [addDays(londonToday(), -2), addDays(londonToday(), -1)];
    const dose = (time: string, status: 'given' | 'refused'): DomainEvent => ({
      type: 'MedicationAdministrationRecorded',
      data: {
        id: randomUUID(),
        prescriptionId: id,
        clientId: mine,
        carerId: null,
        appointmentId: null,
        dueAt: londonTimeToInstant(yesterday, time),
        code: status === 'given' ? 'T' : 'R',
        status,
        administeredAt: londonTimeToInstant(yesterday, time),
        doseGiven: null,
        reason: status === 'refused' ? 'Did not want it' : null,
        prnReason: null,
        witnessUserId: null,
        notes: null,
      },
    });
    const events: DomainEvent[] = [
      {
        type: 'MedicationPrescribed',
        data: {
          id,
          clientId: mine,
          details: {
            name: 'Amlodipine',
            strength: '5mg',
            form: 'tablet',
            route: 'oral',
            dosage: '1 tablet',
            frequency: 'Twice a day',
            doseTimes: ['08:00', '20:00'],
            timeCritical: false,
            prn: null,
            instructions: null,
            prescribedBy: 'Dr Anita Rao',
            startDate: twoDaysAgo,
            endDate: null,
            reviewDate: null,
            supportLevel: 'administer',
            witnessRequired: false,
            controlledDrug: false,
            overTheCounter: false,
            covert: null,
            sideEffects: null,
            interactions: null,
          },
          effectiveAt: londonTimeToInstant(twoDaysAgo, '00:00'),
          allergyOverride: null,
        },
      },
      dose('08:00', 'given'),
      dose('20:00', 'refused'),
    ];
    const appended = await command.store.append(
      prescriptionStreamId(id),
      events.map((event) => ({
        eventId: randomUUID(),
        type: event.type,
        schemaVersion: 1,
        data: event.data,
        metadata: {
          userId: command.admin.id,
          occurredAt: new Date().toISOString(),
          correlationId: id,
          causationId: id,
        },
      })),
      'no_stream',
    );
    positions.push(positionToToken(appended.position));
  }

  it('answers 404 for the medication summary unless the client shares it, and then a day by day count', async () => {
    await prescribedTwiceDaily();
    const refused = await read(family, `/api/family/clients/${mine}/medications`);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toMatch(/not agreed to share/);
    const sharing = await familyMemberOf(mine, true);
    const summary = await read(sharing, `/api/family/clients/${mine}/medications?days=3`);
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body.days.map((day: { date: string }) => day.date)).toEqual([
      addDays(londonToday(), -2),
      addDays(londonToday(), -1),
      londonToday(),
    ]);
    // Two days ago nothing was recorded; yesterday one dose was given and one refused.
    expect(summary.body.days.slice(0, 2)).toEqual([
      { date: addDays(londonToday(), -2), given: 0, refused: 0, missed: 0, notRecorded: 2, medicinesGiven: [] },
      {
        date: addDays(londonToday(), -1),
        given: 1,
        refused: 1,
        missed: 0,
        notRecorded: 0,
        medicinesGiven: ['Amlodipine'],
      },
    ]);
    expect(summary.text).not.toContain('Did not want it');
  });

  it('shows the office which visit notes the carer shared with the family', async () => {
    const office = await read(command.admin, `/api/appointments?clientId=${mine}&status=completed`);
    expect(office.status, office.text).toBe(200);
    const byNote = Object.fromEntries(
      (office.body as { visitNotes: string | null; noteSharedWithFamily: boolean }[]).map((visit) => [
        visit.visitNotes,
        visit.noteSharedWithFamily,
      ]),
    );
    expect(byNote).toEqual({ [SHARED_NOTE]: true, [UNSHARED_NOTE]: false });
  });

  it('refuses staff routes with 403', async () => {
    for (const path of ['/api/clients', `/api/clients/${mine}`, '/api/appointments', '/api/diary', '/api/care-plans'])
      expect((await read(family, path)).status, path).toBe(403);
  });

  it('logs every read of a client record as a view the audit screen lists', async () => {
    await read(family, `/api/family/clients/${mine}/visits?when=past`);
    await read(family, `/api/family/clients/${mine}/care-plan`);
    await expect
      .poll(async () => {
        const reply = await read(command.admin, '/api/audit/views?limit=100');
        return (reply.body as { view: string; who: { userId: string }; clientId?: string | null }[])
          .filter((view) => view.who.userId === family.id)
          .map((view) => view.view);
      })
      .toEqual(expect.arrayContaining(['family-visits', 'family-care-plan']));
  });

  it("pushes their client's check-out to their socket and nothing about another client", async () => {
    const socket = connectSocket(stack!.readUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: family.cookie },
    });
    sockets.push(socket);
    const heard: string[] = [];
    socket.onAny((event: string, payload: { position?: string }) => heard.push(`${event} ${payload?.position ?? ''}`));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const now = Date.now();
    const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    // Another client's visit changes first, then theirs: theirs must be the first and only thing heard.
    const other = await visits.visit(
      { clientId: theirs, carerId, scheduledStart: inMinutes(-20), durationMinutes: 60 },
      checkedIn(carerId, inMinutes(-19)),
    );
    await visits.then(other, checkedOut(inMinutes(-1)));
    const otherPosition = visits.lastPosition;
    // Projected (and pushed) on its own, before theirs: a staff read that waits for it.
    expect((await read(command.admin, `/api/appointments/${other}`)).status).toBe(200);
    const own = await visits.visit(
      { clientId: mine, carerId, scheduledStart: inMinutes(-40), durationMinutes: 30 },
      checkedIn(carerId, inMinutes(-39)),
    );
    await visits.then(own, checkedOut(inMinutes(-2)));
    const ownPosition = visits.lastPosition;
    const reached = (line: string) =>
      comparePositions(positionFromToken(line.split(' ')[1]!)!, positionFromToken(ownPosition)!) >= 0;
    await expect.poll(() => heard.some(reached)).toBe(true);
    // The other client's change was projected and pushed first, and never reached this socket: everything it heard
    // came after it.
    const afterOther = (line: string) =>
      comparePositions(positionFromToken(line.split(' ')[1]!)!, positionFromToken(otherPosition)!) > 0;
    expect(heard.filter((line) => !afterOther(line))).toEqual([]);
    expect(heard.every((line) => line.startsWith('family:changed'))).toBe(true);
  });

  it("moves a socket's rooms with the access: a withdrawn client's visits are no longer heard, the others' still are", async () => {
    const email = `family-${randomUUID().slice(0, 8)}@example.org`;
    const both = await familyMemberOf(theirs, false, email);
    const toMine = await familyMemberOf(mine, false, email);
    // Someone else still following the withdrawn client: its room goes on hearing of that client's visits.
    const stillFollowing = await familyMemberOf(theirs, false);
    const connect = async (user: TestUser) => {
      const socket = connectSocket(stack!.readUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: user.cookie },
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const socket = await connect(toMine);
    await connect(stillFollowing);
    const heard: string[] = [];
    socket.on('family:changed', ({ position }: { position: string }) => heard.push(position));
    const later = (position: string, than: string) =>
      comparePositions(positionFromToken(position)!, positionFromToken(than)!) >= 0;
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await visits.visit({ clientId: theirs, carerId, scheduledStart: soon, durationMinutes: 30 });
    const heardTheirs = visits.lastPosition;
    await expect.poll(() => heard.some((position) => later(position, heardTheirs))).toBe(true);

    // Withdrawn from one client, the account keeps its other access (and its session).
    await send(command.request, 'POST', `/api/family-access/${both.accessId}/withdraw`, { reason: 'Ended' }, 200);
    expect((await read(toMine, `/api/family/clients/${theirs}/visits`)).status).toBe(404);
    await visits.visit({ clientId: theirs, carerId, scheduledStart: soon, durationMinutes: 45 });
    const withdrawn = visits.lastPosition;
    expect((await read(command.admin, '/api/appointments?limit=1')).status).toBe(200);
    await visits.visit({ clientId: mine, carerId, scheduledStart: soon, durationMinutes: 45 });
    const stillMine = visits.lastPosition;
    await expect.poll(() => heard.some((position) => later(position, stillMine))).toBe(true);
    expect(heard.filter((position) => later(position, withdrawn) && !later(position, stillMine))).toEqual([]);
  });

  it('stops answering and leaves the room once the access is withdrawn', async () => {
    await send(command.request, 'POST', `/api/family-access/${accessId}/withdraw`, { reason: 'Client asked' }, 200);
    const after = await read(command.admin, '/api/family/clients');
    expect(after.status).toBe(403);
    await expect.poll(async () => (await read(family, `/api/family/clients/${mine}/visits`)).status).not.toBe(200);
  });
});
