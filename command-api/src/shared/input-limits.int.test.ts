import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  appointmentStreamId,
  carerStreamId,
  CONTROL_CHARACTERS_MESSAGE,
  INVALID_UNICODE_MESSAGE,
  parseRecordedEvent,
} from '@care/events';
import { appendedSince, settledLog, startCommandApi, type ApiReply, type RunningCommandApi } from '../../testing';

/**
 * A number the read model cannot hold, or a text PostgreSQL refuses, used to be appended and then stall
 * the projector for every list. Each is now refused at the edge with a 400 on its field, and nothing is appended.
 */
let api: RunningCommandApi;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'input_limits');
});
afterAll(async () => {
  await api?.close();
});

const carer = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  employeeId: `EMP-${randomUUID().slice(0, 8)}`,
  startDate: '2024-03-01',
  ...overrides,
});

/** Sends the request and checks it was refused with exactly these field messages and appended nothing. */
async function expectRefused(send: () => Promise<ApiReply>, fields: Record<string, string>): Promise<void> {
  const before = await settledLog(api.store);
  const reply = await send();
  expect({ status: reply.status, body: reply.body }).toEqual({
    status: 400,
    body: { error: 'Validation failed', fields },
  });
  expect(await appendedSince(api.store, before)).toEqual([]);
}

async function created(reply: Promise<ApiReply>): Promise<string> {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id as string;
}

describe('POST /api/carers at the limits', () => {
  it('refuses the hourly rate 21474837 (once 2147483700 pence, past PostgreSQL integer) on hourlyRate', async () => {
    await expectRefused(() => api.request('POST', '/api/carers', carer({ hourlyRate: '21474837' })), {
      hourlyRate: 'Hourly rate must be at most £500.00',
    });
  });

  it('refuses a penny over £500.00 an hour and takes £500.00', async () => {
    await expectRefused(() => api.request('POST', '/api/carers', carer({ hourlyRate: 500.01 })), {
      hourlyRate: 'Hourly rate must be at most £500.00',
    });
    const id = await created(api.request('POST', '/api/carers', carer({ hourlyRate: '500.00' })));
    const [registered] = (await api.store.readStream(carerStreamId(id))).map(parseRecordedEvent);
    expect(registered!.data).toMatchObject({ hourlyRatePence: 50_000 });
  });

  it('refuses a NUL in a text field on that field', async () => {
    await expectRefused(() => api.request('POST', '/api/carers', carer({ notes: 'Drives\u0000 a car' })), {
      notes: CONTROL_CHARACTERS_MESSAGE,
    });
    await expectRefused(() => api.request('POST', '/api/carers', carer({ lastName: 'Love\u001blace' })), {
      lastName: CONTROL_CHARACTERS_MESSAGE,
    });
  });

  it('refuses a lone surrogate sent as a JSON escape (PostgreSQL jsonb refuses it; EventStoreDB would not)', async () => {
    const body = JSON.stringify(carer()).replace(/}$/, ',"address":"1 High Street \\ud800"}');
    await expectRefused(() => api.request('POST', '/api/carers', body, { 'content-type': 'application/json' }), {
      address: INVALID_UNICODE_MESSAGE,
    });
  });

  it('keeps newlines and tabs, and stores Windows line ends as newlines', async () => {
    const id = await created(api.request('POST', '/api/carers', carer({ notes: 'Drives\r\n\tHas a car' })));
    const [registered] = (await api.store.readStream(carerStreamId(id))).map(parseRecordedEvent);
    expect(registered!.data).toMatchObject({ notes: 'Drives\n\tHas a car' });
  });

  it('refuses the same on PATCH, and a count past the domain limit', async () => {
    const id = await created(api.request('POST', '/api/carers', carer()));
    await expectRefused(
      () => api.request('PATCH', `/api/carers/${id}`, { firstName: 'Ada\u0000', maxClientsPerDay: 51 }),
      {
        firstName: CONTROL_CHARACTERS_MESSAGE,
        maxClientsPerDay: 'Max clients per day must be a whole number from 1 to 50',
      },
    );
  });
});

