import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { userSettingsStreamId, type AlertView, type DashboardStats } from '@care/events';
import type { TestUser } from '@care/command-api/testing';
import { AlertScenario } from '../../testing/alert-scenario';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * Who each alert is for, checked as the people who must and must not see it: an overdue invoice (finance) reaches an
 * administrator and never a coordinator, in the lists, the count, the dashboard figures or the live push; a person's
 * bell follows the audiences they chose, while their lists keep every audience they read.
 */
let stack: ReadStack | undefined;
let s: AlertScenario;
const sockets: Socket[] = [];

interface Heard {
  socket: Socket;
  counts: number[];
  stats: DashboardStats[];
  raised: AlertView[];
  /** The positions of the `alerts:changed` notices heard (the lists reload on them). */
  changed: string[];
}

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'alert_audiences');
  s = new AlertScenario(stack);
  await s.people();
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.stop();
});

async function listen(user: TestUser): Promise<Heard> {
  const socket = connectSocket(stack!.readUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: user.cookie },
  });
  sockets.push(socket);
  const heard: Heard = { socket, counts: [], stats: [], raised: [], changed: [] };
  socket.on('alerts:count', ({ count }: { count: number }) => heard.counts.push(count));
  socket.on('dashboard:stats', (stats: DashboardStats) => heard.stats.push(stats));
  socket.on('alerts:new', (alert: AlertView) => heard.raised.push(alert));
  socket.on('alerts:changed', ({ position }: { position: string }) => heard.changed.push(position));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return heard;
}

const lastCount = (heard: Heard) => heard.counts.at(-1);
const lastActive = (heard: Heard) => heard.stats.at(-1)?.activeAlerts;
const ids = (heard: Heard) => heard.raised.map((alert) => alert.id);

const invoice = (title: string) => ({
  rule: 'invoice-overdue',
  severity: 'medium' as const,
  relatedKind: 'invoice' as const,
  title,
});

/** The alert ids of GET /api/alerts as `user` (every page: the scenario's alerts are few). */
async function listed(user: TestUser, query = ''): Promise<string[]> {
  const reply = await s.read(`/api/alerts?limit=100${query}`, user);
  expect(reply.status).toBe(200);
  return (reply.body as AlertView[]).map((alert) => alert.id);
}

async function bell(user: TestUser): Promise<{ count: number; active: number }> {
  const count = await s.read('/api/alerts/count', user);
  const stats = await s.read('/api/dashboard/stats', user);
  return { count: (count.body as { count: number }).count, active: (stats.body as DashboardStats).activeAlerts };
}

async function follow(user: TestUser, audiences: string[]) {
  return user.request('PUT', '/api/account/alert-audiences', { audiences });
}

