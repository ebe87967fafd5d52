import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';

/** A projection name as the projector registers it (lower case, digits and _). */
export const projectionNameSchema = z.string().max(63).regex(/^[a-z][a-z0-9_]{0,62}$/, 'Must be a projection name');

/**
 * An administrator chose to skip one event for one stalled projection (on the stream `projection-<name>`). The
 * projector moves that event to its dead-letter table, with the reason, and the projection resumes after it.
 */
export const ProjectionEventSkipped = defineEvent(
  'ProjectionEventSkipped',
  1,
  z.object({ projection: projectionNameSchema, eventId: z.uuid(), reason: eventText(1000).min(1) }),
);

export const projectionEventDefinitions = [ProjectionEventSkipped] as const;
export type ProjectionEvent = EventOf<typeof projectionEventDefinitions>;
