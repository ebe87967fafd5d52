import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  addDays,
  comparePositions,
  FAMILY_CONCERN_VISIT_NOT_FOUND,
  londonToday,
  positionFromToken,
} from '@care/events';
import {
  appendedSince,
  createFamilyUser,
  requester,
  settledLog,
  type RunningCommandApi,
  type TestUser,
} from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';
import { VisitLog } from '../appointments/visit-fixtures';

/**
 * Family concerns on real PostgreSQL: a family member raises a concern about their client, the office sees it among
 * the welfare items (its list and the dashboard tile), replies, and the reply reaches the family member (their list
 * and a push to their socket). Another client is 404, a visit of another client is 400, and a carer or an auditor
 * cannot reply (403); nothing is appended on a refusal.
 */
let stack: ReadStack | undefined;
let command: RunningCommandApi;
let visits: VisitLog;
let family: TestUser;
let carer: TestUser;
let auditor: TestUser;
let mine = '';
let theirs = '';
let myVisit = '';
let theirVisit = '';
const positions: string[] = [];
const sockets: Socket[] = [];

const latest = () =>
  positions.reduce(
    (max, token) =>
      max === '' || comparePositions(positionFromToken(token)!, positionFromToken(max)!) > 0 ? token : max,
    '',
  );

async function send(user: TestUser, path: string, body: unknown, expected: number) {
  const reply = await user.request('POST', path, body);
  expect(reply.status, reply.text).toBe(expected);
  if (reply.body?.position) positions.push(reply.body.position as string);
  return reply.body as Record<string, unknown>;
}

function read(user: TestUser, path: string) {
  if (visits.lastPosition) positions.push(visits.lastPosition);
  return requester(stack!.readUrl, user.cookie)('GET', path, undefined, { 'x-min-position': latest() });
}

const newClient = async (lastName: string) =>
  (
    await send(
      command.admin,
      '/api/clients',
      {
        clientId: `CL-${randomUUID().slice(0, 8)}`,
        firstName: 'Edna',
        lastName,
        dateOfBirth: '1938-05-14',
        address: '4 Mill Lane, Leeds',
        emergencyContact: 'Paul Green',
        emergencyPhone: '07700 900123',
        careLevel: 'medium',
      },
      201,
    )
  ).id as string;

const welfareTile = async () => {
  const stats = await read(command.admin, '/api/dashboard/stats');
  expect(stats.status, stats.text).toBe(200);
  return (stats.body as { welfareConcerns: number }).welfareConcerns;
};

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'family_concerns', { command: { silent: true } });
  command = stack.command;
  visits = new VisitLog(command.store, command.admin.id);
  mine = await newClient('Mine');
  theirs = await newClient('Theirs');
  const yesterday = addDays(londonToday(), -1);
  myVisit = await visits.visit({
    clientId: mine,
    scheduledStart: `${yesterday}T08:00:00Z`,
    durationMinutes: 45,
    carerId: null,
  });
  theirVisit = await visits.visit({
    clientId: theirs,
    scheduledStart: `${yesterday}T09:00:00Z`,
    durationMinutes: 45,
    carerId: null,
  });
  family = await createFamilyUser(command, { clientId: mine });
  carer = await command.createUser('carer', { firstName: 'Ann', lastName: 'Archer' });
  auditor = await command.createUser('auditor', { firstName: 'Ada', lastName: 'Audit' });
  // The access is active once the portal lists the client.
  await vi.waitFor(
    async () => {
      const listed = ((await read(family, '/api/family/clients')).body as { id: string }[]).map((row) => row.id);
      if (!listed.includes(mine)) throw new Error('access not active yet');
    },
    { timeout: 10_000, interval: 50 },
  );
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.stop();
});

