import { WrongExpectedRevisionError, type DomainEvent, type EventStore, type Position } from '@care/events';
import type { CommandContext } from './actor';
import { DomainError } from './domain-error';
import { appendEvents, loadStream } from './event-stream';

/**
 * A value unique across streams (a carer's employee ID, a user's email): one reservation stream per normalised value,
 * whose first event is appended with expected "no stream", so of two racing writers exactly one wins
 * (docs/decisions/0004-uniqueness-through-reservation-streams.md).
 */
export interface ReservationState {
  readonly holder: string | null;
}

export const initialReservationState: ReservationState = { holder: null };

export interface ReservationKind<TEvent extends DomainEvent> {
  readonly streamId: (value: string) => string;
  /** Whether the event takes the value (else it gives it up), and for whom. */
  readonly reserves: (event: TEvent) => boolean;
  readonly ownerOf: (event: TEvent) => string;
  readonly reserved: (value: string, ownerId: string) => TEvent;
  readonly released: (value: string, ownerId: string) => TEvent;
  /** The refusal when someone else holds the value, and the request field it is about. */
  readonly taken: { readonly message: string; readonly field: string };
}

/** The holder after an event: a reservation names the new holder; a release by the holder frees it. */
export function evolveReservation<TEvent extends DomainEvent>(
  kind: ReservationKind<TEvent>,
  state: ReservationState,
  event: TEvent,
): ReservationState {
  if (kind.reserves(event)) return { holder: kind.ownerOf(event) };
  return state.holder === kind.ownerOf(event) ? { holder: null } : state;
}

export function decideReserve<TEvent extends DomainEvent>(
  kind: ReservationKind<TEvent>,
  state: ReservationState,
  value: string,
  ownerId: string,
): TEvent[] {
  if (state.holder === ownerId) return [];
  if (state.holder !== null) throw new DomainError('conflict', kind.taken.message, kind.taken.field);
  return [kind.reserved(value, ownerId)];
}

export function decideRelease<TEvent extends DomainEvent>(
  kind: ReservationKind<TEvent>,
  state: ReservationState,
  value: string,
  ownerId: string,
): TEvent[] {
  return state.holder === ownerId ? [kind.released(value, ownerId)] : [];
}

/** Runs reserve and release against the store, retrying a lost race once the winner is visible. */
export class Reservations<TEvent extends DomainEvent> {
  constructor(
    private readonly store: EventStore,
    private readonly kind: ReservationKind<TEvent>,
  ) {}

  reserve(value: string, ownerId: string, context: CommandContext): Promise<Position | undefined> {
    return this.change(value, context, (state) => decideReserve(this.kind, state, value, ownerId), true);
  }

  release(value: string, ownerId: string, context: CommandContext): Promise<Position | undefined> {
    return this.change(value, context, (state) => decideRelease(this.kind, state, value, ownerId), false);
  }

  /** Whether two spellings share one reservation (a change of case keeps the same stream). */
  sameReservation(a: string, b: string): boolean {
    return this.kind.streamId(a) === this.kind.streamId(b);
  }

  private async change(
    value: string,
    context: CommandContext,
    decideChange: (state: ReservationState) => TEvent[],
    refuseOnRace: boolean,
  ): Promise<Position | undefined> {
    const streamId = this.kind.streamId(value);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const evolve = (state: ReservationState, event: TEvent) => evolveReservation(this.kind, state, event);
      const loaded = await loadStream(this.store, streamId, evolve, initialReservationState);
      const events = decideChange(loaded.state);
      if (events.length === 0) return undefined;
      try {
        return (await appendEvents(this.store, streamId, events, loaded.revision, context)).position;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    if (refuseOnRace) throw new DomainError('conflict', this.kind.taken.message, this.kind.taken.field);
    throw new Error(`Could not release ${streamId} after 3 attempts`);
  }
}
