import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessStreamId, START_POSITION } from '@care/events';
import { appendedSince, settledLog, startCommandApi, TEST_PASSWORD, type RunningCommandApi } from '../../testing';

/**
 * Password-reset links: built only on PUBLIC_URL, shown only to the administrator who issues one, and
 * never written to a log or an event. The forged headers are what a caller can send straight to the
 * command API (which trusts X-Forwarded-Host from the UI server, its proxy).
 */
let api: RunningCommandApi;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'reset_links');
});
afterAll(async () => {
  await api?.close();
});

const FORGED = { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const logText = () => JSON.stringify(api.logLines);
const allEventsText = async () =>
  JSON.stringify(await api.store.readAll(START_POSITION, 1_000_000), (_key, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value,
  );
const resetRows = async (userId: string) =>
  (
    await api.pool.query<{ token_hash: string }>('SELECT token_hash FROM auth.password_resets WHERE user_id = $1', [
      userId,
    ])
  ).rows;

async function issueLink(userId: string, headers: Record<string, string> = {}) {
  const reply = await api.request('POST', `/api/users/${userId}/password-reset`, undefined, headers);
  expect(reply.status, reply.text).toBe(201);
  return { reply, link: new URL(reply.body.resetLink as string) };
}

describe('"Request new password" (self-service, no mail server yet)', () => {
  it('with a forged Origin and X-Forwarded-Host: 202, no link issued or logged, and the request recorded for the admin', async () => {
    const user = await api.createUser('coordinator');
    const before = await settledLog(api.store);
    const lines = api.logLines.length;

    const reply = await api.anonymous('POST', '/api/login/password-reset-requests', { email: user.email }, FORGED);

    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({
      message:
        'If that email belongs to an active account, your administrator can now see the request. Ask them for your reset link.',
    });
    const logged = JSON.stringify(api.logLines.slice(lines));
    expect(logged).not.toContain('evil.example/landing');
    expect(logged).not.toMatch(/reset=|resetLink/);
    expect(await resetRows(user.id)).toEqual([]);
    const appended = await appendedSince(api.store, before);
    expect(appended.map((event) => [event.streamId, event.type, event.data])).toEqual([
      [
        accessStreamId(user.id),
        'PasswordResetRequested',
        { userId: user.id, ipAddress: expect.any(String), userAgent: expect.any(String) },
      ],
    ]);
  });

  it('answers an unknown email the same and records nothing', async () => {
    const before = await settledLog(api.store);
    const reply = await api.anonymous('POST', '/api/login/password-reset-requests', {
      email: 'nobody-at-all@example.org',
    });
    expect(reply.status).toBe(202);
    expect(reply.body.message).toMatch(/^If that email belongs to an active account/);
    expect(await appendedSince(api.store, before)).toEqual([]);
  });
});

describe('an administrator issuing a reset link (User Management)', () => {
  it('builds the link on PUBLIC_URL, whatever Host or X-Forwarded-Host the request names', async () => {
    const user = await api.createUser('carer');
    const { reply, link } = await issueLink(user.id, FORGED);

    expect(link.origin).toBe(api.publicUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`${api.publicUrl}/landing`);
    expect(link.searchParams.get('reset')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.body).toEqual({
      message: 'Password reset link',
      resetLink: link.href,
      expiresAt: expect.any(String),
      validMinutes: 60,
      position: expect.stringMatching(/^\d+\.\d+$/),
    });
    const minutesLeft = (Date.parse(reply.body.expiresAt as string) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it('keeps the token out of the logs and the events, and stores only its hash', async () => {
    const user = await api.createUser('carer');
    const { link } = await issueLink(user.id);
    const token = link.searchParams.get('reset')!;

    expect(logText()).not.toContain(token);
    expect(await allEventsText()).not.toContain(token);
    expect(await resetRows(user.id)).toEqual([{ token_hash: sha256(token) }]);
    const issued = (await api.store.readStream(accessStreamId(user.id))).filter(
      (event) => event.type === 'PasswordResetIssued',
    );
    expect(issued.map((event) => event.data)).toEqual([
      { userId: user.id, requestedBy: 'admin', ipAddress: expect.any(String), userAgent: expect.any(String) },
    ]);
  });

  it('gives a link that works once, and a newer link replaces an older one', async () => {
    const user = await api.createUser('carer');
    const older = (await issueLink(user.id)).link.searchParams.get('reset')!;
    const newer = (await issueLink(user.id)).link.searchParams.get('reset')!;

    const stale = await api.anonymous('POST', '/api/login/password-reset', {
      token: older,
      password: 'a brand new passphrase',
    });
    expect([stale.status, stale.body.error]).toEqual([400, 'This reset link is invalid or has expired']);
    const used = await api.anonymous('POST', '/api/login/password-reset', {
      token: newer,
      password: 'a brand new passphrase',
    });
    expect(used.status).toBe(200);
    expect((await api.signIn(user.email, TEST_PASSWORD)).reply.status).toBe(401);
    expect((await api.signIn(user.email, 'a brand new passphrase')).reply.status).toBe(200);
    const again = await api.anonymous('POST', '/api/login/password-reset', {
      token: newer,
      password: 'another new passphrase',
    });
    expect(again.status).toBe(400);
  });

  it('refuses a link once its hour has passed, keeps the old password and appends nothing', async () => {
    const user = await api.createUser('carer');
    const token = (await issueLink(user.id)).link.searchParams.get('reset')!;
    // The hour passing: the stored expiry moved a second into the past (the server's clock decides, not ours).
    await api.pool.query(
      `UPDATE auth.password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    const before = await settledLog(api.store);

    const expired = await api.anonymous('POST', '/api/login/password-reset', {
      token,
      password: 'a brand new passphrase',
    });

    expect([expired.status, expired.body.error]).toEqual([400, 'This reset link is invalid or has expired']);
    expect(await appendedSince(api.store, before)).toEqual([]);
    expect((await api.signIn(user.email, 'a brand new passphrase')).reply.status).toBe(401);
    expect((await api.signIn(user.email, TEST_PASSWORD)).reply.status).toBe(200);
  });

  it('refuses a deactivated account (no link) and a user who is not an administrator', async () => {
    const user = await api.createUser('carer');
    const coordinator = await api.createUser('coordinator');
    expect((await coordinator.request('POST', `/api/users/${user.id}/password-reset`)).status).toBe(403);
    expect((await api.request('POST', `/api/users/${user.id}/deactivate`)).status).toBe(200);
    const reply = await api.request('POST', `/api/users/${user.id}/password-reset`);
    expect([reply.status, reply.body]).toEqual([404, { error: 'User not found' }]);
    expect(await resetRows(user.id)).toEqual([]);
  });
});

describe('the logs', () => {
  it('never hold a password, a reset token, a session cookie or its key, through a whole account life', async () => {
    const firstPassword = 'first password of Nadia 81';
    const newPassword = 'second password of Nadia 92';
    const user = await api.createUser('coordinator', { password: firstPassword });
    const wrong = await api.anonymous('POST', '/api/login', {
      email: user.email,
      password: 'wrong password of Nadia 73',
    });
    expect(wrong.status).toBe(401);
    expect((await api.anonymous('POST', '/api/login/password-reset-requests', { email: user.email })).status).toBe(202);
    const token = (await issueLink(user.id)).link.searchParams.get('reset')!;
    expect((await api.anonymous('POST', '/api/login/password-reset', { token, password: newPassword })).status).toBe(
      200,
    );
    const signedIn = await api.signIn(user.email, newPassword);
    expect(signedIn.reply.status).toBe(200);
    expect((await signedIn.request('POST', '/api/logout')).status).toBe(204);

    const cookieTokens = [user.cookie, signedIn.cookie].map((cookie) => cookie.split('=')[1]!);
    const secrets = [
      firstPassword,
      newPassword,
      'wrong password of Nadia 73',
      TEST_PASSWORD,
      token,
      sha256(token),
      ...cookieTokens,
      ...cookieTokens.map(sha256),
    ];
    const logged = logText();
    expect(api.logLines.filter((line) => line.msg === 'request').length).toBeGreaterThan(5);
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });
});
