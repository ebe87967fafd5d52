import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  alertStreamId,
  comparePositions,
  definitionOf,
  diaryEntryStreamId,
  parseRecordedEvent,
  positionToToken,
  RULES_USER,
  type NewEvent,
} from '@care/events';
import { createLogger } from '@care/events/server';
import { createReadModelDb } from '@care/projector';
import { alertIdFor } from '@care/command-api';
import { requester, type TestUser } from '@care/command-api/testing';
import { ALERT_RULES, RuleRunner, SnoozeEndJob } from '@care/rules';
import { AlertScenario } from '../../testing/alert-scenario';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * Snoozing an alert and switching an alert rule off, through the command API, the projector, the read API and the
 * rules process's jobs, each on a clock the test moves.
 */
const log = createLogger('test', 'silent');
const HOUR = 3_600_000;
let stack: ReadStack;
let scenario: AlertScenario;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'alert_snooze');
  scenario = new AlertScenario(stack);
  await scenario.people();
}, 60_000);
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.stop();
});

const eventsOf = async (alertId: string) =>
  (await stack.command.store.readStream(alertStreamId(alertId))).map(parseRecordedEvent);

/** A GET on the read API once the projections hold everything on the alert's stream (and every write before). */
async function readAfter(alertId: string, path: string, user: TestUser = stack.command.admin) {
  const last = (await eventsOf(alertId)).at(-1)!;
  const reply = await requester(stack.readUrl, user.cookie)('GET', path, undefined, {
    'x-min-position': positionToToken(last.position),
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}
const staffCount = async (alertId: string) =>
  ((await readAfter(alertId, '/api/alerts/count')) as { count: number }).count;

describe('snoozing an alert', () => {
  it('takes it out of the counts until its time, then one of two jobs running at once brings it back', async () => {
    const id = await scenario.alerts.raise({
      carerId: scenario.carerIdA,
      clientId: scenario.clientId,
      title: 'Visit running late',
    });
    const before = await staffCount(id);
    const carerBefore = ((await readAfter(id, '/api/alerts/count', scenario.carerA)) as { count: number }).count;
    const dashboardBefore = (await readAfter(id, '/api/dashboard/stats')) as {
      activeAlerts: number;
      openAlerts: number;
    };

    const until = new Date(Date.now() + 2 * HOUR);
    const snoozed = await scenario.coordinator.request('POST', `/api/alerts/${id}/snooze`, {
      until: until.toISOString(),
      reason: 'The carer phoned: stuck behind an accident',
    });
    expect(snoozed.status, snoozed.text).toBe(200);

    expect(await staffCount(id)).toBe(before - 1);
    expect(((await readAfter(id, '/api/alerts/count', scenario.carerA)) as { count: number }).count).toBe(
      carerBefore - 1,
    );
    const dashboard = (await readAfter(id, '/api/dashboard/stats')) as { activeAlerts: number; openAlerts: number };
    expect(dashboard.activeAlerts).toBe(dashboardBefore.activeAlerts - 1);
    expect(dashboard.openAlerts).toBe(dashboardBefore.openAlerts - 1);
    const alert = await readAfter(id, `/api/alerts/${id}`);
    expect(alert).toMatchObject({
      status: 'active',
      snoozedUntil: until.toISOString(),
      snoozedBy: { id: scenario.coordinator.id, firstName: 'Cora', lastName: 'Ndiaye' },
      snoozeReason: 'The carer phoned: stuck behind an accident',
      snoozes: [{ until: until.toISOString(), reason: 'The carer phoned: stuck behind an accident' }],
    });
    const listed = (await readAfter(id, '/api/alerts?snoozed=true&limit=100')) as { id: string }[];
    expect(listed.map((row) => row.id)).toContain(id);
    const awake = (await readAfter(id, '/api/alerts?snoozed=false&limit=100')) as { id: string }[];
    expect(awake.map((row) => row.id)).not.toContain(id);

    const db = createReadModelDb(stack.pool);
    const jobs = [
      new SnoozeEndJob({ store: stack.command.store, db, logger: log }),
      new SnoozeEndJob({ store: stack.command.store, db, logger: log }),
    ];
    // A minute before its time, the rules' clock ends nothing.
    expect(await jobs[0]!.run(new Date(until.getTime() - 60_000))).toBe(0);
    const after = new Date(until.getTime() + 60_000);
    const ended = await Promise.all(jobs.map((job) => job.run(after)));
    expect(ended.reduce((sum, count) => sum + count, 0)).toBe(1);
    const ends = (await eventsOf(id)).filter((event) => event.type === 'AlertSnoozeEnded');
    expect(ends.map((event) => event.metadata.userId)).toEqual([RULES_USER]);

    expect(await staffCount(id)).toBe(before);
    expect(await readAfter(id, `/api/alerts/${id}`)).toMatchObject({ snoozedUntil: null, snoozeReason: null });
  });

  it('pushes alerts:count without the snoozed alert to staff and to its carer, and with it once the snooze ends', async () => {
    const listen = async (user: TestUser) => {
      const socket = connectSocket(stack.readUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: user.cookie },
      });
      sockets.push(socket);
      const counts: number[] = [];
      socket.on('alerts:count', ({ count }: { count: number }) => counts.push(count));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return counts;
    };
    const staff = await listen(stack.command.admin);
    const carer = await listen(scenario.carerA);
    const id = await scenario.alerts.raise({ carerId: scenario.carerIdA, title: 'Visit running late' });
    const staffBefore = await staffCount(id);
    const carerBefore = ((await readAfter(id, '/api/alerts/count', scenario.carerA)) as { count: number }).count;
    await expect.poll(() => [staff.at(-1), carer.at(-1)]).toEqual([staffBefore, carerBefore]);

    const until = new Date(Date.now() + HOUR);
    const snoozed = await scenario.coordinator.request('POST', `/api/alerts/${id}/snooze`, {
      until: until.toISOString(),
      reason: 'The carer is on her way',
    });
    expect(snoozed.status, snoozed.text).toBe(200);
    await expect.poll(() => [staff.at(-1), carer.at(-1)]).toEqual([staffBefore - 1, carerBefore - 1]);

    const job = new SnoozeEndJob({ store: stack.command.store, db: createReadModelDb(stack.pool), logger: log });
    expect(await job.run(new Date(until.getTime() + 1000))).toBe(1);
    await expect.poll(() => [staff.at(-1), carer.at(-1)]).toEqual([staffBefore, carerBefore]);
  });

  it('refuses a time past or more than 7 days ahead with 400 on until, appending nothing', async () => {
    const id = await scenario.alerts.raise({ title: 'Visit running late' });
    const attempts = [
      { until: new Date(Date.now() - 60_000).toISOString(), message: 'Snooze until must be in the future' },
      {
        until: new Date(Date.now() + 8 * 24 * HOUR).toISOString(),
        message: 'Snooze until must be at most 7 days ahead',
      },
    ];
    for (const { until, message } of attempts) {
      const reply = await scenario.coordinator.request('POST', `/api/alerts/${id}/snooze`, { until, reason: 'Later' });
      expect(reply.status, reply.text).toBe(400);
      expect(reply.body.fields).toEqual({ until: message });
    }
    const noReason = await scenario.coordinator.request('POST', `/api/alerts/${id}/snooze`, {
      until: new Date(Date.now() + HOUR).toISOString(),
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.body.fields)).toEqual(['reason']);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['AlertRaised']);
  });

  it('ends with Unsnooze or an acknowledgement, which the count follows', async () => {
    const id = await scenario.alerts.raise({ title: 'Visit running late' });
    const before = await staffCount(id);
    const snooze = () =>
      scenario.coordinator.request('POST', `/api/alerts/${id}/snooze`, {
        until: new Date(Date.now() + HOUR).toISOString(),
        reason: 'Waiting for the family to call back',
      });
    expect((await snooze()).status).toBe(200);
    expect(await staffCount(id)).toBe(before - 1);
    expect((await scenario.coordinator.request('POST', `/api/alerts/${id}/unsnooze`, {})).status).toBe(200);
    expect(await staffCount(id)).toBe(before);
    const again = await scenario.coordinator.request('POST', `/api/alerts/${id}/unsnooze`, {});
    expect(again.status).toBe(409);

    expect((await snooze()).status).toBe(200);
    expect((await scenario.coordinator.request('POST', `/api/alerts/${id}/acknowledge`, {})).status).toBe(200);
    expect(await readAfter(id, `/api/alerts/${id}`)).toMatchObject({ status: 'acknowledged', snoozedUntil: null });
  });
});

