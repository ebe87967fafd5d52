import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonToday, type CarerView, type LeaveView } from '@care/events';
import { leaveViewSchema } from '@care/events/api';
import { requester, type TestUser } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * GET /api/leave and /api/leave/:id, and the carers list's onLeaveToday, across the real services: commands through
 * the command API, the projector, then the read API. Dates are relative to today in London.
 */
let stack: ReadStack;
let coordinator: TestUser;
let carer: TestUser;
/** The furthest command position so far: every read waits for it (read your writes). */
let lastPosition = '';
const ids = { nadia: '', ben: '', nadiaToday: '', benFuture: '', benPast: '' };
const today = londonToday();

async function send(user: TestUser, path: string, body: unknown) {
  const reply = await user.request('POST', path, body);
  expect(reply.status, `POST ${path}: ${reply.text}`).toBeLessThan(300);
  lastPosition = reply.body.position ?? lastPosition;
  return reply.body as { id: string };
}

async function read<T>(path: string, user: TestUser = stack.command.admin) {
  const reply = await requester(stack.readUrl, user.cookie)(
    'GET',
    path,
    undefined,
    lastPosition ? { 'x-min-position': lastPosition } : {},
  );
  return { status: reply.status, body: reply.body as T, headers: reply.headers };
}

const carerRecord = async (firstName: string, lastName: string, userId?: string) =>
  (
    await send(stack.command.admin, '/api/carers', {
      firstName,
      lastName,
      email: 'carer@example.org',
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-01-08',
      ...(userId && { userId }),
    })
  ).id;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'leave_read');
  coordinator = await stack.command.createUser('coordinator');
  carer = await stack.command.createUser('carer');
  ids.nadia = await carerRecord('Nadia', 'Hussain', carer.id);
  ids.ben = await carerRecord('Ben', 'Brook');
  const leave = (carerId: string, from: string, to: string, kind = 'annual') => ({ carerId, kind, from, to });

  ids.nadiaToday = (
    await send(carer, '/api/leave', { ...leave(ids.nadia, today, today, 'sick'), dayPart: 'morning' })
  ).id;
  await send(coordinator, `/api/leave/${ids.nadiaToday}/approve`, {});
  ids.benFuture = (await send(coordinator, '/api/leave', leave(ids.ben, addDays(today, 30), addDays(today, 34)))).id;
  ids.benPast = (await send(coordinator, '/api/leave', leave(ids.ben, addDays(today, -20), addDays(today, -18)))).id;
  await send(stack.command.admin, `/api/leave/${ids.benPast}/decline`, { reason: 'Short staffed' });
});
afterAll(async () => {
  await stack?.stop();
});

const idsOf = (rows: LeaveView[]) => rows.map((row) => row.id);

describe('GET /api/leave as staff', () => {
  it('pages on the server, latest first, with the total in X-Total-Count', async () => {
    const page = await read<LeaveView[]>('/api/leave?limit=2');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(idsOf(page.body)).toEqual([ids.benFuture, ids.nadiaToday]);
    expect(idsOf((await read<LeaveView[]>('/api/leave?limit=2&offset=2')).body)).toEqual([ids.benPast]);
  });

  it('filters by status, carer, and a date range the leave overlaps', async () => {
    expect(idsOf((await read<LeaveView[]>('/api/leave?status=approved')).body)).toEqual([ids.nadiaToday]);
    expect(idsOf((await read<LeaveView[]>(`/api/leave?carerId=${ids.ben}`)).body)).toEqual([
      ids.benFuture,
      ids.benPast,
    ]);
    const range = `from=${addDays(today, -19)}&to=${today}`;
    expect(idsOf((await read<LeaveView[]>(`/api/leave?${range}`)).body)).toEqual([ids.nadiaToday, ids.benPast]);
    expect(idsOf((await read<LeaveView[]>(`/api/leave?from=${addDays(today, 35)}`)).body)).toEqual([]);
  });

  it('answers a bad filter with 400 naming the field', async () => {
    expect((await read('/api/leave?status=holiday')).status).toBe(400);
    expect(Object.keys((await read<{ fields: object }>('/api/leave?status=holiday')).body.fields)).toEqual(['status']);
    expect((await read<{ fields: object }>('/api/leave?from=12/03/2027')).body.fields).toEqual({
      from: 'From date must be a date (YYYY-MM-DD)',
    });
    expect((await read<{ fields: object }>('/api/leave?from=2027-03-10&to=2027-03-01')).body.fields).toEqual({
      to: 'To date cannot be before the from date',
    });
  });

  it('shows one leave as the API describes it, with who decided and why', async () => {
    const one = await read<LeaveView>(`/api/leave/${ids.benPast}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe('"1"');
    expect(leaveViewSchema.parse(one.body)).toMatchObject({
      carerId: ids.ben,
      carerName: 'Ben Brook',
      status: 'declined',
      reason: 'Short staffed',
      decidedByUserId: stack.command.admin.id,
      requestedByUserId: coordinator.id,
    });
  });
});

describe('GET /api/leave as a carer', () => {
  it('lists only their own leave', async () => {
    const own = await read<LeaveView[]>('/api/leave', carer);
    expect(own.headers.get('x-total-count')).toBe('1');
    expect(idsOf(own.body)).toEqual([ids.nadiaToday]);
    expect(idsOf((await read<LeaveView[]>(`/api/leave?carerId=${ids.ben}`, carer)).body)).toEqual([]);
  });

  it("answers another carer's leave with 404, as for leave that does not exist", async () => {
    expect(await read(`/api/leave/${ids.benFuture}`, carer)).toMatchObject({
      status: 404,
      body: { error: 'Leave not found' },
    });
    expect((await read(`/api/leave/${randomUUID()}`, carer)).body).toEqual({ error: 'Leave not found' });
    expect((await read<LeaveView>(`/api/leave/${ids.nadiaToday}`, carer)).body.status).toBe('approved');
  });
});

describe('the carers list', () => {
  it('says who is on approved leave today (leave only requested, or approved for later, does not count)', async () => {
    const cara = await carerRecord('Cara', 'Dunn');
    await send(coordinator, '/api/leave', { carerId: cara, kind: 'annual', from: today, to: today });
    // Approved, but only from 30 days ahead.
    await send(stack.command.admin, `/api/leave/${ids.benFuture}/approve`, {});
    const carers = (await read<CarerView[]>('/api/carers')).body;
    const onLeave = Object.fromEntries(carers.map((row) => [row.id, row.onLeaveToday]));
    expect(onLeave).toMatchObject({ [ids.nadia]: true, [ids.ben]: false, [cara]: false });
    expect((await read<CarerView>(`/api/carers/${ids.nadia}`)).body.onLeaveToday).toBe(true);
  });
});
