import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';

/** A projection name as the projector registers it (lower case, digits and _). */
export const projectionNameSchema = z
  .string()
  .max(63)
  .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Must be a projection name');

/**
 * The name of every projection the projector runs. The command side checks a skip against this list, since it must
 * not load the projector to learn it; a projector test keeps the two lists equal.
 */
export const PROJECTION_NAMES = [
  'carers',
  'users',
  'access_log',
  'clients',
  'training',
  'leave',
  'working_patterns',
  'diary',
  'settings',
  'voice_notes',
  'feedback',
  'appointments',
  'shifts',
  'alerts',
  'alert_rule_switches',
  'tasks',
  'incidents',
  'reports',
  'report_schedules',
  'audit',
  'care_plans',
  'medications',
  'finance',
  'finance_contracts',
  'payroll',
  'bank_holidays',
  'family_access',
  'family_concerns',
] as const;
export type ProjectionName = (typeof PROJECTION_NAMES)[number];

/**
 * An administrator chose to skip one event for one stalled projection (on the stream `projection-<name>`). The
 * projector moves that event to its dead-letter table, with the reason, and the projection resumes after it.
 */
export const ProjectionEventSkipped = defineEvent(
  'ProjectionEventSkipped',
  1,
  z.object({ projection: projectionNameSchema, eventId: z.uuid(), reason: eventText(1000).min(1) }),
);

/**
 * The projector stopped one projection right before an event it cannot apply (on the stream `projection-<name>`).
 * The command side reads this stream to know which event an administrator may skip: the read model is out of its
 * reach. Recorded by the projector, once per stall.
 */
export const ProjectionStalled = defineEvent(
  'ProjectionStalled',
  1,
  z.object({ projection: projectionNameSchema, eventId: z.uuid(), eventType: eventText(200).min(1) }),
);

/**
 * The projector restarted and is trying a stalled projection again (after a fix, the event may now apply): the
 * stall is over until the projector records a new one.
 */
export const ProjectionStallCleared = defineEvent(
  'ProjectionStallCleared',
  1,
  z.object({ projection: projectionNameSchema, eventId: z.uuid() }),
);

export const projectionEventDefinitions = [ProjectionEventSkipped, ProjectionStalled, ProjectionStallCleared] as const;
export type ProjectionEvent = EventOf<typeof projectionEventDefinitions>;
