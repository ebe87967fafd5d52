import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  comparePositions,
  positionFromToken,
  type AppointmentEvent,
  type AppointmentView,
  type CarerView,
  type ClientView,
} from '@care/events';
import { createLogger, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import {
  appendedSince,
  requester,
  settledLog,
  startCommandApiOn,
  type RunningCommandApi,
} from '@care/command-api/testing';
import { createReadModelDb, startProjector, type RunningProjector } from '@care/projector';
import { createReadApi, type ReadApi } from '../app';
import { checkedIn, checkedOut, VisitLog } from '../appointments/visit-fixtures';
// The command side's payroll source reads the same read model: its estimate must agree with the schedule's.
import { readModelPayrollSource } from '../../../command-api/src/finance/payroll-source';

/**
 * Travel between visits end to end: where clients live (recorded, or learnt from check-ins), how carers travel, and
 * the estimate and tight-gap flag on the visits the daily schedule and the rota read.
 */
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let command: RunningCommandApi;
let projector: RunningProjector;
let readApi: ReadApi;
let readUrl: string;
let visits: VisitLog;
let commandPosition = '';

/** Along a meridian one degree of latitude is 2πR / 360 km, so this many degrees is one kilometre. */
const ONE_KM_OF_LATITUDE = 360 / (2 * Math.PI * 6371);
const HOME = { latitude: 53.8196, longitude: -1.5763 };
const DAY = '2026-02-10';

async function send(method: string, path: string, body: unknown, expected = 201) {
  const reply = await command.request(method, path, body);
  expect(reply.status, reply.text).toBe(expected);
  commandPosition = reply.body?.position ?? commandPosition;
  return reply.body as { id: string };
}

function latestPosition(): string {
  const positions = [visits.lastPosition, commandPosition].filter((token) => token !== '');
  return positions.reduce((later, token) =>
    comparePositions(positionFromToken(token)!, positionFromToken(later)!) > 0 ? token : later,
  );
}

async function read<T>(path: string): Promise<T> {
  const reply = await requester(readUrl, command.admin.cookie)('GET', path, undefined, {
    'x-min-position': latestPosition(),
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body as T;
}

/** The fixture's check-in, from another place. */
const checkedInAt =
  (carerId: string, at: string, place: { latitude: number; longitude: number }) =>
  (id: string): AppointmentEvent => {
    const event = checkedIn(carerId, at)(id);
    return event.type === 'VisitCheckedIn'
      ? { ...event, data: { ...event.data, location: { ...place, accuracy: 10, address: null } } }
      : event;
  };

const clientRequest = (fields: Record<string, unknown> = {}) => ({
  clientId: `CL-${randomUUID().slice(0, 8)}`,
  firstName: 'Edith',
  lastName: 'Green',
  dateOfBirth: '1938-05-14',
  address: '4 Mill Lane, Leeds',
  emergencyContact: 'Paul Green',
  emergencyPhone: '07700 900123',
  careLevel: 'medium',
  ...fields,
});

const carerRequest = (fields: Record<string, unknown> = {}) => ({
  firstName: 'Nadia',
  lastName: 'Hussain',
  email: `nadia.${randomUUID().slice(0, 6)}@example.org`,
  employeeId: `EMP-${randomUUID().slice(0, 8)}`,
  startDate: '2024-03-01',
  ...fields,
});

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'travel_read');
  pool = createPool(database.url, { max: 10, log });
  command = await startCommandApiOn(database.url);
  projector = await startProjector({ store: command.store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  readApi = await createReadApi({ pool, db: createReadModelDb(pool), log });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  readUrl = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
  visits = new VisitLog(command.store, command.admin.id);
});

afterAll(async () => {
  await readApi?.close();
  await projector?.stop();
  await command?.close();
  await pool?.end();
  await database?.drop();
});

describe('where a client lives', () => {
  it('refuses a malformed postcode, coordinates outside the UK and half a point with 400 naming the field, and appends nothing', async () => {
    const before = await settledLog(command.store);
    const refused = async (fields: Record<string, unknown>) => {
      const reply = await command.request('POST', '/api/clients', clientRequest(fields));
      expect(reply.status, reply.text).toBe(400);
      return reply.body.fields as Record<string, string>;
    };
    expect(await refused({ postcode: 'LS6' })).toEqual({ postcode: 'Postcode must be a UK postcode, like SW1A 1AA' });
    expect(await refused({ latitude: 48.85, longitude: 2.35 })).toEqual({
      latitude: 'Latitude must be a number from 49.8 to 60.9 (in the United Kingdom)',
      longitude: 'Longitude must be a number from -8.7 to 1.8 (in the United Kingdom)',
    });
    expect(await refused({ latitude: 53.8 })).toEqual({ longitude: 'Give both latitude and longitude, or neither' });
    expect(await refused({ longitude: 'west' })).toEqual({
      longitude: 'Longitude must be a number from -8.7 to 1.8 (in the United Kingdom)',
    });
    expect(await appendedSince(command.store, before)).toEqual([]);
  });

  it('keeps the postcode in its usual form and says the coordinates were recorded, or learnt from check-ins', async () => {
    const recorded = await send('POST', '/api/clients', clientRequest({ postcode: 'ls6 2ab', ...HOME }));
    const unplaced = await send('POST', '/api/clients', clientRequest({ firstName: 'Walter', postcode: 'LS6 3CD' }));
    const carer = await send('POST', '/api/carers', carerRequest());
    // Three check-ins at Walter's: the middle value of each coordinate is where he lives, whatever the odd fix says.
    for (const [day, latitude, longitude] of [
      ['2026-01-06', 53.8, -1.55],
      ['2026-01-07', 53.81, -1.56],
      ['2026-01-08', 53.9, -1.4],
    ] as const) {
      const at = `${day}T09:00:00Z`;
      await visits.visit(
        { clientId: unplaced.id, carerId: carer.id, scheduledStart: at, durationMinutes: 30 },
        checkedInAt(carer.id, at, { latitude, longitude }),
      );
    }
    const one = await read<ClientView>(`/api/clients/${recorded.id}`);
    expect(one).toMatchObject({ postcode: 'LS6 2AB', ...HOME, location: { ...HOME, basis: 'recorded' } });
    const learnt = await read<ClientView>(`/api/clients/${unplaced.id}`);
    expect(learnt).toMatchObject({ postcode: 'LS6 3CD', latitude: null, longitude: null });
    expect(learnt.location).toEqual({ latitude: 53.81, longitude: -1.55, basis: 'from check-ins' });
  });
});

describe("travel between a carer's visits on the schedule", () => {
  it('refuses an unknown travel mode, and a carer drives unless their record says otherwise', async () => {
    const reply = await command.request('POST', '/api/carers', carerRequest({ travelMode: 'horse' }));
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({ travelMode: 'Travel mode must be car, walking or public_transport' });
    const driver = await send('POST', '/api/carers', carerRequest());
    const walker = await send('POST', '/api/carers', carerRequest({ travelMode: 'walking' }));
    expect((await read<CarerView>(`/api/carers/${driver.id}`)).travelMode).toBe('car');
    expect((await read<CarerView>(`/api/carers/${walker.id}`)).travelMode).toBe('walking');
  });

  it("gives each visit the estimate from the carer's previous visit that day, flags a gap shorter than it, and measures from the previous visit even when a filter leaves it out", async () => {
    const north = { latitude: HOME.latitude + ONE_KM_OF_LATITUDE, longitude: HOME.longitude };
    const edith = await send('POST', '/api/clients', clientRequest({ ...HOME }));
    const walter = await send('POST', '/api/clients', clientRequest({ firstName: 'Walter', ...north }));
    const driver = await send('POST', '/api/carers', carerRequest());
    const walker = await send('POST', '/api/carers', carerRequest({ firstName: 'Tom', travelMode: 'walking' }));
    const visit = (clientId: string, carerId: string | null, time: string, durationMinutes: number) =>
      visits.visit({ clientId, carerId, scheduledStart: `${DAY}T${time}:00Z`, durationMinutes });
    const first = await visit(edith.id, driver.id, '09:00', 60);
    // 5 minutes after the first ends, 1 km away: 1.3 km by road at 30 km/h is 3 minutes, plus 3 to park.
    const tight = await visit(walter.id, driver.id, '10:05', 30);
    const roomy = await visit(edith.id, driver.id, '11:00', 30);
    const open = await visit(walter.id, null, '12:00', 30);
    // Walking the same kilometre: 1.2 km at 4.8 km/h is 15 minutes, and 20 are free.
    await visit(edith.id, walker.id, '13:00', 30);
    const walked = await visit(walter.id, walker.id, '13:50', 30);

    const day = await read<AppointmentView[]>(`/api/appointments?date=${DAY}`);
    const byId = new Map(day.map((view) => [view.id, view]));
    expect(byId.get(first)).toMatchObject({ travelFromPrevious: null, tightGap: false });
    expect(byId.get(tight)).toMatchObject({
      travelFromPrevious: { minutes: 6, km: 1.3, basis: 'recorded', gapMinutes: 5 },
      tightGap: true,
    });
    expect(byId.get(roomy)).toMatchObject({
      travelFromPrevious: { minutes: 6, km: 1.3, basis: 'recorded', gapMinutes: 25 },
      tightGap: false,
    });
    expect(byId.get(open)).toMatchObject({ travelFromPrevious: null, tightGap: false });
    expect(byId.get(walked)).toMatchObject({
      travelFromPrevious: { minutes: 15, km: 1.2, basis: 'recorded', gapMinutes: 20 },
      tightGap: false,
    });

    // Walter's visits alone: the tight one still measures from Edith's, which the filter leaves out.
    const walters = await read<AppointmentView[]>(`/api/appointments?date=${DAY}&clientId=${walter.id}`);
    expect(walters.find((view) => view.id === tight)).toMatchObject({ tightGap: true });
    expect((await read<AppointmentView>(`/api/appointments/${tight}`)).tightGap).toBe(true);
  });
});

describe('travel in payroll', () => {
  it("counts the carer's recorded travel, and the estimate where they recorded none between two visits the same day", async () => {
    const PAID_DAY = '2026-02-03';
    const north = { latitude: HOME.latitude + ONE_KM_OF_LATITUDE, longitude: HOME.longitude };
    const edith = await send('POST', '/api/clients', clientRequest({ ...HOME }));
    const walter = await send('POST', '/api/clients', clientRequest({ firstName: 'Walter', ...north }));
    const carer = await send('POST', '/api/carers', carerRequest({ hourlyRate: '13.00' }));
    const done = async (clientId: string, time: string, travelTimeMinutes: number | null) => {
      const start = `${PAID_DAY}T${time}:00Z`;
      const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
      return visits.visit(
        { clientId, carerId: carer.id, scheduledStart: start, durationMinutes: 30 },
        checkedIn(carer.id, start),
        (id) => {
          const event = checkedOut(end)(id);
          return event.type === 'VisitCheckedOut' ? { ...event, data: { ...event.data, travelTimeMinutes } } : event;
        },
      );
    };
    // The first visit's travel is from home (commuting); Walter's has none recorded; Edith's second has 4 minutes.
    await done(edith.id, '09:00', 20);
    await done(walter.id, '10:00', null);
    await done(edith.id, '11:00', 4);
    await read(`/api/appointments?date=${PAID_DAY}`);

    const paid = await readModelPayrollSource(pool).carersToPay(PAID_DAY, PAID_DAY);
    const visitsPaid = paid.find((row) => row.carerId === carer.id)?.visits ?? [];
    expect(visitsPaid.map((visit) => [visit.travelMinutes, visit.estimatedTravelMinutes])).toEqual([
      [20, null],
      [null, 6],
      [4, 6],
    ]);
  });
});
