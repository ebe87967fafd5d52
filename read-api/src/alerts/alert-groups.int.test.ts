import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  alertStreamId,
  londonToday,
  parseRecordedEvent,
  type AlertCount,
  type AlertItem,
  type AlertView,
} from '@care/events';
import { alertItemSchema } from '@care/events/api';
import { createLogger } from '@care/events/server';
import { FinanceService } from '@care/command-api';
import { requester, type ApiReply, type TestUser } from '@care/command-api/testing';
import { createReadModelDb } from '@care/projector';
import { AlertTaskLog } from '@care/projector/testing';
import { ALERT_RULES, RuleRunner } from '@care/rules';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * Groups of alerts on the real services: three overdue invoices raised by the rule runner show as one row and one
 * bell item with what is owed, the figures follow each payment, a group is acknowledged as one (recorded on each
 * member), and the group goes when its last member clears. Read as the administrator who acts on finance and as
 * the coordinator who does not.
 */
let stack: ReadStack;
let runner: RuleRunner;
let coordinator: TestUser;
let lastPosition = '';
const invoiceIds: string[] = [];
const admin = () => stack.command.admin;

async function send(method: string, path: string, body?: unknown, user: TestUser = admin()): Promise<ApiReply> {
  const reply = await user.request(method, path, body);
  if (reply.status < 300 && reply.body?.position) lastPosition = String(reply.body.position);
  return reply;
}
const read = (path: string, user: TestUser = admin()): Promise<ApiReply> =>
  requester(stack.readUrl, user.cookie)('GET', path, undefined, lastPosition ? { 'x-min-position': lastPosition } : {});

async function items(user: TestUser = admin()): Promise<AlertItem[]> {
  const reply = await read('/api/alert-items', user);
  expect(reply.status, reply.text).toBe(200);
  expect(alertItemSchema.array().safeParse(reply.body).error?.issues ?? []).toEqual([]);
  return reply.body as AlertItem[];
}
const groupRows = async (user?: TestUser) =>
  (await items(user)).flatMap((item) => (item.kind === 'group' ? [item.group] : []));
const count = async (user: TestUser = admin()) => ((await read('/api/alerts/count', user)).body as AlertCount).count;
const members = async () => (await read('/api/alerts?group=invoice-overdue&active=true')).body as AlertView[];
const history = async (alertId: string) =>
  (await stack.command.store.readStream(alertStreamId(alertId))).map(parseRecordedEvent).map((event) => ({
    type: event.type,
    user: event.metadata.userId,
  }));

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'alert_groups');
  coordinator = await stack.command.createUser('coordinator', { firstName: 'Cora', lastName: 'Ndiaye' });
  const created = async (path: string, body: unknown) => {
    const reply = await send('POST', path, body);
    expect(reply.status, reply.text).toBe(201);
    return String(reply.body.id);
  };
  const funderId = await created('/api/finance/funders', {
    name: 'Leeds City Council',
    kind: 'local_authority',
    paymentTermsDays: 30,
  });
  await created(`/api/finance/funders/${funderId}/rates`, {
    effectiveFrom: '2020-01-01',
    weekdayHourlyPence: 24_00,
    weekendHourlyPence: 24_00,
    bankHolidayHourlyPence: 24_00,
  });
  // Three clients, one invoice each, issued 45 days ago on 30 days' terms: three overdue invoices of £24.00.
  for (const [index, name] of ['Edith', 'Frank', 'Gwen'].entries()) {
    const clientId = await created('/api/clients', {
      clientId: `CL-G${index}`,
      firstName: name,
      lastName: 'Green',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    });
    const funding = await send('PUT', `/api/finance/clients/${clientId}/funding`, {
      effectiveFrom: '2020-01-01',
      shares: [{ funderId, percent: 100 }],
    });
    expect(funding.status, funding.text).toBe(200);
    const issuedOn = addDays(londonToday(), -45);
    const service = new FinanceService(stack.command.store, {
      completedVisits: async () => [
        {
          clientId,
          appointmentId: randomUUID(),
          date: addDays(issuedOn, -3),
          serviceName: 'Personal care',
          plannedMinutes: 60,
          actualMinutes: 60,
          mileageTenths: null,
        },
      ],
    });
    const { invoices } = await service.generateInvoices(
      { periodStart: addDays(issuedOn, -10), periodEnd: addDays(issuedOn, -1), clientId, issuedOn },
      { userId: admin().id, requestId: 'test' },
    );
    invoiceIds.push(invoices[0]!.id);
  }
  runner = new RuleRunner(
    {
      store: stack.command.store,
      pool: stack.pool,
      db: createReadModelDb(stack.pool),
      logger: createLogger('test', 'silent'),
    },
    { rules: ALERT_RULES.filter((rule) => rule.name === 'invoice-overdue'), intervalMs: 3_600_000 },
  );
  await runner.start();
}, 90_000);

afterAll(async () => {
  await runner?.stop();
  await stack?.stop();
});

