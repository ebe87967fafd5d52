import {
  carerLeaveStreamId,
  WrongExpectedRevisionError,
  type CarerLeaveEvent,
  type EventStore,
  type LeavePeriod,
  type Position,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import {
  decideCarerLeaveBooking,
  decideCarerLeaveRelease,
  evolveCarerLeave,
  initialCarerLeaveState,
  leaveDuring,
  type CarerLeaveState,
  type HeldLeave,
} from './carer-leave';

/** Appends lost to a concurrent change of the same carer's leave are retried on the fresh stream this often. */
const MAX_ATTEMPTS = 10;

/**
 * A carer's approved leave, in one stream per carer (carer-leave-<carerId>): an approval holds its days there, a
 * cancellation gives them back, and a visit assignment reads it to refuse a carer who is away.
 */
export class CarerLeaveStream {
  constructor(private readonly store: EventStore) {}

  /** The carer's approved leave that shares a moment with the span (a visit's planned start and end). */
  async during(carerId: string, span: { start: string; end: string }): Promise<HeldLeave[]> {
    return leaveDuring((await this.load(carerId)).state, span);
  }

  book(carerId: string, leaveId: string, period: LeavePeriod, context: CommandContext) {
    return this.change(carerId, context, (state) => decideCarerLeaveBooking(state, carerId, leaveId, period));
  }

  release(carerId: string, leaveId: string, context: CommandContext) {
    return this.change(carerId, context, (state) => decideCarerLeaveRelease(state, carerId, leaveId));
  }

  private load(carerId: string) {
    return loadStream<CarerLeaveEvent, CarerLeaveState>(
      this.store,
      carerLeaveStreamId(carerId),
      evolveCarerLeave,
      initialCarerLeaveState,
    );
  }

  /** Load, decide, append with the expected revision; a lost race is decided again on the fresh stream. */
  private async change(
    carerId: string,
    context: CommandContext,
    decideChange: (state: CarerLeaveState) => CarerLeaveEvent[],
  ): Promise<Position | undefined> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const loaded = await this.load(carerId);
      const events = decideChange(loaded.state);
      if (events.length === 0) return undefined;
      try {
        return (await appendEvents(this.store, carerLeaveStreamId(carerId), events, loaded.revision, context)).position;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new DomainError('conflict', "The carer's leave is changing right now. Please try again.");
  }
}
