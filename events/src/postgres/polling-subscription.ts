import type pg from 'pg';
import type { EventStore, SubscribeOptions, Subscription } from '../store/event-store';
import type { Position } from '../store/position';
import { EVENTS_NOTIFY_CHANNEL } from './event-store-schema';

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
  const listener = await pool.connect();
  const onNotification = () => {
    notified = true;
    wake?.();
  };
  listener.on('notification', onNotification);
  await listener.query(`listen ${EVENTS_NOTIFY_CHANNEL}`);

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
      listener.off('notification', onNotification);
      await listener.query(`unlisten ${EVENTS_NOTIFY_CHANNEL}`).catch(() => undefined);
      listener.release();
    },
  };
}
