import type { ProjectionEvent } from '@care/events';
import { DomainError } from '../shared/domain-error';

export interface SkipProjectionEvent {
  readonly type: 'SkipProjectionEvent';
  readonly projection: string;
  readonly eventId: string;
  readonly reason: string;
}

/** A projection's stream as the command side sees it: the event it is stopped at, if any. */
export interface ProjectionStreamState {
  readonly stalledOn: string | undefined;
}

export const initialProjectionStreamState: ProjectionStreamState = { stalledOn: undefined };

/** The projector records each stall and each retry after a restart; a skip of the stalled event ends the stall. */
export function evolve(state: ProjectionStreamState, event: ProjectionEvent): ProjectionStreamState {
  switch (event.type) {
    case 'ProjectionStalled':
      return { stalledOn: event.data.eventId };
    case 'ProjectionStallCleared':
      return { stalledOn: undefined };
    case 'ProjectionEventSkipped':
      return state.stalledOn === event.data.eventId ? { stalledOn: undefined } : state;
  }
}

export const NOT_THE_STALLED_EVENT = 'This projection is not stopped at that event: reload the status and try again';

/**
 * An administrator's decision to skip the event a projection stalled on. The command side cannot see the read
 * model, so it knows the stall from the projection's own stream, where the projector records it: a skip of any
 * other event (or of a projection that is running) is refused, since the projector would ignore it. Every skip
 * stays on the record with who and why.
 */
export function decide(state: ProjectionStreamState, command: SkipProjectionEvent): ProjectionEvent[] {
  if (state.stalledOn !== command.eventId) throw new DomainError('conflict', NOT_THE_STALLED_EVENT, 'eventId');
  return [
    {
      type: 'ProjectionEventSkipped',
      data: { projection: command.projection, eventId: command.eventId, reason: command.reason },
    },
  ];
}
