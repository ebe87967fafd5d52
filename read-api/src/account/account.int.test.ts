import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_NOTIFICATION_CHOICES } from '@care/events';
import { requester, sessionCookieOf, TEST_PASSWORD, type TestUser } from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

/** /settings: a user's own name, password (other sessions end, this one carries on) and notification choices. */
let stack: ReadStack;
let lastPosition = '';

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'own_account');
});

afterAll(async () => {
  await stack?.stop();
});

const readAs = (cookie: string, path: string) =>
  requester(stack.readUrl, cookie)('GET', path, undefined, lastPosition ? { 'x-min-position': lastPosition } : {});

describe('own account settings', () => {
  it('changes their own name, which the shell then shows', async () => {
    const carer = await stack.command.createUser('carer', { firstName: 'Sam', lastName: 'Old' });
    const reply = await carer.request('PATCH', '/api/account/profile', { firstName: 'Samira', lastName: 'New' });
    expect(reply.status, reply.text).toBe(200);
    lastPosition = reply.body.position;
    expect((await readAs(carer.cookie, '/api/auth/user')).body).toMatchObject({
      id: carer.id,
      firstName: 'Samira',
      lastName: 'New',
      role: 'carer',
    });
    expect(
      (await carer.request('PATCH', '/api/account/profile', { firstName: ' ', lastName: 'New' })).body,
    ).toMatchObject({
      fields: { firstName: 'First name is required' },
    });
  });

  it('changes the password given the current one: other sessions end, this browser stays signed in with a new session', async () => {
    const user: TestUser = await stack.command.createUser('coordinator');
    const otherBrowser = await stack.command.signIn(user.email, TEST_PASSWORD);
    expect((await readAs(otherBrowser.cookie, '/api/auth/user')).status).toBe(200);

    const wrong = await user.request('POST', '/api/account/password', {
      currentPassword: 'not my password at all',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ fields: { currentPassword: 'Current password is incorrect' } });
    const tooShort = await user.request('POST', '/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(tooShort.body).toMatchObject({ fields: { newPassword: 'Password must be at least 12 characters' } });

    const changed = await user.request('POST', '/api/account/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.status, changed.text).toBe(200);
    const renewed = sessionCookieOf(changed);
    expect(renewed).not.toBe('');
    expect(renewed).not.toBe(user.cookie);
    // The other browser and the old cookie are signed out; the renewed cookie works on both services.
    expect((await readAs(otherBrowser.cookie, '/api/auth/user')).status).toBe(401);
    expect((await readAs(user.cookie, '/api/auth/user')).status).toBe(401);
    expect((await readAs(renewed, '/api/auth/user')).status).toBe(200);
    expect(
      (
        await requester(stack.command.baseUrl, renewed)(
          'PUT',
          '/api/account/notifications',
          DEFAULT_NOTIFICATION_CHOICES,
        )
      ).status,
    ).toBe(200);
    // The new password signs in; the old one no longer does.
    expect((await stack.command.signIn(user.email, 'a brand new passphrase')).reply.status).toBe(200);
    expect((await stack.command.signIn(user.email, TEST_PASSWORD)).reply.status).toBe(401);
  });

  it('keeps notification choices per person, all on until changed', async () => {
    const carer = await stack.command.createUser('carer');
    const other = await stack.command.createUser('carer');
    expect((await readAs(carer.cookie, '/api/account/notifications')).body).toEqual(DEFAULT_NOTIFICATION_CHOICES);
    const choices = { trainingExpiryEmails: false, appointmentReminders: true, maintenanceAlerts: false };
    const saved = await carer.request('PUT', '/api/account/notifications', choices);
    expect(saved.status, saved.text).toBe(200);
    lastPosition = saved.body.position;
    expect((await readAs(carer.cookie, '/api/account/notifications')).body).toEqual(choices);
    expect((await readAs(other.cookie, '/api/account/notifications')).body).toEqual(DEFAULT_NOTIFICATION_CHOICES);
    expect((await carer.request('PUT', '/api/account/notifications', { trainingExpiryEmails: 'yes' })).status).toBe(
      400,
    );
  });
});
