import type pg from 'pg';
import type { EventStore, SubscribeOptions, Subscription } from '../store/event-store';
import type { Position } from '../store/position';
import { EVENTS_NOTIFY_CHANNEL } from './event-store-schema';
import { retryOnPool, watchHeldClient } from '../server/create-pool';

/** A fallback poll catches events held back by a long transaction, and any missed notification. */
const POLL_INTERVAL_MS = 250;

/**
 * Reads the global log from a position, wakes on NOTIFY (sent after appends commit, a few
 * coalesced into one: append-announcer.ts) and polls as a fallback. Batches are delivered one at a time, in order.
 */
export async function pollingSubscription(
  pool: pg.Pool,
  store: Pick<EventStore, 'readAll'>,
  { after, onBatch, onError, maxBatchSize = 1000 }: SubscribeOptions,
): Promise<Subscription> {
  let position: Position = after;
  let stopped = false;
  let wake: (() => void) | undefined;
  // A notification that lands while a batch is being handled must not wait for the next poll.
  let notified = false;
  const onNotification = () => {
    notified = true;
    wake?.();
  };
  // The LISTEN connection: when it is lost, the poll goes on alone while another is opened (events are never
  // missed: the poll reads from the position, a notification only wakes it sooner).
  let listener: pg.PoolClient | undefined;
  let unwatch: (() => void) | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  const listen = async (): Promise<void> => {
    const client = await pool.connect();
    if (stopped) return client.release(); // stopped while a reconnect was under way
    // The pool's own handler has logged the broken connection.
    unwatch = watchHeldClient(client, () => {
      listener = undefined;
      unwatch = undefined;
      if (!stopped) relisten();
    });
    client.on('notification', onNotification);
    listener = client;
    await client.query(`listen ${EVENTS_NOTIFY_CHANNEL}`);
  };
  const relisten = () => {
    clearTimeout(retryTimer);
    retryTimer = retryOnPool(pool, POLL_INTERVAL_MS, () => {
      if (stopped || listener) return;
      listen()
        .then(onNotification) // read whatever was appended while nothing listened
        .catch(() => (listener ? undefined : relisten()));
    });
  };
  await listen();

  const loop = (async () => {
    while (!stopped) {
      try {
        const batch = await store.readAll(position, maxBatchSize);
        if (batch.length > 0) {
          await onBatch(batch);
          position = batch[batch.length - 1]!.position;
          if (batch.length === maxBatchSize) continue;
        }
      } catch (error) {
        if (stopped) break;
        onError?.(error);
      }
      if (stopped) break;
      if (notified) {
        notified = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_INTERVAL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      notified = false;
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      clearTimeout(retryTimer);
      const client = listener;
      listener = undefined;
      unwatch?.();
      if (client) {
        client.off('notification', onNotification);
        await client.query(`unlisten ${EVENTS_NOTIFY_CHANNEL}`).catch(() => undefined);
        client.release();
      }
    },
  };
}
