import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { familyAccessListSchema } from '@care/events';
import {
  addFamilyTestClient,
  appendedSince,
  createFamilyUser,
  FAMILY_TEST_PASSWORD,
  invitationTokenFor,
  requester,
  settledLog,
  type RunningCommandApi,
  type TestUser,
} from '@care/command-api/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

let stack: ReadStack | undefined;
let command: RunningCommandApi;
let readUrl: string;
let coordinator: TestUser;
let carer: TestUser;
let auditor: TestUser;
let clientId: string;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'family_accounts', { command: { silent: true } });
  ({ command, readUrl } = stack);
  coordinator = await command.createUser('coordinator');
  carer = await command.createUser('carer');
  auditor = await command.createUser('auditor');
  clientId = await addFamilyTestClient(command);
});

afterAll(async () => {
  await stack?.stop();
});

let lastPosition = '';
const read = (user: TestUser, path: string) =>
  requester(readUrl, user.cookie)('GET', path, undefined, lastPosition ? { 'X-Min-Position': lastPosition } : {});
const relative = (email: string) => ({
  email,
  name: 'Paula Green',
  relationship: 'relative',
  consentRecordedBy: 'Cora Coordinator',
  consentRecordedAt: '2026-11-01T10:00:00Z',
  shareMedications: true,
});

