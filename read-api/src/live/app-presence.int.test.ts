import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { AppointmentView } from '@care/events';
import type { TestUser } from '@care/command-api/testing';
import { AlertScenario } from '../../testing/alert-scenario';
import { startReadStack, type ReadStack } from '../../testing/read-stack';
import { APP_PRESENCE_TABLE } from './app-presence';

/**
 * The office tells a carer without signal from one who did not come: while a carer's app is connected the read
 * API notes it, and every visit of that carer says when their app was last online.
 */
let stack: ReadStack | undefined;
let s: AlertScenario;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'app_presence');
  s = new AlertScenario(stack);
  await s.people();
  await s.recordVisits();
});
afterAll(async () => {
  await stack?.stop();
});

function connect(user: TestUser): Promise<Socket> {
  const socket = connectSocket(stack!.readUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: user.cookie },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function lastOnlineOf(userId: string): Promise<Date | undefined> {
  const { rows } = await stack!.pool.query<{ last_online_at: Date }>(
    `SELECT last_online_at FROM ${APP_PRESENCE_TABLE} WHERE user_id = $1`,
    [userId],
  );
  return rows[0]?.last_online_at;
}

async function visit(id: string): Promise<AppointmentView> {
  const reply = await fetch(`${stack!.readUrl}/api/appointments/${id}`, {
    headers: { cookie: s.admin.cookie, 'X-Min-Position': s.lastPosition },
  });
  expect(reply.status).toBe(200);
  return (await reply.json()) as AppointmentView;
}

describe("a carer's app online", () => {
  it("is noted when the carer's app connects and when it goes, and each of their visits says when", async () => {
    expect((await visit(s.ids.V1!)).carerAppLastOnline).toBeNull();
    const before = Date.now();
    const socket = await connect(s.carerA);
    await expect.poll(() => lastOnlineOf(s.carerA.id)).toBeDefined();
    const connected = (await lastOnlineOf(s.carerA.id))!;
    expect(connected.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const shown = (await visit(s.ids.V1!)).carerAppLastOnline;
    expect(shown).toBe(connected.toISOString());
    // Carer B's app never connected: their visit says nothing of an app.
    expect((await visit(s.ids.V5!)).carerAppLastOnline).toBeNull();

    socket.close();
    await expect.poll(async () => (await lastOnlineOf(s.carerA.id))!.getTime()).toBeGreaterThan(connected.getTime());
  });

  it("notes no one for an office user's app", async () => {
    const office = await connect(s.admin);
    // A carer connecting after the administrator is noted: by then the administrator's connection was handled.
    const carer = await connect(s.carerB);
    await expect.poll(() => lastOnlineOf(s.carerB.id)).toBeDefined();
    expect(await lastOnlineOf(s.admin.id)).toBeUndefined();
    office.close();
    carer.close();
  });
});