/** An urgent diary entry written now about the scenario's client (the diary-urgent rule raises an alert for it). */
function urgentEntry(id: string): NewEvent {
  const at = new Date().toISOString();
  return {
    eventId: randomUUID(),
    type: 'DiaryEntryAdded',
    schemaVersion: definitionOf('DiaryEntryAdded').schemaVersion,
    data: {
      id,
      carerId: scenario.carerIdA,
      clientId: scenario.clientId,
      appointmentId: null,
      entryDate: at,
      entryType: 'incident',
      priority: 'urgent',
      title: `Fall ${id.slice(0, 8)}`,
      content: 'Found on the floor; no injury seen.',
      tags: [],
      isConfidential: false,
    },
    metadata: {
      userId: stack.command.admin.id,
      occurredAt: at,
      correlationId: `test-${id}`,
      causationId: `test-${id}`,
    },
  };
}

describe('switching an alert rule off', () => {
  it('resolves its open alerts, raises none while off, and reopens what still holds once on again', async () => {
    const rule = ALERT_RULES.find((candidate) => candidate.name === 'diary-urgent')!;
    const runner = new RuleRunner(
      { store: stack.command.store, pool: stack.pool, db: createReadModelDb(stack.pool), logger: log },
      { rules: [rule], intervalMs: HOUR },
    );
    // The read API answers a GET once the projections it reads hold the position: the rule reads them next.
    let last = '';
    const seen = async (path: string) => {
      const reply = await requester(stack.readUrl, stack.command.admin.cookie)('GET', path, undefined, {
        'x-min-position': last,
      });
      expect(reply.status, reply.text).toBe(200);
    };
    const evaluate = async () => {
      await Promise.all(['/api/diary', '/api/alerts', '/api/alert-rules'].map(seen));
      return runner.evaluate(rule, new Date());
    };
    const write = async (id: string) => {
      const appended = await stack.command.store.append(diaryEntryStreamId(id), [urgentEntry(id)], 'no_stream');
      last = positionToToken(appended.position);
    };
    const sent = (reply: { body: { position: string } }) => {
      last = reply.body.position;
    };
    const raisedAlerts = async () => {
      const positions = await Promise.all(alertIds.map(async (alertId) => (await eventsOf(alertId)).at(-1)!.position));
      last = positionToToken(positions.reduce((a, b) => (comparePositions(a, b) > 0 ? a : b)));
    };
    const entries = [randomUUID(), randomUUID()];
    const alertIds = entries.map((id) => alertIdFor('diary-urgent', id));
    for (const id of entries) await write(id);
    expect(await evaluate()).toEqual({ raised: 2, resolved: 0, reopened: 0 });

    const admin = stack.command.admin;
    const off = { rule: 'diary-urgent', reason: 'Diary incidents are reviewed at the morning meeting' };
    expect((await scenario.coordinator.request('POST', '/api/alert-rules/switch-off', off)).status).toBe(403);
    const unknown = await admin.request('POST', '/api/alert-rules/switch-off', { ...off, rule: 'no-such-rule' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ rule: 'Rule is not an alert rule' });
    await raisedAlerts();
    const switched = await admin.request('POST', '/api/alert-rules/switch-off', off);
    expect(switched.status, switched.text).toBe(200);
    sent(switched);
    expect((await admin.request('POST', '/api/alert-rules/switch-off', off)).status).toBe(409);

    expect(await evaluate()).toEqual({ raised: 0, resolved: 2, reopened: 0 });
    for (const alertId of alertIds) {
      expect((await eventsOf(alertId)).at(-1)).toMatchObject({
        type: 'AlertResolved',
        data: { by: 'system', note: `The rule was switched off by Ada Admin: ${off.reason}` },
        metadata: { userId: RULES_USER },
      });
    }
    const third = randomUUID();
    await write(third);
    expect(await evaluate()).toEqual({ raised: 0, resolved: 0, reopened: 0 });
    expect(await eventsOf(alertIdFor('diary-urgent', third))).toEqual([]);

    await raisedAlerts();
    const rules = (await readAfter(alertIds[0]!, '/api/alert-rules')) as { name: string }[];
    expect(rules.find((row) => row.name === 'diary-urgent')).toEqual({
      name: 'diary-urgent',
      label: 'Urgent diary entry',
      severity: 'high',
      on: false,
      changedBy: { id: admin.id, firstName: 'Ada', lastName: 'Admin' },
      changedAt: expect.any(String),
      reason: off.reason,
    });
    expect(rules.find((row) => row.name === 'visit-late')).toMatchObject({ on: true, changedBy: null });

    const on = await admin.request('POST', '/api/alert-rules/switch-on', { rule: 'diary-urgent', reason: 'Back on' });
    expect(on.status, on.text).toBe(200);
    sent(on);
    expect(await evaluate()).toEqual({ raised: 1, resolved: 0, reopened: 2 });
  });
});
