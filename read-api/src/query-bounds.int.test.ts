import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { requester, type Requester } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../testing/read-stack';

/**
 * Query strings are bounded like request bodies: a date or instant outside 1900 to 2099 and a NUL in any value
 * are refused with 400 naming the parameter, before PostgreSQL or the date arithmetic see them (either answered
 * 503 before: "date/time field value out of range", "invalid byte sequence 0x00", "Invalid time value"). Each
 * route is first asked with good values, so a 400 below is the bad value's and not a route that refuses anything.
 */
let stack: ReadStack | undefined;
let read: Requester;
let clientId = '';

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'query_bounds');
  const admin = await stack.command.createUser('admin', { firstName: 'Ada', lastName: 'Quill' });
  const created = await stack.command.request('POST', '/api/clients', {
    clientId: 'CL-QUERY-1',
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  expect(created.status, created.text).toBe(201);
  clientId = (created.body as { id: string }).id;
  const position = (created.body as { position: string }).position;
  // The first read waits for the projector to have the client (read-your-writes), so every later read sees it.
  read = requester(stack.readUrl, admin.cookie);
  const caughtUp = await read('GET', '/api/clients', undefined, { 'x-min-position': position });
  expect(caughtUp.status, caughtUp.text).toBe(200);
});

afterAll(async () => {
  await stack?.stop();
});

type Kind = 'date' | 'instant' | 'text';

interface QueryCase {
  /** The route with the other parameters it needs, good ones, for the client `id`. */
  readonly path: (id: string) => string;
  /** The parameter under test and what it holds. */
  readonly param: string;
  readonly kind: Kind;
}

const GOOD: Record<Kind, string> = { date: '2026-03-02', instant: '2026-03-02T09:00:00Z', text: 'green' };
const YEAR_0000: Record<Kind, string> = { date: '0000-01-01', instant: '0000-01-01T00:00:00Z', text: '0000-01-01' };
const YEAR_9999: Record<Kind, string> = { date: '9999-12-31', instant: '9999-12-31T23:59:59Z', text: '9999-12-31' };
const WITH_NUL: Record<Kind, string> = {
  date: '2026-03-02\u0000',
  instant: '2026-03-02T09:00:00Z\u0000',
  text: 'a\u0000b',
};

const CASES: readonly QueryCase[] = [
  { path: () => '/api/diary?to=2026-03-31', param: 'from', kind: 'date' },
  { path: () => '/api/diary', param: 'search', kind: 'text' },
  { path: () => '/api/appointments', param: 'date', kind: 'date' },
  { path: () => '/api/appointments/summary', param: 'date', kind: 'date' },
  { path: () => '/api/appointments/export.csv', param: 'date', kind: 'date' },
  { path: () => '/api/shifts', param: 'date', kind: 'date' },
  { path: () => '/api/medication-records', param: 'from', kind: 'date' },
  { path: () => '/api/diary/weekly', param: 'date', kind: 'date' },
  { path: () => '/api/diary/map', param: 'date', kind: 'date' },
  { path: (id) => `/api/medications/mar?clientId=${id}`, param: 'from', kind: 'date' },
  { path: (id) => `/api/medications/mar.pdf?clientId=${id}`, param: 'from', kind: 'date' },
  { path: () => '/api/finance/payroll/summary', param: 'from', kind: 'date' },
  { path: (id) => `/api/audit/records/client-${id}`, param: 'asOf', kind: 'instant' },
  { path: (id) => `/api/audit/records/client-${id}/as-of.pdf`, param: 'asOf', kind: 'instant' },
  { path: (id) => `/api/audit/clients/${id}/file`, param: 'asOf', kind: 'instant' },
  { path: () => '/api/finance/client-funding', param: 'search', kind: 'text' },
  { path: () => '/api/audit/records', param: 'q', kind: 'text' },
  { path: () => '/api/audit/views', param: 'streamId', kind: 'text' },
];

const withParam = (path: string, param: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${param}=${encodeURIComponent(value)}`;

describe('query parameters out of bounds', () => {
  it.each(CASES.map((c) => [`${c.path(':id').split('?')[0]} ?${c.param}`, c] as const))(
    '%s: good values answer 200; years 0000 and 9999 and a NUL answer 400 naming it',
    async (_name, c) => {
      const good = await read('GET', withParam(c.path(clientId), c.param, GOOD[c.kind]));
      expect(good.status, good.text).toBe(200);
      const bad = c.kind === 'text' ? [WITH_NUL[c.kind]] : [YEAR_0000[c.kind], YEAR_9999[c.kind], WITH_NUL[c.kind]];
      for (const value of bad) {
        const reply = await read('GET', withParam(c.path(clientId), c.param, value));
        expect(reply.status, `${JSON.stringify(value)}: ${reply.text}`).toBe(400);
        expect(reply.body, JSON.stringify(value)).toMatchObject({
          error: 'Validation failed',
          fields: { [c.param]: expect.any(String) },
        });
      }
    },
  );

  it('refuses year 0001 in an audit instant and a NUL in a parameter no route reads', async () => {
    const ancient = await read('GET', `/api/audit/records/client-${clientId}?asOf=0001-01-01T00:00:00Z`);
    expect(ancient.status, ancient.text).toBe(400);
    expect(ancient.body).toMatchObject({ fields: { asOf: 'As of: Must be a date and time from 1900 to 2099' } });
    // Both a route with a query schema and one that reads no query at all.
    for (const path of ['/api/carers', '/api/appointments/today/count']) {
      const stray = await read('GET', `${path}?note=${encodeURIComponent('x\u0000')}`);
      expect(stray.status, `${path}: ${stray.text}`).toBe(400);
      expect(stray.body).toMatchObject({ fields: { note: 'Must not contain control characters' } });
    }
  });

  it('refuses a huge or negative number and a text longer than any parameter', async () => {
    for (const [path, field] of [
      ['/api/carers?limit=1e308', 'limit'],
      ['/api/carers?offset=-1', 'offset'],
      [`/api/medications/mar?clientId=${clientId}&from=2026-03-02&days=99999999999999999999`, 'days'],
      [`/api/clients?search=${'x'.repeat(1_001)}`, 'search'],
    ] as const) {
      const reply = await read('GET', path);
      expect(reply.status, `${path}: ${reply.text}`).toBe(400);
      expect(reply.body).toMatchObject({ fields: { [field]: expect.any(String) } });
    }
  });
});
