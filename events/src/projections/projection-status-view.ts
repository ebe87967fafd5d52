import { z } from 'zod';
import { safeText } from '../fields';
import { projectionNameSchema } from './projection-events';

/** POST /api/status/projections/:name/skip: skip the event a stalled projection cannot apply. */
export const skipProjectionEventRequestSchema = z.object({
  eventId: z.uuid('Must be the id of the event the projection stalled on'),
  reason: safeText(1000).min(1, 'Reason is required'),
});
export type SkipProjectionEventRequest = z.infer<typeof skipProjectionEventRequestSchema>;

/** One row of GET /api/status/projections (admin only). */
export interface ProjectionStatusView {
  readonly name: string;
  /** The version the code declares, and the version of the tables being served (0: none yet). */
  readonly version: number;
  readonly servedVersion: number;
  readonly state: 'live' | 'rebuilding' | 'stalled';
  /** The checkpoint of the served tables, as a position token. */
  readonly checkpoint: string;
  /** Events and seconds behind the head of the log (null until first measured). */
  readonly lagEvents: number | null;
  readonly lagSeconds: number | null;
  readonly measuredAt: string | null;
  readonly rebuild: {
    readonly version: number;
    readonly checkpoint: string | null;
    readonly eventsDone: number;
    readonly percent: number | null;
    readonly startedAt: string | null;
  } | null;
  readonly stalled: {
    readonly eventId: string;
    readonly type: string;
    readonly position: string;
    readonly error: string;
    readonly at: string;
  } | null;
  readonly deadLetters: readonly {
    readonly eventId: string;
    readonly type: string;
    readonly reason: string;
    readonly skippedBy: string;
    readonly skippedAt: string;
  }[];
}

export { projectionNameSchema };