describe('alert audiences', () => {
  it('shows an overdue invoice to an administrator and never to a coordinator, in lists, figures and pushes', async () => {
    const admin = await listen(s.admin);
    const coordinator = await listen(s.coordinator);
    for (const heard of [admin, coordinator])
      await expect.poll(() => [lastCount(heard), lastActive(heard)]).toEqual([0, 0]);

    const overdue = await s.alerts.raise(invoice('Invoice INV-0042 overdue'));
    await expect.poll(() => [lastCount(admin), lastActive(admin), ids(admin)]).toEqual([1, 1, [overdue]]);
    // A later care alert is the marker: by the time the coordinator hears of it, any push of the invoice has come.
    const missed = await s.alerts.raise({ severity: 'critical', title: 'Visit missed' });
    await expect.poll(() => [lastCount(admin), ids(admin)]).toEqual([2, [overdue, missed]]);
    await expect.poll(() => [lastCount(coordinator), lastActive(coordinator)]).toEqual([1, 1]);
    expect(ids(coordinator)).toEqual([missed]);
    expect(coordinator.counts.every((count) => count <= 1)).toBe(true);
    // The lists' change notice too: the coordinator hears of the missed visit's change and never of the invoice's.
    await expect.poll(() => admin.changed.length).toBe(2);
    const missedChange = admin.changed[1]!;
    await expect.poll(() => coordinator.changed.includes(missedChange)).toBe(true);
    expect(coordinator.changed).toEqual([missedChange]);

    expect(await listed(s.admin)).toEqual(expect.arrayContaining([overdue, missed]));
    expect(await listed(s.coordinator)).toEqual([missed]);
    expect(await listed(s.admin, '&audience=finance')).toEqual([overdue]);
    expect(await listed(s.coordinator, '&audience=finance')).toEqual([]);
    expect((await s.read(`/api/alerts/${overdue}`, s.admin)).status).toBe(200);
    expect((await s.read(`/api/alerts/${overdue}`, s.coordinator)).status).toBe(404);
    expect(await bell(s.admin)).toEqual({ count: 2, active: 2 });
    expect(await bell(s.coordinator)).toEqual({ count: 1, active: 1 });
    const coordinatorChoice = await s.read('/api/account/alert-audiences', s.coordinator);
    expect(coordinatorChoice.body).toEqual({ following: ['care', 'people'], readable: ['care', 'people'] });
  });

  it('keeps an unticked audience in the lists but out of the bell, the figures and the push, until ticked again', async () => {
    const admin = await listen(s.admin);
    await expect.poll(() => [lastCount(admin), lastActive(admin)]).toEqual([2, 2]);
    const [overdue] = await listed(s.admin, '&audience=finance');

    await s.send('PUT', '/api/account/alert-audiences', { audiences: ['care', 'people'] }, s.admin);
    // The open socket moves to the bell of care and people alone.
    await expect.poll(() => [lastCount(admin), lastActive(admin)]).toEqual([1, 1]);
    expect(await bell(s.admin)).toEqual({ count: 1, active: 1 });
    expect(await listed(s.admin)).toContain(overdue);
    expect((await s.read('/api/account/alert-audiences', s.admin)).body).toEqual({
      following: ['care', 'people'],
      readable: ['care', 'people', 'finance'],
    });

    // A new contract alert (finance) is not pushed; the care alert after it is, and only it moves the count.
    const renewal = await s.alerts.raise({ ...invoice('Contract renewal due'), rule: 'contract-renewal-due' });
    const late = await s.alerts.raise({ severity: 'high', title: 'Visit running late' });
    await expect.poll(() => [lastCount(admin), ids(admin)]).toEqual([2, [late]]);
    expect(await listed(s.admin, '&audience=finance')).toEqual(expect.arrayContaining([overdue, renewal]));

    await s.send('PUT', '/api/account/alert-audiences', { audiences: ['care', 'people', 'finance'] }, s.admin);
    // Back: the invoices' group and the contracts' group count once each again.
    await expect.poll(() => [lastCount(admin), lastActive(admin)]).toEqual([4, 4]);
    expect(await bell(s.admin)).toEqual({ count: 4, active: 4 });
    const another = await s.alerts.raise(invoice('Invoice INV-0043 overdue'));
    await expect.poll(() => ids(admin)).toEqual([late, another]);
  });

  it('gives a carer only their own alerts, whatever the audience', async () => {
    const carer = await listen(s.carerA);
    const own = await s.alerts.raise({
      ...invoice('Pay below the minimum wage'),
      rule: 'payroll-below-minimum-wage',
      carerId: s.carerIdA,
    });
    await expect.poll(() => [lastCount(carer), ids(carer)]).toEqual([1, [own]]);
    expect(await listed(s.carerA)).toEqual([own]);
    expect(await listed(s.carerB)).toEqual([]);
    expect(await bell(s.carerA)).toEqual({ count: 1, active: 1 });
    expect((await follow(s.carerA, ['care'])).status).toBe(403);
    expect((await s.read('/api/account/alert-audiences', s.carerA)).status).toBe(403);
  });

  it('refuses an unknown audience or one the role does not read with 400 naming it, appending nothing', async () => {
    const before = (await stack!.command.store.readStream(userSettingsStreamId(s.coordinator.id))).length;
    for (const [user, body, field] of [
      [s.coordinator, { audiences: ['finance'] }, 'audiences'],
      [s.coordinator, { audiences: ['care', 'rota'] }, 'audiences'],
      [s.coordinator, { audiences: ['care', 'care'] }, 'audiences'],
      [s.coordinator, { audiences: 'care' }, 'audiences'],
      [s.coordinator, { audiences: ['care', 7] }, 'audiences'],
      [s.coordinator, {}, 'audiences'],
    ] as const) {
      const reply = await user.request('PUT', '/api/account/alert-audiences', body);
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.fields ?? {})).toEqual([field]);
    }
    expect((await stack!.command.store.readStream(userSettingsStreamId(s.coordinator.id))).length).toBe(before);

    const badFilter = await s.read('/api/alerts?audience=rota', s.admin);
    expect(badFilter.status).toBe(400);
    expect(Object.keys(badFilter.body.fields ?? {})).toEqual(['audience']);
  });
});
