import { randomUUID } from 'node:crypto';
import { definitionOf, type EventStore, type ProjectionEvent } from '@care/events';
import type { Logger } from '@care/events/server';

/** Who the log names for what the projector itself records (no person asked for it). */
export const PROJECTOR_USER_ID = 'system';

/**
 * Records a stall, or the retry that ends it, on the projection's own stream, where the command side reads which
 * event an administrator may skip. The status row stays the projector's own account; if this append fails the
 * stall is only logged, and the next start (which retries the projection) records it again.
 */
export async function recordOnProjectionStream(
  store: EventStore,
  log: Logger,
  event: Extract<ProjectionEvent, { type: 'ProjectionStalled' | 'ProjectionStallCleared' }>,
): Promise<void> {
  const occurredAt = new Date().toISOString();
  const correlationId = randomUUID();
  try {
    await store.append(
      `projection-${event.data.projection}`,
      [
        {
          eventId: randomUUID(),
          type: event.type,
          schemaVersion: definitionOf(event.type).schemaVersion,
          data: definitionOf(event.type).schema.parse(event.data),
          metadata: { userId: PROJECTOR_USER_ID, occurredAt, correlationId, causationId: correlationId },
        },
      ],
      'any',
    );
  } catch (error) {
    log.error(
      { err: error, projection: event.data.projection, type: event.type },
      'could not record the projection’s stall on its stream',
    );
  }
}
