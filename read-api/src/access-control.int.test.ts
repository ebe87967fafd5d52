import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { positionToToken, START_POSITION, type CarerView, type UserView } from '@care/events';
import { createLogger, createPool } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { DEFAULT_AUTH_POLICY } from '@care/command-api/auth-policy';
import {
  appendedSince,
  requester,
  settledLog,
  startCommandApiOn,
  TEST_PASSWORD,
  type RunningCommandApi,
  type TestUser,
} from '@care/command-api/testing';
import { createReadModelDb, startProjector, type RunningProjector } from '@care/projector';
import { createReadApi, type ReadApi } from './app';

/**
 * Access control across the real services on one database: the command API, the projector and
 * the read API (HTTP and socket.io). Sign-in limits are lowered so lockout is quick to reach.
 */
const POLICY = { ...DEFAULT_AUTH_POLICY, maxFailuresPerAccount: 3, maxFailuresPerAddress: 6 };
const log = createLogger('test', 'silent');
let database: TestDatabase;
let pool: pg.Pool;
let command: RunningCommandApi;
let readApi: ReadApi;
let readUrl: string;
let projector: RunningProjector;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'access');
  pool = createPool(database.url, { max: 10, log });
  command = await startCommandApiOn(database.url, { policy: POLICY });
  projector = await startProjector({ store: command.store, pool, db: createReadModelDb(pool), log });
  await projector.settled();
  readApi = await createReadApi({ pool, db: createReadModelDb(pool), log });
  await new Promise<void>((resolve) => readApi.server.listen(0, '127.0.0.1', resolve));
  readUrl = `http://127.0.0.1:${(readApi.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await readApi?.close();
  await projector?.stop();
  await command?.close();
  await pool?.end();
  await database?.drop();
});

/** GET on the read API as the holder of `cookie` (none: anonymous). */
const read = (path: string, cookie?: string) => requester(readUrl, cookie)('GET', path);
let addressCount = 0;
/** A distinct client address per test, so one test's failures never lock another's sign-ins. */
const freshAddress = () => ({ 'x-forwarded-for': `198.51.100.${(addressCount += 1)}` });
/**
 * What a refused write could have appended since `before` (a settled log: every commit visible, see settledLog).
 * Other tests here leave sessions to expire, and the session sweeper records those (UserSignedOut) at a moment of
 * its own choosing, so those are left out; a forged write never appends one.
 */
const writesSince = async (before: Awaited<ReturnType<typeof settledLog>>) =>
  (await appendedSince(command.store, before))
    .filter((event) => event.type !== 'UserSignedOut')
    .map((event) => event.type);
const settled = () => settledLog(command.store);

describe('without a session', () => {
  const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '0190a5b2-7c3d-7e4f-8a1b-00000000000a');
  const PUBLIC = new Set([
    '/api/login',
    '/api/login/password-reset-requests',
    '/api/login/password-reset',
    // Accepting a family invitation: the one-time link is the credential (docs/features/family-portal.md).
    '/api/login/family-invitation',
    '/api/login/family-invitation/check',
    '/api/logout',
  ]);

  it('answers 401 Unauthorized on every registered /api route of both services', async () => {
    const commandRoutes = command.routes.filter((route) => !PUBLIC.has(route.path));
    expect(commandRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['POST /api/carers', 'POST /api/users', 'PUT /api/users/:id/role']),
    );
    expect(readApi.routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['GET /api/auth/user', 'GET /api/carers', 'GET /api/users', 'GET /api/access-log']),
    );
    for (const [base, routes] of [
      [command.baseUrl, commandRoutes],
      [readUrl, readApi.routes],
    ] as const) {
      for (const route of routes) {
        const reply = await requester(base, undefined)(
          route.method,
          concrete(route.path),
          route.method === 'GET' ? undefined : {},
        );
        expect({ route: `${route.method} ${route.path}`, status: reply.status, body: reply.text }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 401,
          body: 'Unauthorized',
        });
      }
    }
  });

  it('answers unknown /api paths, odd methods and bodies exactly the same', async () => {
    for (const base of [command.baseUrl, readUrl]) {
      const anonymous = requester(base, undefined);
      for (const [method, path, body] of [
        ['GET', '/api/no-such-thing', undefined],
        ['DELETE', '/api', undefined],
        ['PATCH', '/api/users', 'not json'],
        ['POST', '/api/carers/../users', { email: 'x' }],
        ['PUT', '/api/auth/user', {}],
      ] as const) {
        const reply = await anonymous(
          method,
          path,
          body,
          typeof body === 'string' ? { 'content-type': 'text/plain' } : {},
        );
        expect([method, path, reply.status, reply.text]).toEqual([method, path, 401, 'Unauthorized']);
      }
    }
  });

  it('sends a browser asking for the login path to the landing screen', async () => {
    const reply = await command.anonymous('GET', '/api/login');
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('/landing');
  });

  it('refuses the live socket', async () => {
    const socket = connectSocket(readUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('Unauthorized');
    socket.close();
  });

  it('ignores a forged or malformed cookie', async () => {
    for (const cookie of ['care.sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'care.sid=../../etc', 'care.sid=']) {
      const reply = await read('/api/auth/user', cookie);
      expect(reply.status).toBe(401);
    }
  });
});

describe('sign-in', () => {
  it('sets an httpOnly, SameSite=Lax session cookie and tells who signed in', async () => {
    const reply = await command.anonymous('POST', '/api/login', {
      email: command.admin.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(reply.status).toBe(200);
    const cookie = reply.headers.getSetCookie().find((header) => header.startsWith('care.sid='));
    expect(cookie).toMatch(/; path=\/; samesite=lax; httponly$/i);
    expect(reply.body.user).toMatchObject({
      email: command.admin.email,
      role: 'admin',
      isAdmin: true,
      firstName: 'Ada',
    });
  });

  it('answers a wrong password and an unknown email with the same refusal', async () => {
    const wrong = await command.anonymous(
      'POST',
      '/api/login',
      { email: command.admin.email, password: 'not the password' },
      freshAddress(),
    );
    const unknown = await command.anonymous(
      'POST',
      '/api/login',
      { email: 'nobody@example.org', password: 'whatever it is' },
      freshAddress(),
    );
    expect([wrong.status, wrong.body]).toEqual([401, { error: 'Invalid email or password' }]);
    expect([unknown.status, unknown.body]).toEqual([401, { error: 'Invalid email or password' }]);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('validates the body and appends nothing for it', async () => {
    const before = await settled();
    const reply = await command.anonymous('POST', '/api/login', { email: 'not an email' });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({ email: 'Enter a valid email address', password: 'Password is required' });
    expect(await writesSince(before)).toEqual([]);
  });

  it('refuses a sign-in posted from another site', async () => {
    const reply = await command.anonymous(
      'POST',
      '/api/login',
      { email: command.admin.email, password: TEST_PASSWORD },
      {
        origin: 'https://evil.example',
      },
    );
    expect([reply.status, reply.body]).toEqual([403, { error: 'Cross-site request refused' }]);
  });

  it('locks an account after 3 failures in a row, even for the right password, says for how long, and logs the lockout', async () => {
    const user = await command.createUser('carer');
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1) {
      const reply = await command.anonymous(
        'POST',
        '/api/login',
        { email: user.email, password: `wrong password ${i}` },
        address,
      );
      expect(reply.status).toBe(401);
    }
    const locked = await command.anonymous(
      'POST',
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      freshAddress(),
    );
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('Too many failed sign-ins. Try again in 15 minutes.');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // The existing session is not affected: lockout stops guessing, not work.
    expect((await read('/api/auth/user', user.cookie)).status).toBe(200);

    await pool.query("UPDATE auth.sign_in_attempts SET locked_until = now() - interval '1 second'");
    const after = await command.anonymous(
      'POST',
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      freshAddress(),
    );
    expect(after.status).toBe(200);
    // Once, as a lockout of that account; the failed guesses themselves are counted, not logged.
    await expect
      .poll(async () =>
        (
          (await read('/api/access-log', command.admin.cookie)).body as {
            userId: string;
            type: string;
            reason: string;
          }[]
        )
          .filter((entry) => entry.userId === user.id && entry.type !== 'signed_in')
          .map((entry) => `${entry.type} ${entry.reason}`),
      )
      .toEqual(['locked_out account_locked']);
  });

  it('locks an address after 6 failures across different accounts', async () => {
    const address = freshAddress();
    for (let i = 0; i < 6; i += 1) {
      await command.anonymous(
        'POST',
        '/api/login',
        { email: `guess-${i}@example.org`, password: 'password guess' },
        address,
      );
    }
    const user = await command.createUser('carer');
    const fromThere = await command.anonymous(
      'POST',
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      address,
    );
    const fromElsewhere = await command.anonymous(
      'POST',
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      freshAddress(),
    );
    expect([fromThere.status, fromElsewhere.status]).toEqual([429, 200]);
  });

  it('keeps passwords out of the event log and stores only argon2id hashes', async () => {
    const user = await command.createUser('coordinator', { password: 'a very particular password 42' });
    const log = JSON.stringify(await command.store.readAll(START_POSITION, 1_000_000), (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    expect(log).not.toContain('a very particular password 42');
    expect(log).not.toContain(TEST_PASSWORD);
    const { rows } = await pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM auth.credentials WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('sessions', () => {
  it('ends on logout (POST): the cookie is cleared, the old one no longer works, and the access log says so', async () => {
    const user = await command.createUser('coordinator');
    const reply = await user.request('POST', '/api/logout');
    expect(reply.status).toBe(204);
    expect(reply.headers.getSetCookie().join()).toMatch(/care\.sid=;.*expires=Thu, 01 Jan 1970/);
    expect((await read('/api/auth/user', user.cookie)).status).toBe(401);
    expect((await user.request('POST', '/api/carers', {})).status).toBe(401);
    await expect
      .poll(async () =>
        ((await read('/api/access-log', command.admin.cookie)).body as { userId: string; type: string }[])
          .filter((entry) => entry.userId === user.id)
          .map((entry) => entry.type),
      )
      .toEqual(['signed_out', 'signed_in']);
  });

  it('survives a GET of /api/logout (a link or an image on any site): 405, and the session still works', async () => {
    const user = await command.createUser('coordinator');
    const reply = await user.request('GET', '/api/logout');
    expect([reply.status, reply.body]).toEqual([405, { error: 'Method not allowed' }]);
    expect(reply.headers.getSetCookie()).toEqual([]);
    expect((await read('/api/auth/user', user.cookie)).status).toBe(200);
  });

  it('survives a logout posted from another site: 403, and the session still works', async () => {
    const user = await command.createUser('coordinator');
    const reply = await user.request('POST', '/api/logout', undefined, { origin: 'https://evil.example' });
    expect([reply.status, reply.body]).toEqual([403, { error: 'Cross-site request refused' }]);
    expect((await read('/api/auth/user', user.cookie)).status).toBe(200);
  });

  it('expires after the idle time, and activity keeps it alive', async () => {
    const idle = await command.createUser('carer');
    const active = await command.createUser('carer');
    // Two users' last activity moved into the past, as if 29 and 31 minutes had gone by.
    const moveExpiry = (userId: string, interval: string) =>
      pool.query(`UPDATE auth.sessions SET expire = now() + $2::interval WHERE sess->>'userId' = $1`, [
        userId,
        interval,
      ]);
    await moveExpiry(active.id, '1 minute');
    await moveExpiry(idle.id, '-1 minute');
    expect((await read('/api/auth/user', idle.cookie)).status).toBe(401);
    expect((await read('/api/auth/user', active.cookie)).status).toBe(200);
    const { rows } = await pool.query<{ minutes: number }>(
      "SELECT extract(epoch FROM expire - now()) / 60 AS minutes FROM auth.sessions WHERE sess->>'userId' = $1",
      [active.id],
    );
    expect(Number(rows[0]!.minutes)).toBeGreaterThan(29);
  });

  it('ends after the absolute limit however active', async () => {
    const user = await command.createUser('carer');
    await pool.query(
      `UPDATE auth.sessions SET expire = now() + interval '10 seconds',
              sess = jsonb_set(sess, '{createdAt}', to_jsonb(to_char((now() - interval '13 hours') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
        WHERE sess->>'userId' = $1`,
      [user.id],
    );
    expect((await read('/api/auth/user', user.cookie)).status).toBe(401);
  });

  it('end for a deactivated user, who can no longer sign in until reactivated', async () => {
    const user = await command.createUser('coordinator');
    const deactivated = await command.request('POST', `/api/users/${user.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    expect((await read('/api/auth/user', user.cookie)).status).toBe(401);
    expect((await user.request('POST', '/api/carers', {})).status).toBe(401);
    const again = await command.signIn(user.email, TEST_PASSWORD);
    expect(again.reply.status).toBe(401);
    expect((await command.request('POST', `/api/users/${user.id}/reactivate`)).status).toBe(200);
    expect((await command.signIn(user.email, TEST_PASSWORD)).reply.status).toBe(200);
  });

  it('end on a role change, and the next sign-in carries the new role', async () => {
    const user = await command.createUser('coordinator');
    expect((await command.request('PUT', `/api/users/${user.id}/role`, { role: 'admin' })).status).toBe(200);
    expect((await read('/api/auth/user', user.cookie)).status).toBe(401);
    const promoted = await command.signIn(user.email, TEST_PASSWORD);
    expect((await read('/api/auth/user', promoted.cookie)).body).toMatchObject({ role: 'admin', isAdmin: true });
  });
});

