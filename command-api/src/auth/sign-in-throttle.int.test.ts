import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RawRecordedEvent } from '@care/events';
import {
  appendedSince,
  settledLog,
  startCommandApi,
  TEST_PASSWORD,
  type ApiReply,
  type RunningCommandApi,
} from '../../testing';
import { DEFAULT_AUTH_POLICY } from './auth-policy';
import { SignInThrottle } from './sign-in-throttle';

/**
 * The sign-in throttle against a script: counts live in auth.sign_in_attempts (with an expiry) and the
 * event log gets one UserSignInLockedOut per lock, however many guesses arrive.
 */
// The address allows more failures than ten parallel guesses can reach before the account's lock stops
// them, so which key locks first never depends on how the guesses interleave.
const POLICY = { ...DEFAULT_AUTH_POLICY, maxFailuresPerAccount: 3, maxFailuresPerAddress: 12 };
let api: RunningCommandApi;
let throttle: SignInThrottle;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'sign_in_throttle', { policy: POLICY });
  throttle = new SignInThrottle(api.pool, POLICY);
});
afterAll(async () => {
  await api?.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const guess = (email: string, password: string, address: string) =>
  api.anonymous('POST', '/api/login', { email, password }, from(address));
const summary = (events: readonly RawRecordedEvent[]) =>
  events
    .map(
      (event) =>
        `${event.type} ${String((event.data as { scope?: string; reason?: string }).scope ?? (event.data as { reason?: string }).reason ?? '')}`,
    )
    .sort();

async function attemptRows(): Promise<
  { kind: string; value: string; failures: number; locked: boolean; expires_at: Date; locked_until: Date | null }[]
> {
  const { rows } = await api.pool.query(
    'SELECT kind, value, failures, locked_until > now() AS locked, expires_at, locked_until FROM auth.sign_in_attempts ORDER BY kind, value',
  );
  return rows;
}

describe('a script guessing passwords', () => {
  it('1,000 failed sign-ins, ten at a time, append one lockout per locked key and nothing per failure', async () => {
    const user = await api.createUser('carer');
    const before = await settledLog(api.store);
    const tenAtATime = async (rounds: number, email: (round: number, n: number) => string) => {
      const replies: ApiReply[] = [];
      for (let round = 0; round < rounds; round += 1) {
        replies.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, (_, n) => guess(email(round, n), `guess ${round}-${n}`, '203.0.113.7')),
          )),
        );
      }
      return replies;
    };

    // 500 guesses at one account: it locks after three failures.
    const atAccount = await tenAtATime(50, () => user.email);
    const accountStatuses = atAccount.map((reply) => reply.status);
    expect(new Set(accountStatuses)).toEqual(new Set([401, 429]));
    // Only the guesses that passed the lock check before it was set were even checked.
    expect(accountStatuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(atAccount.at(-1)!.body.error).toBe('Too many failed sign-ins. Try again in 15 minutes.');
    expect(summary(await appendedSince(api.store, before))).toEqual(['UserSignInLockedOut account']);

    // 500 more at other emails from the same address: the address locks in turn.
    const sprayed = await tenAtATime(50, (round, n) => `sprayed-${round}-${n}@example.org`);
    const last = sprayed.at(-1)!;
    expect(last.status).toBe(429);
    expect(last.body.error).toBe('Too many failed sign-ins. Try again in 15 minutes.');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    const appended = await appendedSince(api.store, before);
    expect(summary(appended)).toEqual(['UserSignInLockedOut account', 'UserSignInLockedOut address']);
    const byScope = Object.fromEntries(appended.map((event) => [(event.data as { scope: string }).scope, event.data]));
    expect(byScope.account).toMatchObject({ userId: user.id, email: user.email, ipAddress: '203.0.113.7' });
    expect(byScope.address).toMatchObject({ userId: null, email: null, ipAddress: '203.0.113.7' });
    expect(Date.parse((byScope.account as { lockedUntil: string }).lockedUntil) - Date.now()).toBeGreaterThan(
      14 * 60_000,
    );

    // The counts are two rows, each locked, each with an expiry no earlier than its lock.
    const rows = (await attemptRows()).filter((row) => row.value === user.email || row.value === '203.0.113.7');
    expect(rows.map((row) => [row.kind, row.locked])).toEqual([
      ['account', true],
      ['address', true],
    ]);
    for (const row of rows) expect(row.expires_at.getTime()).toBeGreaterThanOrEqual(row.locked_until!.getTime());
  }, 120_000);

  it('random emails from many addresses leave only rows that expire, and the sweep deletes them', async () => {
    const before = await settledLog(api.store);
    for (let n = 0; n < 8; n += 1) {
      expect((await guess(`nobody-${n}@example.org`, 'a guess', `192.0.2.${n + 1}`)).status).toBe(401);
    }
    expect(await appendedSince(api.store, before)).toEqual([]);
    const rows = (await attemptRows()).filter(
      (row) => row.value.startsWith('nobody-') || row.value.startsWith('192.0.2.'),
    );
    expect(rows).toHaveLength(16);
    for (const row of rows) expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    // As if an hour had passed: every window and lock is over.
    await api.pool.query(
      `UPDATE auth.sign_in_attempts SET window_started_at = window_started_at - interval '1 hour',
              locked_until = locked_until - interval '1 hour', expires_at = expires_at - interval '1 hour'`,
    );
    expect(await throttle.sweep()).toBeGreaterThanOrEqual(16);
    expect(await attemptRows()).toEqual([]);
  });

  it('records the right password for a deactivated account, but no more often than the lock allows', async () => {
    const user = await api.createUser('coordinator');
    expect((await api.request('POST', `/api/users/${user.id}/deactivate`)).status).toBe(200);
    const before = await settledLog(api.store);
    const statuses: number[] = [];
    for (let n = 0; n < 20; n += 1) statuses.push((await guess(user.email, TEST_PASSWORD, '198.51.100.200')).status);

    expect(statuses).toEqual([...Array<number>(3).fill(401), ...Array<number>(17).fill(429)]);
    expect(summary(await appendedSince(api.store, before))).toEqual([
      'UserSignInFailed deactivated',
      'UserSignInFailed deactivated',
      'UserSignInFailed deactivated',
      'UserSignInLockedOut account',
    ]);
  });

  it('reset requests from one address lock it once, recorded as one lockout', async () => {
    const before = await settledLog(api.store);
    const statuses: number[] = [];
    for (let n = 0; n < 30; n += 1) {
      const reply = await api.anonymous(
        'POST',
        '/api/login/password-reset-requests',
        { email: `nobody-${n}@example.org` },
        from('198.51.100.201'),
      );
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([...Array<number>(12).fill(202), ...Array<number>(18).fill(429)]);
    expect(summary(await appendedSince(api.store, before))).toEqual(['UserSignInLockedOut address']);
  });
});
