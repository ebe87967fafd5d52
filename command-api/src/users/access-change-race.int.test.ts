import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userStreamId, type EventStore, type RawRecordedEvent } from '@care/events';
import { startCommandApi, TEST_PASSWORD, type ApiReply, type RunningCommandApi, type TestUser } from '../../testing';

/**
 * A sign-in that read the account just before an administrator changed its access, and opens its session
 * just after: the race the old order (end sessions, then append) lost. The store wrapper holds the sign-in's
 * read of the account until the change has completed, so the race happens on every run, in the worst order.
 */
interface HeldRead {
  readonly streamId: string;
  /** Resolves once the held read has its (soon stale) result. */
  readonly reached: Promise<void>;
  release(): void;
}

let held: (HeldRead & { arrive(): void; released: Promise<void> }) | undefined;

function holdNextRead(streamId: string): HeldRead {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  held = { streamId, reached, arrive, release, released };
  return held;
}

const holdingReads = (store: EventStore): EventStore => ({
  append: (...args) => store.append(...args),
  readAll: (...args) => store.readAll(...args),
  subscribe: (...args) => store.subscribe(...args),
  identity: () => store.identity(),
  close: () => store.close(),
  async readStream(streamId): Promise<RawRecordedEvent[]> {
    const events = await store.readStream(streamId);
    const hold = held;
    if (hold?.streamId === streamId) {
      held = undefined;
      hold.arrive();
      await hold.released;
    }
    return events;
  },
});

let api: RunningCommandApi;

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'access_race', { wrapStore: holdingReads });
});
afterAll(async () => {
  await api?.close();
});

/** A coordinator may add carers: an empty body is refused on its fields (400) only while the session is honoured. */
const tryCarerWrite = (cookie: string): Promise<ApiReply> => api.anonymous('POST', '/api/carers', {}, { cookie });

/** Signs `user` in while `change` runs between the sign-in's read of the account and its new session. */
async function signInRacing(user: TestUser, change: () => Promise<ApiReply>): Promise<string> {
  const hold = holdNextRead(userStreamId(user.id));
  const signingIn = api.signIn(user.email, TEST_PASSWORD);
  await hold.reached;
  const changed = await change();
  expect(changed.status, changed.text).toBe(200);
  hold.release();
  const { reply, cookie } = await signingIn;
  // The sign-in read an active coordinator, so it answers as one: what matters is what its cookie can do.
  expect(reply.status, reply.text).toBe(200);
  expect(cookie).not.toBe('');
  return cookie;
}

describe('an access change racing a sign-in', () => {
  it('deactivation: the session opened from the stale read is refused from its first request', async () => {
    const user = await api.createUser('coordinator');
    expect((await tryCarerWrite(user.cookie)).status).toBe(400);

    const racing = await signInRacing(user, () => api.request('POST', `/api/users/${user.id}/deactivate`));

    expect((await tryCarerWrite(racing)).status).toBe(401);
    expect((await tryCarerWrite(user.cookie)).status).toBe(401);
    expect((await api.signIn(user.email, TEST_PASSWORD)).reply.status).toBe(401);
  });

  it('role change: the stale session does not keep the old role; a new sign-in carries the new one', async () => {
    const user = await api.createUser('coordinator');

    const racing = await signInRacing(user, () => api.request('PUT', `/api/users/${user.id}/role`, { role: 'carer' }));

    expect((await tryCarerWrite(racing)).status).toBe(401);
    const again = await api.signIn(user.email, TEST_PASSWORD);
    expect(again.reply.body.user.role).toBe('carer');
    expect((await tryCarerWrite(again.cookie)).status).toBe(403);
  });

  it('a profile edit in between voids nothing: only access changes do', async () => {
    const user = await api.createUser('coordinator');

    const racing = await signInRacing(user, () =>
      api.request('PATCH', `/api/users/${user.id}`, { lastName: 'Renamed' }),
    );

    expect((await tryCarerWrite(racing)).status).toBe(400);
    expect((await tryCarerWrite(user.cookie)).status).toBe(400);
  });
});
