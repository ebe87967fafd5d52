import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonToday } from '@care/events';
import { requester, type Requester, type RunningCommandApi, type TestUser } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../testing/read-stack';

/**
 * Every list that grows pages on the server (docs/decisions/0015-lists-page-on-the-server.md): carers, clients,
 * diary, training, users and feedback answer `limit`/`offset` with `X-Total-Count`, in a stable order even where the
 * sort keys tie, and keep their access rules on every page and in every count.
 */
let stack: ReadStack | undefined;
let command: RunningCommandApi;
let readUrl: string;
let carer: TestUser;
let coordinator: TestUser;
let ownCarerId: string;
let clientId: string;
let lastPosition = '';

async function send(request: Requester, method: string, path: string, body?: unknown, expected = 201) {
  const reply = await request(method, path, body);
  expect(reply.status, reply.text).toBe(expected);
  if (reply.body?.position) lastPosition = reply.body.position;
  return reply.body as { id: string };
}

interface Page {
  status: number;
  ids: string[];
  total: number | null;
  body: unknown;
}

async function read(user: TestUser, path: string): Promise<Page> {
  const reply = await requester(readUrl, user.cookie)(
    'GET',
    path,
    undefined,
    lastPosition ? { 'x-min-position': lastPosition } : {},
  );
  const header = reply.headers.get('x-total-count');
  const ids = Array.isArray(reply.body) ? (reply.body as { id: string }[]).map((row) => row.id) : [];
  return { status: reply.status, ids, total: header === null ? null : Number(header), body: reply.body };
}

/** Every row of a list, `limit` at a time; each page must carry the same total. */
async function walk(user: TestUser, path: string, limit: number): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  const joiner = path.includes('?') ? '&' : '?';
  let total: number | null = null;
  for (let offset = 0; ; offset += limit) {
    const page = await read(user, `${path}${joiner}limit=${limit}&offset=${offset}`);
    expect(page.status).toBe(200);
    expect(page.ids.length).toBeLessThanOrEqual(limit);
    total ??= page.total;
    expect(page.total).toBe(total);
    ids.push(...page.ids);
    if (page.ids.length < limit) break;
  }
  return { ids, total: total ?? -1 };
}

/** Paging through gives the same rows, in the same order, as one page of everything: no row twice, none lost. */
async function expectStablePaging(user: TestUser, path: string, expectedTotal: number) {
  const whole = await read(user, `${path}${path.includes('?') ? '&' : '?'}limit=500`);
  expect(whole.total).toBe(expectedTotal);
  expect(whole.ids).toHaveLength(expectedTotal);
  const paged = await walk(user, path, 2);
  expect(paged.total).toBe(expectedTotal);
  expect(paged.ids).toEqual(whole.ids);
  expect(new Set(paged.ids).size).toBe(paged.ids.length);
}

const carerRecord = async (firstName: string, lastName: string, fields: Record<string, unknown> = {}) =>
  (
    await send(command.request, 'POST', '/api/carers', {
      firstName,
      lastName,
      email: `${randomUUID().slice(0, 8)}@example.org`,
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-03-01',
      ...fields,
    })
  ).id;

const clientRecord = async (firstName: string, lastName: string, reference = `CL-${randomUUID().slice(0, 8)}`) =>
  (
    await send(command.request, 'POST', '/api/clients', {
      clientId: reference,
      firstName,
      lastName,
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    })
  ).id;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'list_paging');
  ({ command, readUrl } = stack);
  carer = await command.createUser('carer', { firstName: 'Nadia', lastName: 'Hussain' });
  coordinator = await command.createUser('coordinator', { firstName: 'Cora', lastName: 'Ndiaye' });
  ownCarerId = await carerRecord('Nadia', 'Hussain', { userId: carer.id, region: 'north' });
  // Five carers with one name: the order must still be stable across pages (by id after the name).
  for (let i = 0; i < 5; i += 1) await carerRecord('Sam', 'Twin', { region: 'central' });
  await carerRecord('Inês', 'Away', { isActive: false });
  clientId = await clientRecord('Edith', 'Green', 'CL-FIND-ME');
  for (let i = 0; i < 4; i += 1) await clientRecord('Ann', 'Same');
});

afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/carers', () => {
  it('pages a stable order with the total, searches and filters on the server', async () => {
    await expectStablePaging(coordinator, '/api/carers', 7);
    const twins = await walk(coordinator, '/api/carers?search=TWIN', 2);
    expect([twins.total, twins.ids.length]).toEqual([5, 5]);
    expect((await read(coordinator, '/api/carers?search=CENTR')).total).toBe(5);
    expect((await read(coordinator, '/api/carers?active=false')).total).toBe(1);
    expect((await read(coordinator, '/api/carers?active=true&limit=1')).total).toBe(6);
  });

  it('answers the first page with the total when called without paging, and refuses a bad limit', async () => {
    const first = await read(coordinator, '/api/carers');
    expect([first.status, first.total, first.ids.length]).toEqual([200, 7, 7]);
    const bad = await read(coordinator, '/api/carers?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { limit: 'Limit must be a whole number from 1 to 500' } });
    expect((await read(coordinator, '/api/carers?limit=501')).status).toBe(400);
    expect((await read(coordinator, '/api/carers?offset=-1')).status).toBe(400);
  });

  it('gives a carer only their own record, counted alone', async () => {
    const own = await read(carer, '/api/carers?limit=50&offset=0');
    expect([own.ids, own.total]).toEqual([[ownCarerId], 1]);
    expect((await read(carer, '/api/carers?search=twin')).total).toBe(0);
  });
});

