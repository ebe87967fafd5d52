import { comparePositions, type Position } from '../store/position';

/**
 * The next batch from a subscription: the event in hand and as many of those already received as fit, never
 * waiting for more. `takeReceived` hands over one received event, or null when none is waiting.
 */
export function takeBatch<T>(first: T, takeReceived: () => T | null, maxBatchSize: number): T[] {
  const batch = [first];
  while (batch.length < maxBatchSize) {
    const next = takeReceived();
    if (next === null) break;
    batch.push(next);
  }
  return batch;
}

/**
 * Which events of a batch to hand over after `after`: none at or before it (a resubscription starts with the event
 * it was given, which was already handed over), and only those `deliverable` says (the application's own). From
 * 'start' (no event seen yet) nothing is skipped: the log's first event sits at position 0.
 */
export function planDelivery<T extends { readonly position: Position }>(
  batch: readonly T[],
  after: Position | 'start',
  deliverable: (event: T) => boolean,
): { deliver: T[]; after: Position | 'start' } {
  let position = after;
  const deliver: T[] = [];
  for (const event of batch) {
    if (position !== 'start' && comparePositions(event.position, position) <= 0) continue;
    position = event.position;
    if (deliverable(event)) deliver.push(event);
  }
  return { deliver, after: position };
}