describe('check-out at the limits', () => {
  it('refuses expenses over £1,000.00, mileage over 1,000 miles and travel over 600 minutes, then takes them at the limit', async () => {
    const carerId = await created(api.request('POST', '/api/carers', carer()));
    const clientId = await created(
      api.request('POST', '/api/clients', {
        clientId: `CL-${randomUUID().slice(0, 8)}`,
        firstName: 'Edith',
        lastName: 'Green',
        dateOfBirth: '1938-05-14',
        address: '4 Mill Lane, Leeds',
        emergencyContact: 'Paul Green',
        emergencyPhone: '07700 900123',
        careLevel: 'medium',
      }),
    );
    const start = new Date(Date.now() - 30 * 60_000).toISOString();
    const id = await created(
      api.request('POST', '/api/appointments', { clientId, carerId, scheduledStart: start, durationMinutes: 60 }),
    );
    const checkIn = await api.request('POST', `/api/appointments/${id}/check-in`, { source: 'Computer' });
    expect(checkIn.status, checkIn.text).toBe(200);

    const checkOut = (body: Record<string, unknown>) =>
      api.request('POST', `/api/appointments/${id}/check-out`, { source: 'Computer', ...body });
    await expectRefused(
      () => checkOut({ expenses: '21474837', mileage: '1000.1', travelTimeMinutes: 601, notes: 'ok\u0000' }),
      {
        expenses: 'Expenses must be at most £1,000.00',
        mileage: 'Mileage must be at most 1000 miles',
        travelTimeMinutes: 'Travel time must be a whole number of minutes from 0 to 600',
        notes: CONTROL_CHARACTERS_MESSAGE,
      },
    );

    const accepted = await checkOut({ expenses: '1000.00', mileage: '1000', travelTimeMinutes: 600 });
    expect(accepted.status, accepted.text).toBe(200);
    const last = (await api.store.readStream(appointmentStreamId(id))).map(parseRecordedEvent).at(-1);
    expect(last).toMatchObject({
      type: 'VisitCheckedOut',
      data: { expensesPence: 100_000, mileageTenths: 10_000, travelTimeMinutes: 600 },
    });
  });
});

describe('other records', () => {
  it('refuses a control character in a client, a diary entry and a feedback page, on the field', async () => {
    await expectRefused(
      () =>
        api.request('POST', '/api/clients', {
          clientId: 'CL-NUL',
          firstName: 'Edith',
          lastName: 'Green',
          dateOfBirth: '1938-05-14',
          address: '4 Mill\u0000 Lane',
          emergencyContact: 'Paul Green',
          emergencyPhone: '07700 900123',
          careLevel: 'medium',
          allergies: ['nuts\u0007'],
        }),
      { address: CONTROL_CHARACTERS_MESSAGE, 'allergies.0': CONTROL_CHARACTERS_MESSAGE },
    );
    await expectRefused(
      () =>
        api.request('POST', '/api/feedback', {
          type: 'bug',
          category: 'general',
          message: 'Broken',
          page: '/carers\u0000',
        }),
      { page: CONTROL_CHARACTERS_MESSAGE },
    );
    await expectRefused(
      () =>
        api.request('POST', '/api/diary', {
          carerId: randomUUID(),
          clientId: randomUUID(),
          entryDate: '2026-01-05T10:00:00Z',
          title: 'Visit',
          content: 'Ate well\u0000',
        }),
      { content: CONTROL_CHARACTERS_MESSAGE },
    );
  });

  it('refuses a date PostgreSQL cannot store (year 0) on the field', async () => {
    await expectRefused(() => api.request('POST', '/api/carers', carer({ startDate: '0000-01-01' })), {
      startDate: 'Must be a date from 1900 to 2099',
    });
  });
});
