import { SelectQueryNode, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { AlertView, DashboardStats } from '@care/events';
import type { TestUser } from '@care/command-api/testing';
import { AlertScenario } from '../../testing/alert-scenario';
import { AlertQueries } from '../alerts/alert-queries';
import { DashboardQueries } from '../dashboard/dashboard-queries';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * The alert figures pushed themselves over socket.io: the count, the dashboard figures and each new
 * alert's row reach the sockets allowed to see them, a carer's sockets only with that carer's, and a (re)connecting
 * socket gets a snapshot. Each carer is checked as the carer who must not receive the other's.
 */
let stack: ReadStack | undefined;
let s: AlertScenario;
const sockets: Socket[] = [];

interface Heard {
  socket: Socket;
  counts: number[];
  stats: DashboardStats[];
  raised: AlertView[];
}

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'alert_push');
  s = new AlertScenario(stack);
  await s.people();
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.stop();
});

async function listen(user: TestUser, readUrl = stack!.readUrl): Promise<Heard> {
  const socket = connectSocket(readUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: user.cookie },
  });
  sockets.push(socket);
  const heard: Heard = { socket, counts: [], stats: [], raised: [] };
  socket.on('alerts:count', ({ count }: { count: number }) => heard.counts.push(count));
  socket.on('dashboard:stats', (stats: DashboardStats) => heard.stats.push(stats));
  socket.on('alerts:new', (alert: AlertView) => heard.raised.push(alert));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return heard;
}

const lastCount = (heard: Heard) => heard.counts.at(-1);
const lastStats = (heard: Heard) => heard.stats.at(-1);