describe('GET /api/clients', () => {
  // As a coordinator: a carer reads only the clients on their visits around today (shared/carer-work.ts), none here.
  it('pages a stable order with the total and searches by name or client ID', async () => {
    await expectStablePaging(coordinator, '/api/clients', 5);
    const found = await read(coordinator, '/api/clients?search=cl-find');
    expect([found.ids, found.total]).toEqual([[clientId], 1]);
    expect((await read(coordinator, '/api/clients?search=same ann&limit=1')).total).toBe(4);
    expect((await read(carer, '/api/clients')).total).toBe(0);
  });
});

describe('GET /api/diary', () => {
  it('pages ties in a stable order, filters and searches, and never counts what the reader may not see', async () => {
    // Nadia visits Edith today: a carer writes only about the clients of their own visits.
    await send(command.request, 'POST', '/api/appointments', {
      clientId,
      carerId: ownCarerId,
      scheduledStart: new Date(Date.now() + 60 * 60_000).toISOString(),
      durationMinutes: 60,
    });
    const entryDate = '2025-03-04T09:15:00Z';
    for (let i = 0; i < 4; i += 1) {
      await send(carer.request, 'POST', '/api/diary', {
        clientId,
        carerId: ownCarerId,
        entryDate,
        title: `Visit ${i}`,
        content: 'Breakfast.',
      });
    }
    const concern = await send(coordinator.request, 'POST', '/api/diary', {
      clientId,
      carerId: ownCarerId,
      entryDate,
      title: 'Safeguarding concern',
      content: 'Confidential.',
      isConfidential: true,
    });
    await expectStablePaging(coordinator, '/api/diary', 5);
    await expectStablePaging(carer, '/api/diary', 4);
    expect((await read(carer, '/api/diary?search=safeguarding')).total).toBe(0);
    expect((await read(coordinator, '/api/diary?search=safeguarding')).total).toBe(1);
    expect((await read(coordinator, `/api/diary?carerId=${ownCarerId}&clientId=${clientId}&limit=1`)).total).toBe(5);
    expect((await read(coordinator, `/api/diary?carerId=${randomUUID()}`)).total).toBe(0);

    // An amendment that lifts (or sets) confidentiality moves the entry in and out of the carer's total.
    await send(
      coordinator.request,
      'PATCH',
      `/api/diary/${concern.id}`,
      { isConfidential: false, reason: 'Shared with the team' },
      200,
    );
    expect((await read(carer, '/api/diary')).total).toBe(5);
    await send(
      coordinator.request,
      'PATCH',
      `/api/diary/${concern.id}`,
      { isConfidential: true, reason: 'Back to confidential' },
      200,
    );
    expect((await read(carer, '/api/diary')).total).toBe(4);
    expect((await read(coordinator, '/api/diary')).total).toBe(5);
  });
});

describe('GET /api/diary?from=&to=', () => {
  it('keeps the entries dated in those London days, both included, paged and counted on the server', async () => {
    const add = async (entryDate: string, title: string) =>
      (
        await send(coordinator.request, 'POST', '/api/diary', {
          clientId,
          carerId: ownCarerId,
          entryDate,
          title,
          content: 'Period test.',
        })
      ).id;
    // 1 June 23:59 and 2 June 00:30 in London (British Summer Time), then 3 June 23:59 and 4 June 00:01.
    const lateFirst = await add('2025-06-01T22:59:00Z', 'Late on the first');
    const earlySecond = await add('2025-06-01T23:30:00Z', 'Early on the second');
    const lateThird = await add('2025-06-03T22:59:00Z', 'Late on the third');
    const fourth = await add('2025-06-03T23:01:00Z', 'Just into the fourth');
    const period = await read(coordinator, '/api/diary?from=2025-06-02&to=2025-06-03');
    expect([period.total, period.ids]).toEqual([2, [lateThird, earlySecond]]);
    expect((await read(coordinator, '/api/diary?from=2025-06-01&to=2025-06-01')).ids).toEqual([lateFirst]);
    expect(
      (await read(coordinator, `/api/diary?from=2025-06-01&to=2025-06-04&search=fourth&carerId=${ownCarerId}`)).ids,
    ).toEqual([fourth]);
    await expectStablePaging(coordinator, '/api/diary?from=2025-06-01&to=2025-06-04', 4);
    const backwards = await read(coordinator, '/api/diary?from=2025-06-04&to=2025-06-01');
    expect([backwards.status, backwards.body]).toEqual([
      400,
      { error: 'Validation failed', fields: { to: 'To date must not be before the from date' } },
    ]);
    const half = await read(coordinator, '/api/diary?from=2025-06-04');
    expect([half.status, half.body]).toEqual([
      400,
      { error: 'Validation failed', fields: { to: 'To date is required' } },
    ]);
  });
});