describe('family accounts', () => {
  it('invites by mail, and the link sets the password that signs the family member in, once', async () => {
    const email = 'paula.green@example.org';
    const invited = await coordinator.request('POST', `/api/clients/${clientId}/family`, relative(email));
    expect(invited.status, invited.text).toBe(201);
    lastPosition = invited.body.position;
    // Before accepting there is no password: the account cannot sign in.
    expect((await command.signIn(email, FAMILY_TEST_PASSWORD)).reply.status).toBe(401);

    const { rows } = await command.pool.query<{ body: string; subject: string }>(
      "SELECT body, subject FROM mail.outbox WHERE kind = 'family-invitation' AND recipient = $1",
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toContain(`${command.publicUrl}/landing?invitation=`);
    expect(rows[0]!.body).toContain('7 days');
    const token = await invitationTokenFor(command, email);
    const check = await command.anonymous('POST', '/api/login/family-invitation/check', { token });
    expect(check.body).toEqual({ choosePassword: true });

    const accepted = await command.anonymous('POST', '/api/login/family-invitation', {
      token,
      password: FAMILY_TEST_PASSWORD,
    });
    expect(accepted.status, accepted.text).toBe(200);
    // A spent link no longer checks out, and says so on the token.
    const spentCheck = await command.anonymous('POST', '/api/login/family-invitation/check', { token });
    expect(spentCheck.status).toBe(400);
    expect(spentCheck.body.fields).toHaveProperty('token');
    const again = await command.anonymous('POST', '/api/login/family-invitation', {
      token,
      password: 'another long password',
    });
    expect(again.status).toBe(400);
    expect(again.body.fields).toHaveProperty('token');

    const family = await command.signIn(email, FAMILY_TEST_PASSWORD);
    expect(family.reply.status, family.reply.text).toBe(200);
    expect(family.reply.body.user.role).toBe('family');

    // The acceptance answers no log position to wait for: the list shows it once the projector has it.
    const familyList = async () => {
      const list = await read(coordinator, `/api/clients/${clientId}/family`);
      expect(list.status, list.text).toBe(200);
      expect(list.headers.get('x-total-count')).toBe('1');
      return familyAccessListSchema.parse(list.body);
    };
    await expect.poll(async () => (await familyList())[0]?.status).toBe('active');
    const [row] = await familyList();
    expect(row).toMatchObject({ email, status: 'active', relationship: 'relative', shareMedications: true });
    expect(row!.invitedBy).toBe(coordinator.id);
  });

  it('refuses the family member every staff route and every command (403, nothing appended)', async () => {
    const family = await createFamilyUser(command, { clientId });
    const before = await settledLog(command.store);
    for (const path of [
      '/api/clients',
      `/api/clients/${clientId}`,
      '/api/carers',
      '/api/appointments',
      `/api/clients/${clientId}/family`,
      '/api/users',
    ]) {
      expect((await read(family, path)).status, path).toBe(403);
    }
    const writes: [string, string][] = [
      ['POST', '/api/clients'],
      ['POST', `/api/clients/${clientId}/family`],
      ['POST', `/api/family-access/${family.accessId}/withdraw`],
      ['POST', '/api/diary'],
    ];
    for (const [method, path] of writes) {
      expect((await family.request(method, path, {})).status, path).toBe(403);
    }
    expect(await appendedSince(command.store, before)).toEqual([]);
  });

  it('lets a coordinator invite; refuses a carer and an auditor (403) with nothing appended', async () => {
    const before = await settledLog(command.store);
    for (const user of [carer, auditor]) {
      const reply = await user.request('POST', `/api/clients/${clientId}/family`, relative('someone@example.org'));
      expect(reply.status).toBe(403);
    }
    expect(await appendedSince(command.store, before)).toEqual([]);
    expect((await read(auditor, `/api/clients/${clientId}/family`)).status).toBe(200);
    expect((await read(carer, `/api/clients/${clientId}/family`)).status).toBe(403);
  });

  it("refuses a relative without the client's consent (400 naming the field) and a staff email (409), appending nothing", async () => {
    const before = await settledLog(command.store);
    const { consentRecordedBy: _by, ...withoutConsent } = relative('no.consent@example.org');
    const noConsent = await coordinator.request('POST', `/api/clients/${clientId}/family`, withoutConsent);
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.fields.consentRecordedBy).toMatch(/consent/);
    const attorney = await coordinator.request('POST', `/api/clients/${clientId}/family`, {
      email: 'attorney@example.org',
      name: 'Sam Attorney',
      relationship: 'attorney',
    });
    expect(attorney.status).toBe(400);
    expect(attorney.body.fields).toHaveProperty('attorneyReference');
    const staff = await coordinator.request('POST', `/api/clients/${clientId}/family`, relative(carer.email));
    expect(staff.status, staff.text).toBe(409);
    expect(staff.body.fields).toHaveProperty('email');
    const unknownClient = await coordinator.request(
      'POST',
      '/api/clients/0190a5b2-7c3d-7e4f-8a1b-00000000dead/family',
      relative('x@example.org'),
    );
    expect(unknownClient.status).toBe(404);
    expect(await appendedSince(command.store, before)).toEqual([]);
  });

  it('ties one account to a second client without a new password or a lost session; withdrawing one access keeps the account in', async () => {
    const family = await createFamilyUser(command, { clientId });
    const secondClient = await addFamilyTestClient(command);
    const second = await coordinator.request('POST', `/api/clients/${secondClient}/family`, relative(family.email));
    expect(second.status, second.text).toBe(201);
    const twice = await coordinator.request('POST', `/api/clients/${secondClient}/family`, relative(family.email));
    expect(twice.status).toBe(409);
    const { rows: mails } = await command.pool.query<{ body: string }>(
      `SELECT body FROM mail.outbox WHERE kind = 'family-invitation' AND recipient = $1 ORDER BY created_at DESC LIMIT 1`,
      [family.email],
    );
    expect(mails[0]?.body).toContain('You keep your password: sign in as usual afterwards.');
    const token = await invitationTokenFor(command, family.email);
    const check = await command.anonymous('POST', '/api/login/family-invitation/check', { token });
    expect(check.status, check.text).toBe(200);
    expect(check.body).toEqual({ choosePassword: false });
    // Accepted with no password: the one they sign in with stays, and so does the session they have open.
    const accepted = await command.anonymous('POST', '/api/login/family-invitation', { token });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.message).toContain('your usual password');
    expect((await read(family, '/api/auth/user')).status).toBe(200);
    await vi.waitFor(
      async () => {
        const listed = ((await read(family, '/api/family/clients')).body as { id: string }[]).map((row) => row.id);
        expect(listed).toEqual(expect.arrayContaining([clientId, secondClient]));
      },
      { timeout: 10_000, interval: 50 },
    );
    const session = await command.signIn(family.email, FAMILY_TEST_PASSWORD);
    const withdrawn = await coordinator.request('POST', `/api/family-access/${family.accessId}/withdraw`, {
      reason: 'The client asked',
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    // Still active for the second client: the session lives on.
    expect((await read(session, '/api/auth/user')).status).toBe(200);
    expect((await command.signIn(family.email, FAMILY_TEST_PASSWORD)).reply.status).toBe(200);
  });

  it('withdrawing the last access ends the session at once and refuses sign-in; inviting again works', async () => {
    const family = await createFamilyUser(command, { clientId: await addFamilyTestClient(command) });
    expect((await read(family, '/api/auth/user')).status).toBe(200);
    const withdrawn = await coordinator.request('POST', `/api/family-access/${family.accessId}/withdraw`, {
      reason: 'Consent withdrawn',
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    lastPosition = withdrawn.body.position;
    expect((await read(family, '/api/auth/user')).status).toBe(401);
    expect((await family.request('POST', '/api/logout')).status).toBeLessThan(500);
    expect((await command.signIn(family.email, FAMILY_TEST_PASSWORD)).reply.status).toBe(401);

    const list = familyAccessListSchema.parse((await read(coordinator, `/api/clients/${family.clientId}/family`)).body);
    expect(list[0]).toMatchObject({ status: 'withdrawn', withdrawnReason: 'Consent withdrawn' });

    const reinvited = await coordinator.request(
      'POST',
      `/api/clients/${family.clientId}/family`,
      relative(family.email),
    );
    expect(reinvited.status, reinvited.text).toBe(201);
    // Switched off by the withdrawal, the account chooses a password again: without one the link is not spent.
    const token = await invitationTokenFor(command, family.email);
    expect((await command.anonymous('POST', '/api/login/family-invitation/check', { token })).body).toEqual({
      choosePassword: true,
    });
    const withoutPassword = await command.anonymous('POST', '/api/login/family-invitation', { token });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body.fields).toEqual({ password: 'Choose a password' });
    const accepted = await command.anonymous('POST', '/api/login/family-invitation', {
      token: await invitationTokenFor(command, family.email),
      password: 'a brand new family passphrase',
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect((await command.signIn(family.email, 'a brand new family passphrase')).reply.status).toBe(200);
  });
});
