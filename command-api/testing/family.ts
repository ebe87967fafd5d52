import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type pg from 'pg';

/**
 * What these helpers use of a running command API (RunningCommandApi in ./index, which re-exports this file: the
 * shape is spelt out here so the two files do not import each other).
 */
interface FamilyTestApi<U = unknown> {
  readonly pool: pg.Pool;
  readonly request: TestRequester;
  readonly anonymous: TestRequester;
  signIn(email: string, password: string): Promise<U & { readonly reply: TestReply }>;
}
interface TestReply {
  readonly status: number;
  readonly text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as ApiReply in ./index: tests reach into the body
  readonly body: any;
}
type TestRequester = (method: string, path: string, body?: unknown) => Promise<TestReply>;

/** The password an invited family member chooses in these tests. */
export const FAMILY_TEST_PASSWORD = 'family portal passphrase';

/** A client to tie family accounts to (as the first administrator). */
export async function addFamilyTestClient(api: FamilyTestApi): Promise<string> {
  const reply = await api.request('POST', '/api/clients', {
    clientId: `CL-${randomUUID().slice(0, 8)}`,
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

/** The one-time token of the newest invitation mailed to `email` (from the mail outbox's link). */
export async function invitationTokenFor(api: FamilyTestApi, email: string): Promise<string> {
  const { rows } = await api.pool.query<{ body: string }>(
    `SELECT body FROM mail.outbox WHERE kind = 'family-invitation' AND recipient = $1 ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const link = /https?:\/\/\S+/.exec(rows[0]?.body ?? '')?.[0];
  const token = link ? new URL(link).searchParams.get('invitation') : null;
  expect(token, `no invitation mailed to ${email}`).toBeTruthy();
  return token!;
}

/**
 * A signed-in family account with active access to `clientId` (a new client when none is given): invited by the
 * first administrator as a relative with recorded consent, the link accepted, then signed in.
 */
export async function createFamilyUser<U>(
  api: FamilyTestApi<U>,
  { clientId, email, shareMedications = false }: { clientId?: string; email?: string; shareMedications?: boolean } = {},
): Promise<U & { readonly accessId: string; readonly clientId: string }> {
  const client = clientId ?? (await addFamilyTestClient(api));
  const address = email ?? `family-${randomUUID().slice(0, 8)}@example.org`;
  const invited = await api.request('POST', `/api/clients/${client}/family`, {
    email: address,
    name: 'Paula Green',
    relationship: 'relative',
    consentRecordedBy: 'Ada Admin',
    consentRecordedAt: '2026-01-05T10:00:00Z',
    shareMedications,
  });
  expect(invited.status, invited.text).toBe(201);
  const accepted = await api.anonymous('POST', '/api/login/family-invitation', {
    token: await invitationTokenFor(api, address),
    password: FAMILY_TEST_PASSWORD,
  });
  expect(accepted.status, accepted.text).toBe(200);
  const user = await api.signIn(address, FAMILY_TEST_PASSWORD);
  expect(user.reply.status, user.reply.text).toBe(200);
  return { ...user, accessId: invited.body.id as string, clientId: client };
}