describe('GET /api/training', () => {
  it('pages each tab with its total, counts every tab at once, and keeps a carer to their own records', async () => {
    const today = londonToday();
    const record = (carerId: string, fields: Record<string, unknown>) =>
      send(command.request, 'POST', '/api/training', {
        carerId,
        trainingType: 'first_aid',
        completedDate: addDays(today, -200),
        ...fields,
      });
    await record(ownCarerId, { expiryDate: addDays(today, 10) });
    await record(ownCarerId, { expiryDate: addDays(today, -1) });
    await record(ownCarerId, { status: 'pending' });
    const twin = (await read(coordinator, '/api/carers?search=twin&limit=1')).ids[0] ?? '';
    await record(twin, { expiryDate: addDays(today, 300) });
    await record(twin, { expiryDate: addDays(today, 300) });

    await expectStablePaging(coordinator, '/api/training', 5);
    expect((await read(coordinator, '/api/training?tab=expiring')).total).toBe(1);
    expect((await read(coordinator, '/api/training?tab=expired')).total).toBe(1);
    const counts = await read(coordinator, '/api/training/tab-counts');
    expect(counts.body).toEqual({ all: 5, current: 4, expiring: 1, expired: 1, pending: 1 });
    expect((await read(coordinator, '/api/training/tab-counts?search=twin')).body).toMatchObject({
      all: 2,
      current: 2,
    });
    expect((await read(coordinator, '/api/training?tab=later')).status).toBe(400);

    expect((await read(carer, '/api/training?limit=1')).total).toBe(3);
    expect((await read(carer, '/api/training/tab-counts')).body).toMatchObject({ all: 3, pending: 1 });
  });
});

describe('GET /api/users and /api/feedback', () => {
  it('page for administrators with the total and their filters, and stay closed to everyone else', async () => {
    const users = await walk(command.admin, '/api/users', 1);
    expect([users.total, users.ids.length]).toEqual([3, 3]);
    await send(command.request, 'POST', `/api/users/${carer.id}/deactivate`, undefined, 200);
    expect((await read(command.admin, '/api/users?active=true&limit=1')).total).toBe(2);
    expect((await read(command.admin, '/api/users?active=false')).ids).toEqual([carer.id]);
    expect((await read(coordinator, '/api/users')).status).toBe(403);

    for (let i = 0; i < 3; i += 1) {
      await send(coordinator.request, 'POST', '/api/feedback', {
        type: 'bug',
        category: 'general',
        message: `Item ${i}`,
        page: '/carers',
      });
    }
    await expectStablePaging(command.admin, '/api/feedback', 3);
    expect((await read(command.admin, '/api/feedback?status=open&limit=1')).total).toBe(3);
    expect((await read(command.admin, '/api/feedback?status=resolved')).total).toBe(0);
    expect((await read(coordinator, '/api/feedback')).status).toBe(403);
  });

  it('sorts the whole users list on the server by the column asked, the same page by page', async () => {
    type Row = { id: string; email: string; role: string; isActive: boolean; lastSignInAt: string | null };
    const rows = async (query: string) => (await read(command.admin, `/api/users?${query}`)).body as Row[];
    const byRole = await rows('sort=role');
    expect(byRole.map((user) => user.role)).toEqual(['admin', 'carer', 'coordinator']);
    expect((await rows('sort=role&direction=desc')).map((user) => user.role)).toEqual([
      'coordinator',
      'carer',
      'admin',
    ]);
    // Active first (Nadia, the carer, was deactivated above); descending puts her first.
    expect((await rows('sort=status')).map((user) => user.isActive)).toEqual([true, true, false]);
    expect((await rows('sort=status&direction=desc'))[0]!.id).toBe(carer.id);
    const byEmail = await rows('sort=email&direction=desc');
    expect(byEmail.map((user) => user.email)).toEqual(
      byEmail
        .map((user) => user.email)
        .sort()
        .reverse(),
    );
    // The last sign-in newest first unless asked, never signed in last.
    const bySignIn = (await rows('sort=lastSignIn')).map((user) => user.lastSignInAt);
    const signedIn = bySignIn.filter((at): at is string => at !== null);
    expect(bySignIn).toEqual([...[...signedIn].sort().reverse(), ...bySignIn.filter((at) => at === null)]);
    // Page by page, the same order as the whole list.
    expect((await walk(command.admin, '/api/users?sort=role&direction=desc', 1)).ids).toEqual(
      (await rows('sort=role&direction=desc')).map((user) => user.id),
    );
    const refused = await read(command.admin, '/api/users?sort=age&direction=up');
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        error: 'Validation failed',
        fields: {
          sort: 'Sort must be one of: name, email, role, status, lastSignIn',
          direction: 'Direction must be one of: asc, desc',
        },
      },
    ]);
  });
});
