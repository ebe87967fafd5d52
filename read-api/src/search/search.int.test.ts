import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SearchResultsView } from '@care/events';
import { searchResultsViewSchema } from '@care/events/api';
import { requester, type TestUser } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * The header's global search as each reader: an administrator finds accounts, carers and clients; a coordinator
 * carers and clients; a carer only their own carer record and the clients on their visits around today. The
 * records a reader may not open are neither listed nor counted.
 */
let stack: ReadStack;
let lastPosition = '';
let coordinator: TestUser;
let carerUser: TestUser;
const ids: Record<string, string> = {};

async function send(path: string, body: unknown, user?: TestUser): Promise<string> {
  const reply = await (user ?? stack.command.admin).request('POST', path, body);
  expect(reply.status, reply.text).toBe(201);
  lastPosition = reply.body.position ?? lastPosition;
  return reply.body.id as string;
}

const client = (firstName: string, lastName: string) =>
  send('/api/clients', {
    clientId: `CL-${randomUUID().slice(0, 8)}`,
    firstName,
    lastName,
    dateOfBirth: '1940-02-03',
    address: '3 Quarry Hill, Leeds',
    emergencyContact: 'Ann Next',
    emergencyPhone: '07700 900001',
    careLevel: 'low',
  });

const carer = (firstName: string, lastName: string, userId?: string) =>
  send('/api/carers', {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.org`,
    employeeId: `EMP-${randomUUID().slice(0, 6).toUpperCase()}`,
    startDate: '2024-01-08',
    ...(userId && { userId }),
  });

async function search(q: string, user: TestUser = stack.command.admin): Promise<SearchResultsView> {
  const reply = await requester(stack.readUrl, user.cookie)(
    'GET',
    `/api/search?q=${encodeURIComponent(q)}`,
    undefined,
    { 'x-min-position': lastPosition },
  );
  expect(reply.status, reply.text).toBe(200);
  return searchResultsViewSchema.parse(reply.body);
}

/** Each group's kind with the names it lists and its total. */
const summary = (results: SearchResultsView) =>
  Object.fromEntries(
    results.groups.map((group) => [group.kind, { total: group.total, names: group.hits.map((hit) => hit.title) }]),
  );

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'global_search');
  coordinator = await stack.command.createUser('coordinator', { firstName: 'Cora', lastName: 'Quillfeather' });
  carerUser = await stack.command.createUser('carer', { firstName: 'Quinn', lastName: 'Archer' });
  ids.ownCarer = await carer('Quinn', 'Archer', carerUser.id);
  ids.otherCarer = await carer('Quinton', 'Bramble');
  ids.onMyVisit = await client('Quilla', 'Hart');
  ids.notMine = await client('Quimby', 'Stone');
  const tomorrowNine = new Date(Date.now() + 24 * 3600_000);
  tomorrowNine.setUTCHours(9, 0, 0, 0);
  await send('/api/appointments', {
    clientId: ids.onMyVisit,
    carerId: ids.ownCarer,
    scheduledStart: tomorrowNine.toISOString(),
    durationMinutes: 30,
  });
  await send('/api/appointments', {
    clientId: ids.notMine,
    carerId: ids.otherCarer,
    scheduledStart: tomorrowNine.toISOString(),
    durationMinutes: 30,
  });
});

afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/search', () => {
  it('gives an administrator accounts, carers and clients, grouped and counted, case-insensitively', async () => {
    const results = await search('qui');
    expect(results.query).toBe('qui');
    expect(results.groups.map((group) => group.kind)).toEqual(['users', 'carers', 'clients']);
    expect(summary(results)).toEqual({
      users: { total: 2, names: ['Quinn Archer', 'Cora Quillfeather'] },
      carers: { total: 2, names: ['Quinn Archer', 'Quinton Bramble'] },
      clients: { total: 2, names: ['Quilla Hart', 'Quimby Stone'] },
    });
    const carerHit = results.groups[1]!.hits[0]!;
    expect(carerHit).toMatchObject({ id: ids.ownCarer, key: expect.stringMatching(/^EMP-/) });
    expect(carerHit.detail).toContain(carerHit.key);
    // The email, an employee ID or a client ID finds its one record.
    expect(summary(await search(carerUser.email)).users).toEqual({ total: 1, names: ['Quinn Archer'] });
    expect(summary(await search(carerHit.key.toLowerCase())).carers).toEqual({ total: 1, names: ['Quinn Archer'] });
  });

  it('gives a coordinator carers and clients but no accounts', async () => {
    expect(summary(await search('qui', coordinator))).toEqual({
      carers: { total: 2, names: ['Quinn Archer', 'Quinton Bramble'] },
      clients: { total: 2, names: ['Quilla Hart', 'Quimby Stone'] },
    });
  });

  it('shows a carer only their own carer record and the clients on their visits, and counts nothing else', async () => {
    expect(summary(await search('qui', carerUser))).toEqual({
      carers: { total: 1, names: ['Quinn Archer'] },
      clients: { total: 1, names: ['Quilla Hart'] },
    });
    // Searching for exactly what they may not read finds nothing, not even a count.
    expect(summary(await search('Stone', carerUser))).toEqual({
      carers: { total: 0, names: [] },
      clients: { total: 0, names: [] },
    });
    expect(summary(await search('Bramble', carerUser))).toEqual({
      carers: { total: 0, names: [] },
      clients: { total: 0, names: [] },
    });
    const raw = await requester(stack.readUrl, carerUser.cookie)('GET', '/api/search?q=qui', undefined, {
      'x-min-position': lastPosition,
    });
    expect(raw.text).not.toContain(ids.notMine);
    expect(raw.text).not.toContain(ids.otherCarer);
    expect(raw.text).not.toContain(coordinator.email);
  });

  it('caps each group at the limit but counts every match, and refuses a search too short or too long', async () => {
    const reply = await requester(stack.readUrl, stack.command.admin.cookie)(
      'GET',
      '/api/search?q=qui&limit=1',
      undefined,
      { 'x-min-position': lastPosition },
    );
    const limited = searchResultsViewSchema.parse(reply.body);
    expect(limited.groups.map((group) => [group.hits.length, group.total])).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    const read = requester(stack.readUrl, stack.command.admin.cookie);
    expect((await read('GET', '/api/search?q=q')).body).toMatchObject({
      fields: { q: 'Search must be at least 2 characters' },
    });
    expect((await read('GET', `/api/search?q=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await read('GET', '/api/search?q=qu&limit=21')).status).toBe(400);
  });

  it('answers anonymous callers 401', async () => {
    expect((await requester(stack.readUrl, undefined)('GET', '/api/search?q=qui')).status).toBe(401);
  });
});