describe('the role matrix', () => {
  let coordinator: TestUser;
  let carer: TestUser;
  let ownCarerId: string;
  let otherCarerId: string;

  beforeAll(async () => {
    coordinator = await command.createUser('coordinator');
    carer = await command.createUser('carer');
    const carerFields = (n: number) => ({
      firstName: 'Role',
      lastName: `Matrix${n}`,
      email: `rm${n}@example.org`,
      employeeId: `RM-${Date.now()}-${n}`,
      startDate: '2025-01-06',
    });
    ownCarerId = (await command.request('POST', '/api/carers', { ...carerFields(1), userId: carer.id })).body.id;
    const other = await command.request('POST', '/api/carers', carerFields(2));
    otherCarerId = other.body.id;
  });

  const waitForCarers = async (cookie: string, position?: string) =>
    requester(readUrl, cookie)('GET', '/api/carers', undefined, position ? { 'x-min-position': position } : {});

  it('admin: manages users (list, add, change role, deactivate)', async () => {
    expect((await read('/api/users', command.admin.cookie)).status).toBe(200);
    const user = await command.createUser('carer');
    expect((await command.request('PUT', `/api/users/${user.id}/role`, { role: 'coordinator' })).status).toBe(200);
    expect((await command.request('POST', `/api/users/${user.id}/deactivate`)).status).toBe(200);
  });

  it('admin: reads the access log a page at a time, newest first, with the total', async () => {
    // Once the projector has every sign-in so far, so that no entry lands between the pages.
    const head = positionToToken((await settled()).at(-1)!.position);
    const whole = await requester(readUrl, command.admin.cookie)('GET', '/api/access-log?limit=500', undefined, {
      'x-min-position': head,
    });
    const total = Number(whole.headers.get('x-total-count'));
    const all = whole.body as { id: string; occurredAt: string }[];
    expect(total).toBe(all.length);
    expect(total).toBeGreaterThanOrEqual(5);
    expect(all.map((entry) => entry.occurredAt)).toEqual(
      all
        .map((entry) => entry.occurredAt)
        .sort()
        .reverse(),
    );
    const first = await read('/api/access-log?limit=5', command.admin.cookie);
    expect([first.status, first.headers.get('x-total-count'), first.body]).toEqual([
      200,
      String(total),
      all.slice(0, 5),
    ]);
    const second = await read('/api/access-log?limit=5&offset=5', command.admin.cookie);
    expect((second.body as unknown[]).length).toBe(Math.min(5, total - 5));
    expect(second.body).toEqual(all.slice(5, 10));
    // Without parameters: the first page of 100, as before paging.
    expect(await read('/api/access-log', command.admin.cookie).then((reply) => reply.body)).toEqual(all.slice(0, 100));
    const refused = await read('/api/access-log?limit=0', command.admin.cookie);
    expect([refused.status, JSON.stringify(refused.body)]).toEqual([
      400,
      expect.stringContaining('Limit must be a whole number from 1 to 500'),
    ]);
  });

  it('admin: cannot change their own role or deactivate themselves', async () => {
    const role = await command.request('PUT', `/api/users/${command.admin.id}/role`, { role: 'carer' });
    expect([role.status, role.body.error]).toEqual([409, 'You cannot change your own role']);
    const off = await command.request('POST', `/api/users/${command.admin.id}/deactivate`);
    expect([off.status, off.body.error]).toEqual([409, 'You cannot deactivate your own account']);
  });

  it('coordinator: cannot manage users or read the access log (403), and nothing is appended', async () => {
    const before = await settled();
    for (const [method, path, body] of [
      ['POST', '/api/users', { email: 'x@example.org', firstName: 'X', lastName: 'Y', password: TEST_PASSWORD }],
      ['PUT', `/api/users/${carer.id}/role`, { role: 'admin' }],
      ['POST', `/api/users/${carer.id}/deactivate`, undefined],
      ['POST', `/api/users/${carer.id}/password-reset`, undefined],
    ] as const) {
      const reply = await coordinator.request(method, path, body);
      expect([method, path, reply.status, reply.body]).toEqual([method, path, 403, { error: 'Forbidden' }]);
    }
    expect((await read('/api/users', coordinator.cookie)).status).toBe(403);
    expect((await read('/api/access-log', coordinator.cookie)).status).toBe(403);
    expect(await writesSince(before)).toEqual([]);
  });

  it('coordinator: runs care operations (adds a carer, reads every carer)', async () => {
    const created = await coordinator.request('POST', '/api/carers', {
      firstName: 'Coord',
      lastName: 'Added',
      email: 'ca@example.org',
      employeeId: `CA-${Date.now()}`,
      startDate: '2025-01-06',
    });
    expect(created.status).toBe(201);
    const list = await waitForCarers(coordinator.cookie, created.body.position);
    expect((list.body as CarerView[]).map((c) => c.id)).toEqual(
      expect.arrayContaining([ownCarerId, otherCarerId, created.body.id]),
    );
  });

  it('carer: cannot add, edit or delete carers (403)', async () => {
    const before = await settled();
    expect((await carer.request('POST', '/api/carers', { firstName: 'X' })).status).toBe(403);
    expect((await carer.request('PATCH', `/api/carers/${ownCarerId}`, { notes: 'mine' })).status).toBe(403);
    expect((await carer.request('DELETE', `/api/carers/${otherCarerId}`)).status).toBe(403);
    expect(await writesSince(before)).toEqual([]);
  });

  it('carer: reads only their own carer record', async () => {
    const list = await waitForCarers(carer.cookie);
    expect((list.body as CarerView[]).map((c) => c.id)).toEqual([ownCarerId]);
    expect((await read(`/api/carers/${ownCarerId}`, carer.cookie)).status).toBe(200);
    expect((await read(`/api/carers/${otherCarerId}`, carer.cookie)).status).toBe(404);
    expect((await read('/api/users', carer.cookie)).status).toBe(403);
  });

  it('isAdmin is decided on the server from the role', async () => {
    for (const [user, role, isAdmin] of [
      [command.admin, 'admin', true],
      [coordinator, 'coordinator', false],
      [carer, 'carer', false],
    ] as const) {
      const reply = await read('/api/auth/user', user.cookie);
      expect(reply.body).toEqual({
        id: user.id,
        email: user.email,
        firstName: expect.any(String),
        lastName: expect.any(String),
        role,
        region: null,
        profileImageUrl: null,
        isAdmin,
      });
    }
  });

  it('live socket: a carer connects but gets neither the active carer count nor the carer-list changes', async () => {
    const listen = (cookie: string) => {
      const socket = connectSocket(readUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        extraHeaders: { cookie },
      });
      const got = { counts: 0, changes: 0 };
      socket.on('carers:activeCount', () => (got.counts += 1));
      socket.on('carers:changed', () => (got.changes += 1));
      return { socket, got };
    };
    const asCarer = listen(carer.cookie);
    const asCoordinator = listen(coordinator.cookie);
    await expect.poll(() => asCarer.socket.connected && asCoordinator.got.counts > 0).toBe(true);
    await command.request('POST', '/api/carers', {
      firstName: 'Live',
      lastName: 'Push',
      email: 'lp@example.org',
      employeeId: `LP-${Date.now()}`,
      startDate: '2025-01-06',
    });
    await expect.poll(() => asCoordinator.got.changes).toBeGreaterThan(0);
    await expect.poll(() => asCoordinator.got.counts).toBeGreaterThan(1);
    // The carer's socket got the same pushes' turn: a figure about every carer record never reaches it.
    expect(asCarer.got).toEqual({ counts: 0, changes: 0 });
    asCarer.socket.close();
    asCoordinator.socket.close();
  });
});

