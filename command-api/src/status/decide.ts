import type { ProjectionEvent } from '@care/events';

export interface SkipProjectionEvent {
  readonly type: 'SkipProjectionEvent';
  readonly projection: string;
  readonly eventId: string;
  readonly reason: string;
}

/**
 * An administrator's decision to skip the event a projection stalled on. The command side cannot see the read
 * model (DESIGN.md), so it records the decision; the projector applies it only to a projection stalled on exactly
 * that event, and ignores it otherwise. Every skip stays on the record with who and why.
 */
export function decide(command: SkipProjectionEvent): ProjectionEvent[] {
  return [{ type: 'ProjectionEventSkipped', data: { projection: command.projection, eventId: command.eventId, reason: command.reason } }];
}
