import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, newEvent, type TestDatabase } from '../testing';
import { AppendAnnouncer } from './append-announcer';
import { EVENTS_NOTIFY_CHANNEL } from './event-store-schema';
import { PostgresEventStore } from './postgres-event-store';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'append_notification');
});
afterAll(async () => database?.drop());

/**
 * Counts the wake-ups subscribers would get, on a connection of its own. A notification whose payload is 'marker'
 * is the test's own: it is counted apart, as the point up to which every earlier notification has arrived.
 */
async function listenForAppends(): Promise<{ count(): number; markers(): number; stop(): Promise<void> }> {
  const listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  let received = 0;
  let markers = 0;
  listener.on('notification', ({ payload }) => {
    if (payload === 'marker') markers += 1;
    else received += 1;
  });
  await listener.query(`listen ${EVENTS_NOTIFY_CHANNEL}`);
  return { count: () => received, markers: () => markers, stop: () => listener.end() };
}

describe('PostgreSQL append when the wake-up notification fails', () => {
  it('answers the committed append with success, stores it once and logs the failure', async () => {
    // A pg_notify that always fails, found before the built-in one on this pool's connections.
    const pool = new pg.Pool({ connectionString: database.url, options: '-c search_path=public,pg_catalog' });
    await pool.query(
      `create function public.pg_notify(text, text) returns void language plpgsql
       as $$ begin raise exception 'notify refused'; end $$`,
    );
    const warnings: { err: unknown; message: string }[] = [];
    const store = await PostgresEventStore.connect(pool, {
      log: { warn: ({ err }, message) => warnings.push({ err, message }) },
    });
    try {
      const event = newEvent('Saved', { n: 1 });
      // 'any': a client told 503 would retry, and the retry would append the event a second time.
      const result = await store.append('notify-fails', [event], 'any');

      expect(result.nextExpectedRevision).toBe(0n);
      expect((await store.readStream('notify-fails')).map((e) => e.eventId)).toEqual([event.eventId]);
      await expect.poll(() => warnings.map((w) => (w.err as Error).message)).toEqual(['notify refused']);
      expect(warnings[0]!.message).toMatch(/next poll/);
    } finally {
      await store.close();
      await pool.query('drop function public.pg_notify(text, text)');
      await pool.end();
    }
  });
});

describe('AppendAnnouncer', () => {
  it('announces the first append at once and folds later ones into one notification, sent on close at the latest', async () => {
    const listener = await listenForAppends();
    // One connection: the announcer's statements and the test's marker run in the order they were asked for, and
    // PostgreSQL delivers notifications in the order their transactions committed. Once the marker has arrived,
    // any notification the announcer sent before it has arrived too.
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const marker = async () => {
      const seen = listener.markers();
      await pool.query(`select pg_notify('${EVENTS_NOTIFY_CHANNEL}', 'marker')`);
      await expect.poll(() => listener.markers()).toBe(seen + 1);
    };
    // A long interval, so the test decides when the second notification goes: on close.
    const announcer = new AppendAnnouncer(pool, { warn: () => undefined }, 60_000);
    try {
      announcer.announce();
      await expect.poll(() => listener.count()).toBe(1);
      announcer.announce();
      announcer.announce();
      announcer.announce();
      await marker();
      expect(listener.count()).toBe(1);

      await announcer.close();
      await expect.poll(() => listener.count()).toBe(2);
      announcer.announce();
      await marker();
      expect(listener.count()).toBe(2);
    } finally {
      await announcer.close();
      await pool.end();
      await listener.stop();
    }
  });
});