describe('family concerns', () => {
  it("reaches the office as a welfare item, and the office's reply reaches the family member, live", async () => {
    const tileBefore = await welfareTile();
    const raised = await send(
      family,
      `/api/family/clients/${mine}/concerns`,
      { kind: 'concern', appointmentId: myVisit, text: 'Mum had no lunch on Tuesday.' },
      201,
    );
    const concernId = raised.id as string;

    const open = await read(command.admin, '/api/family-concerns?open=true');
    expect(open.status, open.text).toBe(200);
    expect(open.body).toEqual([
      expect.objectContaining({
        id: concernId,
        clientId: mine,
        client: { firstName: 'Edna', lastName: 'Mine' },
        kind: 'concern',
        appointmentId: myVisit,
        text: 'Mum had no lunch on Tuesday.',
        raisedBy: { userId: family.id, name: 'Paula Green', relationship: 'relative' },
        reply: null,
      }),
    ]);
    expect(open.headers.get('x-total-count')).toBe('1');
    expect(await welfareTile()).toBe(tileBefore + 1);

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

    const replied = await send(
      command.admin,
      `/api/family-concerns/${concernId}/reply`,
      { reply: 'We are sorry. We have spoken to the carer.' },
      200,
    );
    const replyPosition = replied.position as string;
    await expect
      .poll(() =>
        heard.some(
          (line) =>
            line.startsWith('family:changed ') &&
            comparePositions(positionFromToken(line.split(' ')[1]!)!, positionFromToken(replyPosition)!) >= 0,
        ),
      )
      .toBe(true);

    const mineList = await read(family, `/api/family/clients/${mine}/concerns`);
    expect(mineList.status, mineList.text).toBe(200);
    expect(mineList.body).toEqual([
      {
        id: concernId,
        clientId: mine,
        kind: 'concern',
        appointmentId: myVisit,
        text: 'Mum had no lunch on Tuesday.',
        raisedAt: expect.any(String),
        reply: 'We are sorry. We have spoken to the carer.',
        repliedAt: expect.any(String),
      },
    ]);
    // Answered: no longer a welfare item.
    expect((await read(command.admin, '/api/family-concerns?open=true')).body).toEqual([]);
    expect(await welfareTile()).toBe(tileBefore);
    // One reply per message.
    await send(command.admin, `/api/family-concerns/${concernId}/reply`, { reply: 'Again' }, 409);
  });

  it('a compliment is listed for the office but is not a welfare item', async () => {
    const tileBefore = await welfareTile();
    const { id } = await send(
      family,
      `/api/family/clients/${mine}/concerns`,
      { kind: 'compliment', text: 'Sam is wonderful with Mum.' },
      201,
    );
    const all = await read(command.admin, `/api/family-concerns?clientId=${mine}`);
    expect((all.body as { id: string }[]).map((row) => row.id)).toContain(id);
    expect((await read(command.admin, '/api/family-concerns?open=true')).body).toEqual([]);
    expect(await welfareTile()).toBe(tileBefore);
  });

  it("refuses another client (404), another client's visit (400 on appointmentId), and a reply by a carer, an auditor or the family (403), appending nothing", async () => {
    const before = await settledLog(command.store);
    const missing = randomUUID();
    for (const clientId of [theirs, missing]) {
      const reply = await family.request('POST', `/api/family/clients/${clientId}/concerns`, {
        kind: 'concern',
        text: 'Hello',
      });
      expect(reply.status, reply.text).toBe(404);
      expect(reply.body).toMatchObject({ error: 'Client not found' });
      expect((await read(family, `/api/family/clients/${clientId}/concerns`)).status).toBe(404);
    }
    const wrongVisit = await family.request('POST', `/api/family/clients/${mine}/concerns`, {
      kind: 'concern',
      appointmentId: theirVisit,
      text: 'Hello',
    });
    expect(wrongVisit.status, wrongVisit.text).toBe(400);
    expect(wrongVisit.body).toMatchObject({ fields: { appointmentId: FAMILY_CONCERN_VISIT_NOT_FOUND } });
    const badKind = await family.request('POST', `/api/family/clients/${mine}/concerns`, { kind: 'gripe', text: '' });
    expect(badKind.status).toBe(400);
    expect(Object.keys((badKind.body as { fields: object }).fields).sort()).toEqual(['kind', 'text']);

    const list = await read(command.admin, '/api/family-concerns');
    const someId = (list.body as { id: string }[])[0]!.id;
    for (const user of [carer, auditor, family]) {
      const reply = await user.request('POST', `/api/family-concerns/${someId}/reply`, { reply: 'Not mine to say' });
      expect(reply.status, reply.text).toBe(403);
    }
    expect((await read(carer, '/api/family-concerns')).status).toBe(403);
    expect((await read(family, '/api/family-concerns')).status).toBe(403);
    expect((await read(auditor, '/api/family-concerns')).status).toBe(200);
    expect((await command.admin.request('POST', `/api/family-concerns/${missing}/reply`, { reply: 'Hi' })).status).toBe(
      404,
    );
    expect((await appendedSince(command.store, before)).map((event) => event.type)).toEqual([]);
  });

  it('a query string out of bounds is a 400 naming the field', async () => {
    const reply = await read(command.admin, '/api/family-concerns?open=maybe&limit=0');
    expect(reply.status).toBe(400);
    expect(Object.keys((reply.body as { fields: object }).fields).sort()).toEqual(['limit', 'open']);
  });
});
