import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EVENTS_NOTIFY_CHANNEL, PostgresEventStore } from '@care/events/server';
import { projections, READ_MODEL_CHANGED_CHANNEL } from '@care/projector';
import { MAIL_NOTIFY_CHANNEL } from '@care/command-api';
import { requester, sessionCookieOf, settledLog, type ApiReply, type Requester } from '@care/command-api/testing';
import type { RunningProduct } from './product';
import { startTestProduct, type TestProduct } from './test-product';

/**
 * The product as `npm start` runs it (command API, rules, projector, read API and UI server as processes) while every
 * PostgreSQL backend they hold is terminated, as a database restart or a failover would: each service answers
 * again within 5 seconds, no process dies, and no event is lost or written twice.
 */
const RECOVERY_MS = 5_000;
const ROUNDS = 3;

let running: TestProduct;
let product: RunningProduct;
let crashed: string | undefined;
let admin: Requester;
let terminator: pg.Client;

beforeAll(async () => {
  running = await startTestProduct(inject('databaseUrl'), 'backends_terminated');
  product = running.product;
  void product.exited.then((reason) => (crashed = reason));
  const signIn = await requester(product.url, undefined)('POST', '/api/login', running.admin);
  expect(signIn.status, signIn.text).toBe(200);
  admin = requester(product.url, sessionCookieOf(signIn));
  terminator = new pg.Client({ connectionString: running.database.url });
  await terminator.connect();
}, 180_000);

afterAll(async () => {
  await terminator?.end();
  await running?.stop();
});

/** Terminates every other backend connected to the product's database; returns how many there were. */
async function terminateBackends(): Promise<number> {
  const { rows } = await terminator.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const pids = rows.map((row) => row.pid);
  await terminator.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  return pids.length;
}

/** The backends waiting on LISTEN: the read API's checkpoint watcher, the projector's and the rules process's subscriptions. */
async function listeningChannels(): Promise<string[]> {
  const { rows } = await terminator.query<{ query: string }>(
    `select query from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and state = 'idle' and query ilike 'listen %'`,
  );
  // Sorted once lower-cased: services write LISTEN in either case.
  return rows.map((row) => row.query.toLowerCase()).sort();
}

/** Retries `attempt` until `done` holds or the recovery time since `since` has passed; returns the last reply. */
async function within(
  since: number,
  attempt: () => Promise<ApiReply>,
  done: (reply: ApiReply) => boolean,
): Promise<ApiReply & { afterMs: number }> {
  for (;;) {
    const reply = await attempt().catch((error: unknown) => ({
      status: 0,
      headers: new Headers(),
      body: undefined,
      text: String(error),
    }));
    const afterMs = Date.now() - since;
    if (done(reply) || afterMs > RECOVERY_MS) return { ...reply, afterMs };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const carer = (round: number) => ({
  firstName: 'Round',
  lastName: `Number${round}`,
  email: `round${round}@example.org`,
  employeeId: `KILL-${round}`,
  startDate: '2024-03-01',
});

describe('the product started on a new database', () => {
  it('is ready only when every projection serves its tables, so the first session check answers at once', async () => {
    const { rows } = await terminator.query<{ name: string }>(
      'select name from read_model.projection_status where version > 0',
    );
    expect(rows.map((row) => row.name).sort()).toEqual(projections.map((projection) => projection.name).sort());
    const user = await admin('GET', '/api/auth/user');
    expect(user.status, user.text).toBe(200);
  });
});

describe('every PostgreSQL backend of the running product terminated', () => {
  it('each service answers again within 5 s, nothing is lost or doubled, no process dies', async () => {
    // The projector listens once its first catch-up (every projection built from nothing) is done; the rules
    // process follows the log too, and listens for new mail to deliver at once.
    await expect
      .poll(listeningChannels)
      .toEqual(
        [
          `listen ${EVENTS_NOTIFY_CHANNEL}`,
          `listen ${EVENTS_NOTIFY_CHANNEL}`,
          `listen ${MAIL_NOTIFY_CHANNEL}`,
          `listen ${READ_MODEL_CHANGED_CHANNEL}`,
        ].sort(),
      );
    const listenersBefore = await listeningChannels();

    for (let round = 1; round <= ROUNDS; round += 1) {
      // Idle pool connections too: make sure each service has some before they are cut.
      expect((await admin('GET', '/api/carers')).status).toBe(200);
      const killedAt = Date.now();
      expect(await terminateBackends()).toBeGreaterThan(0);

      // A command: the same employee ID on every retry, so a create that committed before its reply was lost
      // answers 409 on the retry instead of making a second carer.
      const created = await within(
        killedAt,
        () => admin('POST', '/api/carers', carer(round)),
        (reply) => reply.status === 201 || reply.status === 409,
      );
      expect([201, 409], `${created.text} after ${created.afterMs} ms`).toContain(created.status);

      // A read that waits for the projection to reach the new event (read your writes): the projector followed.
      const position = created.status === 201 ? String(created.body.position) : undefined;
      const read = await within(
        killedAt,
        () => admin('GET', '/api/carers', undefined, position ? { 'x-min-position': position } : {}),
        (reply) => reply.status === 200 && JSON.stringify(reply.body).includes(`KILL-${round}`),
      );
      expect(read.status, `${read.text} after ${read.afterMs} ms`).toBe(200);
      expect(JSON.stringify(read.body)).toContain(`KILL-${round}`);

      // The LISTEN connections came back (live push and prompt projection depend on them).
      const listening = await within(
        killedAt,
        async () => ({ status: 200, headers: new Headers(), body: await listeningChannels(), text: '' }),
        (reply) => (reply.body as string[]).length >= listenersBefore.length,
      );
      expect(listening.body).toEqual(listenersBefore);
    }

    const store = await PostgresEventStore.connect(running.database.url);
    try {
      const registered = (await settledLog(store)).filter((event) => event.type === 'CarerRegistered');
      const employeeIds = registered.map((event) => (event.data as { employeeId: string }).employeeId).sort();
      expect(employeeIds).toEqual(Array.from({ length: ROUNDS }, (_, index) => `KILL-${index + 1}`));
    } finally {
      await store.close();
    }
    const carers = await admin('GET', '/api/carers');
    expect(carers.status).toBe(200);
    expect((carers.body as { employeeId: string }[]).map((row) => row.employeeId).sort()).toEqual([
      'KILL-1',
      'KILL-2',
      'KILL-3',
    ]);
    expect(crashed).toBeUndefined();
  }, 120_000);
});
