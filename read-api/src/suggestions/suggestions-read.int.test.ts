import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonTimeToInstant, londonToday, type CarerSuggestions, type FillDayPlan } from '@care/events';
import { requester, type TestUser } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/**
 * GET /api/rota/suggestions/:id and /api/rota/fill-day across the real services: carers, a client, training,
 * leave and visits made through the command API, projected, then ranked by the read API; the proposal applied
 * through the ordinary assign command.
 */
let stack: ReadStack;
let coordinator: TestUser;
let lastPosition = '';
const day = addDays(londonToday(), 14);
const ids = { ana: '', ben: '', cleo: '', dev: '', mary: '', tom: '', meds: '', care: '', later: '', cancelled: '' };

async function send(user: TestUser, path: string, body: unknown, headers: Record<string, string> = {}) {
  const reply = await user.request('POST', path, body, headers);
  expect(reply.status, `POST ${path}: ${reply.text}`).toBeLessThan(300);
  lastPosition = reply.body.position ?? lastPosition;
  return reply.body as { id: string; revision: string };
}

async function read<T>(path: string, user: TestUser = coordinator) {
  const reply = await requester(stack.readUrl, user.cookie)(
    'GET',
    path,
    undefined,
    lastPosition ? { 'x-min-position': lastPosition } : {},
  );
  return { status: reply.status, body: reply.body as T };
}

const carer = async (firstName: string) =>
  (
    await send(stack.command.admin, '/api/carers', {
      firstName,
      lastName: 'Test',
      email: `${firstName.toLowerCase()}@example.org`,
      employeeId: `EMP-${randomUUID().slice(0, 8)}`,
      startDate: '2024-01-08',
    })
  ).id;
const client = async (firstName: string, keyworkerCarerId: string | null) =>
  (
    await send(stack.command.admin, '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName,
      lastName: 'Client',
      dateOfBirth: '1940-05-01',
      address: '1 High Street, Leeds',
      emergencyContact: 'Family',
      emergencyPhone: '0113 496 0000',
      careLevel: 'medium',
      keyworkerCarerId,
    })
  ).id;
const visit = async (clientId: string, time: string, minutes: number, extra: Record<string, unknown> = {}) =>
  (
    await send(coordinator, '/api/appointments', {
      clientId,
      scheduledStart: londonTimeToInstant(day, time),
      durationMinutes: minutes,
      ...extra,
    })
  ).id;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'rota_suggestions');
  coordinator = await stack.command.createUser('coordinator');
  ids.ana = await carer('Ana');
  ids.ben = await carer('Ben');
  ids.cleo = await carer('Cleo');
  ids.dev = await carer('Dev');
  ids.mary = await client('Mary', ids.ana);
  ids.tom = await client('Tom', null);
  await send(coordinator, '/api/training', {
    carerId: ids.ana,
    trainingType: 'medication',
    completedDate: addDays(londonToday(), -100),
    expiryDate: addDays(londonToday(), 300),
    status: 'current',
  });
  const leave = await send(coordinator, '/api/leave', { carerId: ids.cleo, kind: 'annual', from: day, to: day });
  await send(stack.command.admin, `/api/leave/${leave.id}/approve`, {});
  await visit(ids.tom, '10:00', 60, { carerId: ids.dev });
  ids.meds = await visit(ids.mary, '10:00', 30, { visitType: 'medication' });
  ids.care = await visit(ids.tom, '10:15', 30);
  ids.later = await visit(ids.tom, '14:00', 30);
  ids.cancelled = await visit(ids.tom, '16:00', 30);
  await send(coordinator, `/api/appointments/${ids.cancelled}/cancel`, { reason: 'Client in hospital' });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe('suggested carers for a visit', () => {
  it('offers only the carer with current medication training for a medication visit, saying why, and counts who was left out', async () => {
    const { status, body } = await read<CarerSuggestions>(`/api/rota/suggestions/${ids.meds}`);
    expect(status).toBe(200);
    expect(body.suggestions.map((s) => s.carerId)).toEqual([ids.ana]);
    expect(body.excluded).toEqual({ onLeave: 1, busy: 1, untrained: 1, overLimit: 0, fullDay: 0 });
    expect(body.suggestions[0]!.reasons.map((reason) => reason.text)).toEqual(
      expect.arrayContaining(["Mary Client's keyworker", 'Medication training current']),
    );
  });

  it('never suggests the carer on leave or the one already booked at an overlapping time', async () => {
    const { body } = await read<CarerSuggestions>(`/api/rota/suggestions/${ids.care}`);
    expect(body.suggestions.map((s) => s.carerId).sort()).toEqual([ids.ana, ids.ben].sort());
    expect(body.excluded.onLeave).toBe(1);
    expect(body.excluded.busy).toBe(1);
  });

  it('answers 404 for a cancelled visit and an unknown id, and refuses a carer', async () => {
    expect((await read(`/api/rota/suggestions/${ids.cancelled}`)).status).toBe(404);
    expect((await read(`/api/rota/suggestions/${randomUUID()}`)).status).toBe(404);
    expect((await read('/api/rota/suggestions/not-an-id')).status).toBe(404);
    const carerUser = await stack.command.createUser('carer');
    expect((await read(`/api/rota/suggestions/${ids.meds}`, carerUser)).status).toBe(403);
    expect((await read(`/api/rota/fill-day?date=${day}`, carerUser)).status).toBe(403);
  });
});

describe('filling the day', () => {
  it('refuses a bad date with 400 naming it', async () => {
    const reply = await read<{ fields: Record<string, string> }>('/api/rota/fill-day?date=tomorrow');
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({ date: 'Date must be a date (YYYY-MM-DD)' });
  });

  it('proposes a carer for each open visit without double-booking, and the proposal applies as ordinary assignments', async () => {
    const { body } = await read<FillDayPlan>(`/api/rota/fill-day?date=${day}`);
    expect(body.proposals.map((p) => p.appointmentId)).toEqual([ids.meds, ids.care, ids.later]);
    const chosen = Object.fromEntries(body.proposals.map((p) => [p.appointmentId, p.proposed?.carerId]));
    expect(chosen[ids.meds]).toBe(ids.ana);
    expect(chosen[ids.care]).toBe(ids.ben);
    expect([ids.ana, ids.ben]).toContain(chosen[ids.later]);

    for (const proposal of body.proposals) {
      await send(
        coordinator,
        `/api/appointments/${proposal.appointmentId}/assign`,
        { carerId: proposal.proposed!.carerId },
        { 'If-Match': proposal.revision, 'Idempotency-Key': randomUUID() },
      );
    }
    expect((await read<FillDayPlan>(`/api/rota/fill-day?date=${day}`)).body.proposals).toEqual([]);
  });
});