describe('a group of alerts', () => {
  it('shows three overdue invoices as one row and one bell item, saying what is owed; never to a coordinator', async () => {
    await expect
      .poll(async () => (await groupRows()).map((group) => group.title), { timeout: 20_000 })
      .toEqual(['3 invoices overdue, £72.00 owed']);
    expect((await groupRows())[0]).toMatchObject({
      key: 'invoice-overdue',
      audience: 'finance',
      severity: 'medium',
      members: 3,
      unacknowledged: 3,
      status: 'active',
    });
    expect(await count()).toBe(1);
    expect((await members()).map((alert) => alert.relatedId).sort()).toEqual([...invoiceIds].sort());
    expect(await items(coordinator)).toEqual([]);
    // The bell's list follows the bell: an administrator who unticks finance no longer finds the group there.
    const unticked = await send('PUT', '/api/account/alert-audiences', { audiences: ['care', 'people'] });
    expect(unticked.status, unticked.text).toBe(200);
    expect((await read('/api/alert-items?following=true')).body).toEqual([]);
    expect((await items()).length).toBe(1);
    expect(
      (await send('PUT', '/api/account/alert-audiences', { audiences: ['care', 'people', 'finance'] })).status,
    ).toBe(200);
    expect(((await read('/api/alert-items?following=true')).body as AlertItem[]).length).toBe(1);
    expect(await count(coordinator)).toBe(0);
  });

  it('follows a payment: 2 invoices owing £48.00', async () => {
    const paid = await send('POST', `/api/finance/invoices/${invoiceIds[0]}/payments`, {
      amountPence: 24_00,
      receivedOn: londonToday(),
    });
    expect(paid.status, paid.text).toBeLessThan(300);
    await expect
      .poll(async () => (await groupRows()).map((group) => group.title), { timeout: 20_000 })
      .toEqual(['2 invoices overdue, £48.00 owed']);
    expect(await count()).toBe(1);
  });

  it('refuses a group acknowledgement decided on members that changed (409) or on an alert outside it (400), appending nothing', async () => {
    const open = await members();
    const stale = await send('POST', '/api/alert-groups/acknowledge', {
      group: 'invoice-overdue',
      members: open.map((alert, index) => ({ id: alert.id, revision: index === 0 ? '7' : alert.revision })),
    });
    expect(stale.status, stale.text).toBe(409);
    const outside = await send('POST', '/api/alert-groups/acknowledge', {
      group: 'training-expired',
      members: open.map((alert) => ({ id: alert.id, revision: alert.revision })),
    });
    expect([outside.status, Object.keys(outside.body?.fields ?? {})]).toEqual([400, ['members']]);
    const empty = await send('POST', '/api/alert-groups/acknowledge', { group: 'invoice-overdue', members: [] });
    expect(empty.status).toBe(400);
    // A coordinator manages alerts but does not read finance ones: to them the group does not exist.
    const byCoordinator = await send(
      'POST',
      '/api/alert-groups/acknowledge',
      { group: 'invoice-overdue', members: open.map((alert) => ({ id: alert.id, revision: alert.revision })) },
      coordinator,
    );
    expect(byCoordinator.status, byCoordinator.text).toBe(404);
    // One by one too, like an alert that does not exist.
    for (const path of [`/api/alerts/${open[0]!.id}/acknowledge`, `/api/alerts/${randomUUID()}/acknowledge`]) {
      const one = await send('POST', path, {}, coordinator);
      expect([one.status, one.body?.error]).toEqual([404, 'Alert not found']);
    }
    const resolve = await send('POST', `/api/alerts/${open[0]!.id}/resolve`, { note: 'Paid by phone' }, coordinator);
    expect(resolve.status).toBe(404);
    for (const alert of open) expect((await history(alert.id)).map((event) => event.type)).toEqual(['AlertRaised']);
  });

  it('is acknowledged as one, recorded on each member, and leaves the bell', async () => {
    const open = await members();
    const reply = await send('POST', '/api/alert-groups/acknowledge', {
      group: 'invoice-overdue',
      members: open.map((alert) => ({ id: alert.id, revision: alert.revision })),
      note: 'Chasing the council',
    });
    expect([reply.status, reply.body?.acknowledged]).toEqual([200, 2]);
    for (const alert of open)
      expect(await history(alert.id)).toEqual([
        { type: 'AlertRaised', user: 'system:rules' },
        { type: 'AlertAcknowledged', user: admin().id },
      ]);
    expect(await count()).toBe(0);
    expect((await groupRows())[0]).toMatchObject({ members: 2, unacknowledged: 0, status: 'acknowledged' });
  });

  it('goes when its last member clears: each invoice settled resolves its alert by the system', async () => {
    for (const invoiceId of invoiceIds.slice(1)) {
      const paid = await send('POST', `/api/finance/invoices/${invoiceId}/payments`, {
        amountPence: 24_00,
        receivedOn: londonToday(),
      });
      expect(paid.status, paid.text).toBeLessThan(300);
    }
    await expect.poll(async () => (await groupRows()).length, { timeout: 20_000 }).toBe(0);
    const resolved = (await read('/api/alerts?group=invoice-overdue&active=false')).body as AlertView[];
    expect(resolved.map((alert) => [alert.status, alert.resolvedBySystem])).toEqual([
      ['resolved', true],
      ['resolved', true],
      ['resolved', true],
    ]);
  });
});

describe('the grouped list in pages', () => {
  it('gives the number of rows on every page, a page past the last one included: a group of two and three alerts alone make 4', async () => {
    const log = new AlertTaskLog(stack.command.store);
    for (const _ of [1, 2])
      await log.raise({
        rule: 'training-expired',
        group: 'training-expired/2026-01',
        severity: 'medium',
        relatedKind: 'training',
      });
    for (const _ of [1, 2, 3]) await log.raise({ severity: 'high' });
    lastPosition = log.lastPosition;
    const page = async (query: string) => {
      const reply = await read(`/api/alert-items?${query}`);
      expect(reply.status, reply.text).toBe(200);
      return [reply.headers.get('x-total-count'), (reply.body as AlertItem[]).map((item) => item.kind)];
    };
    // Most severe first: the three high alerts, then the group of medium ones.
    expect(await page('limit=3')).toEqual(['4', ['alert', 'alert', 'alert']]);
    expect(await page('limit=3&offset=3')).toEqual(['4', ['group']]);
    expect(await page('limit=3&offset=6')).toEqual(['4', []]);
    expect(await page('limit=3&status=acknowledged')).toEqual(['0', []]);
  });
});