describe('alert figures over socket.io', () => {
  it('pushes the count, the figures and the new row to staff and to the carer concerned only, and a snapshot on reconnect', async () => {
    const admin = await listen(s.admin);
    const coordinator = await listen(s.coordinator);
    const carerA = await listen(s.carerA);
    const carerAPhone = await listen(s.carerA);
    const carerB = await listen(s.carerB);
    // The snapshot on connect.
    for (const heard of [admin, coordinator, carerA, carerAPhone, carerB]) {
      await expect.poll(() => [lastCount(heard), lastStats(heard)?.activeAlerts]).toEqual([0, 0]);
    }

    const forA = await s.alerts.raise({ carerId: s.carerIdA, severity: 'critical', title: 'Visit missed' });
    for (const heard of [admin, coordinator, carerA, carerAPhone]) {
      await expect
        .poll(() => [
          lastCount(heard),
          lastStats(heard)?.activeAlerts,
          lastStats(heard)?.urgentAlerts,
          heard.raised.map((alert) => alert.id),
        ])
        .toEqual([1, 1, 1, [forA]]);
    }
    expect(admin.raised[0]).toMatchObject({
      id: forA,
      carerName: 'Ann Archer',
      status: 'active',
      severity: 'critical',
    });

    const staffOnly = await s.alerts.raise({ severity: 'medium', title: 'Visit has no carer' });
    await expect.poll(() => [lastCount(admin), admin.raised.map((alert) => alert.id)]).toEqual([2, [forA, staffOnly]]);
    await expect.poll(() => lastStats(coordinator)?.activeAlerts).toBe(2);

    await s.alerts.alert(forA, { type: 'AlertAcknowledged', data: { id: forA, note: null } }, s.coordinator.id);
    await expect.poll(() => [lastCount(admin), lastStats(admin)?.openAlerts]).toEqual([1, 2]);
    await expect
      .poll(() => [lastCount(carerA), lastStats(carerA)?.activeAlerts, lastStats(carerA)?.openAlerts])
      .toEqual([0, 0, 1]);

    // Carer A never heard of the staff-only alert; carer B never of anything of carer A's.
    expect(carerA.raised.map((alert) => alert.id)).toEqual([forA]);
    expect(carerB.raised).toEqual([]);
    expect(new Set(carerB.counts)).toEqual(new Set([0]));
    expect(
      carerB.stats.every(
        (stats) => stats.activeAlerts === 0 && stats.openAlerts === 0 && stats.welfareConcerns === null,
      ),
    ).toBe(true);

    // A task assigned to carer B moves B's To Do Items (and the staff's), not A's.
    await s.alerts.task({ title: 'Call the office', assignedTo: s.carerB.id }, s.admin.id);
    await expect.poll(() => [lastStats(carerB)?.toDoItems, lastStats(admin)?.toDoItems]).toEqual([1, 1]);
    expect(lastStats(carerA)?.toDoItems).toBe(0);

    // A reconnecting browser gets the figures as they are now.
    const again = await listen(s.carerA);
    await expect.poll(() => [lastCount(again), lastStats(again)?.openAlerts]).toEqual([0, 1]);
    carerA.socket.close();
    carerAPhone.socket.close();
    const raisedAfterLeaving = await s.alerts.raise({
      carerId: s.carerIdA,
      severity: 'low',
      title: 'Booked past the day limit',
    });
    await expect
      .poll(() => [lastCount(again), again.raised.map((alert) => alert.id)])
      .toEqual([1, [raisedAfterLeaving]]);
  });

  it('computes each change once per audience, not once per socket', async () => {
    const staff = [await listen(s.admin), await listen(s.admin), await listen(s.coordinator)];
    const carers = [await listen(s.carerA), await listen(s.carerA), await listen(s.carerB)];
    for (const heard of [...staff, ...carers]) await expect.poll(() => heard.stats.length).toBeGreaterThan(0);
    const staffStats = vi.spyOn(DashboardQueries.prototype, 'stats');
    const carerStats = vi.spyOn(DashboardQueries.prototype, 'statsByUser');
    const staffCount = vi.spyOn(AlertQueries.prototype, 'activeCount');
    const carerCounts = vi.spyOn(AlertQueries.prototype, 'activeCountsByUser');
    try {
      const everyone = [...staff, ...carers];
      // Every socket hears the bell (alerts:count) of each change; the staff's figures move with every new alert.
      const heardSoFar = () => ({
        counts: everyone.map((heard) => heard.counts.length),
        staffStats: staff.map((heard) => heard.stats.length),
      });
      const allHeardAfter = async (before: ReturnType<typeof heardSoFar>) => {
        for (const [index, heard] of everyone.entries())
          await expect.poll(() => heard.counts.length).toBeGreaterThan(before.counts[index]!);
        for (const [index, heard] of staff.entries())
          await expect.poll(() => heard.stats.length).toBeGreaterThan(before.staffStats[index]!);
      };
      const beforeFirst = heardSoFar();
      await s.alerts.raise({ carerId: s.carerIdB, severity: 'high', title: 'Visit running late' });
      await allHeardAfter(beforeFirst);
      expect([...carerStats.mock.calls[0]![0]].sort()).toEqual([s.carerA.id, s.carerB.id].sort());
      // A second change follows. Each kind of figure is pushed one computation at a time, in order, so once the
      // second change's figures have arrived, any further computation for the first would have been made too.
      const beforeSecond = heardSoFar();
      await s.alerts.raise({ carerId: s.carerIdA, severity: 'low', title: 'Booked past the day limit' });
      await allHeardAfter(beforeSecond);
      // Six sockets, per change: the staff's count once per bell (the administrators' every audience, the
      // coordinator's care and people), their dashboard once (the other bell adds its alert figures alone), and
      // carers' figures once (one grouped read for both carers).
      expect([
        staffStats.mock.calls.length,
        carerStats.mock.calls.length,
        staffCount.mock.calls.length,
        carerCounts.mock.calls.length,
      ]).toEqual([2, 2, 4, 2]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('sends a new socket its snapshot even when the first read of it fails', async () => {
    let failNext = false;
    const failingRead: KyselyPlugin = {
      transformQuery({ node }) {
        if (failNext && SelectQueryNode.is(node)) {
          failNext = false;
          throw new Error('connection lost while reading');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const own = await startReadStack(inject('databaseUrl'), 'alert_push_retry', { readModelPlugin: failingRead });
    try {
      failNext = true;
      const admin = await listen(own.command.admin, own.readUrl);
      await expect.poll(() => [lastCount(admin), lastStats(admin)?.activeAlerts]).toEqual([0, 0]);
      expect(failNext).toBe(false);
    } finally {
      await own.stop();
    }
  });
});