describe('user management', () => {
  it('refuses a second account with the same email in another case, naming the field', async () => {
    const user = await command.createUser('carer');
    const reply = await command.request('POST', '/api/users', {
      email: user.email.toUpperCase(),
      firstName: 'Dup',
      lastName: 'Licate',
      password: TEST_PASSWORD,
    });
    expect([reply.status, reply.body.fields]).toEqual([409, { email: 'A user with this email already exists' }]);
  });

  it('validates a new user with the form messages and appends nothing', async () => {
    const before = await settled();
    const reply = await command.request('POST', '/api/users', { email: '', role: 'owner', password: 'short' });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({
      email: 'Email is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      role: 'Role must be admin, coordinator, carer or auditor',
      password: 'Password must be at least 12 characters',
    });
    expect(await writesSince(before)).toEqual([]);
  });

  it('defaults a new user to the carer role and lists them for the admin', async () => {
    const created = await command.request('POST', '/api/users', {
      email: `default-${Date.now()}@example.org`,
      firstName: 'Dee',
      lastName: 'Fault',
      password: TEST_PASSWORD,
    });
    expect(created.status).toBe(201);
    const list = await requester(readUrl, command.admin.cookie)('GET', '/api/users', undefined, {
      'x-min-position': created.body.position,
    });
    expect((list.body as UserView[]).find((user) => user.id === created.body.id)).toMatchObject({
      role: 'carer',
      isActive: true,
    });
  });

  it('answers 404 for an unknown user', async () => {
    const reply = await command.request('POST', '/api/users/0190a5b2-7c3d-7e4f-8a1b-00000000dead/deactivate');
    expect([reply.status, reply.body]).toEqual([404, { error: 'User not found' }]);
    expect((await command.request('PUT', '/api/users/not-a-uuid/role', { role: 'carer' })).status).toBe(404);
  });

  it('shows an issued reset request and reset link in the access log, named by account', async () => {
    const user = await command.createUser('carer');
    expect((await command.anonymous('POST', '/api/login/password-reset-requests', { email: user.email })).status).toBe(
      202,
    );
    const issued = await command.request('POST', `/api/users/${user.id}/password-reset`);
    expect(issued.status).toBe(201);
    const log = await requester(readUrl, command.admin.cookie)('GET', '/api/access-log', undefined, {
      'x-min-position': issued.body.position,
    });
    expect(
      (log.body as { userId: string; type: string; email: string; reason: string | null }[])
        .filter((entry) => entry.userId === user.id)
        .slice(0, 2),
    ).toEqual([
      expect.objectContaining({ type: 'password_reset_issued', email: user.email, reason: 'requested by admin' }),
      expect.objectContaining({ type: 'password_reset_requested', email: user.email, reason: null }),
    ]);
  });

  it('counts reset requests against their address, so one address cannot flood them', async () => {
    const address = freshAddress();
    const ask = () =>
      command.anonymous('POST', '/api/login/password-reset-requests', { email: command.admin.email }, address);
    for (let i = 0; i < POLICY.maxFailuresPerAddress; i += 1) expect((await ask()).status).toBe(202);
    const refused = await ask();
    expect(refused.status).toBe(429);
    // The account itself is not locked by someone else asking for its reset.
    expect(
      (
        await command.anonymous(
          'POST',
          '/api/login',
          { email: command.admin.email, password: TEST_PASSWORD },
          freshAddress(),
        )
      ).status,
    ).toBe(200);
  });
});

describe('cross-site request forgery', () => {
  it('refuses a write carrying a session cookie but a foreign or missing Origin', async () => {
    const before = await settled();
    const body = {
      firstName: 'Forged',
      lastName: 'Write',
      email: 'f@example.org',
      employeeId: `CSRF-${Date.now()}`,
      startDate: '2025-01-06',
    };
    const foreign = await command.request('POST', '/api/carers', body, { origin: 'https://evil.example' });
    expect([foreign.status, foreign.body]).toEqual([403, { error: 'Cross-site request refused' }]);
    const raw = await fetch(`${command.baseUrl}/api/carers`, {
      method: 'POST',
      headers: { cookie: command.admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(raw.status).toBe(403);
    expect(await writesSince(before)).toEqual([]);
  });

  it('accepts a same-site Referer when a client sends no Origin', async () => {
    const reply = await command.request('POST', `/api/users/${command.admin.id}/reactivate`, undefined, {
      origin: '',
      referer: `${command.baseUrl}/admin`,
    });
    expect(reply.status).toBe(200);
  });
});
