import { v7 as uuidv7 } from 'uuid';
import {
  carerStreamId,
  definedOnly,
  shiftStreamId,
  WrongExpectedRevisionError,
  type CarerEvent,
  type ChangeShiftCommandInput,
  type EventStore,
  type PlanShiftCommandInput,
  type ShiftEvent,
  type ShiftPlan,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream } from '../shared/event-stream';
import { latestPosition } from '../shared/latest-position';
import { daysTouched } from '../appointments/carer-bookings';
import { evolve as evolveCarer, initialCarerState, type CarerState } from '../carers/carer-state';
import type { CarerStanding } from './shift-commands';
import { evolve, initialShiftState, type ShiftState } from './shift-state';
import { decide } from './decide';
import { ShiftBookings, type ShiftBookingReceipt } from './shift-bookings';

const daysOf = (plan: Pick<ShiftPlan, 'startTime' | 'endTime'>) => daysTouched(plan.startTime, plan.endTime);

/**
 * Runs shift commands: load the shift's stream (and its carer's), `decide`, append with the expected revision.
 * A shift is booked into its carer's per-day shift streams first (no overlapping shifts for one carer), and the
 * booking is undone when the shift's append fails; days it no longer needs are released after the append.
 */
export class ShiftService {
  private readonly bookings: ShiftBookings;

  constructor(private readonly store: EventStore) {
    this.bookings = new ShiftBookings(store);
  }

  async plan(input: PlanShiftCommandInput, context: CommandContext): Promise<CommandResult> {
    const id = uuidv7();
    const plan: ShiftPlan = { ...input, location: input.location ?? null, notes: input.notes ?? null };
    const carer = await this.carerStanding(plan.carerId);
    const events = decide({ type: 'PlanShift', id, plan, carer }, initialShiftState);
    const receipt = await this.bookings.book(
      { carerId: plan.carerId, shiftId: id, start: plan.startTime, end: plan.endTime },
      context,
    );
    const appended = await this.appendOrUndo(id, events, 'no_stream', context, receipt);
    return {
      id,
      revision: appended.nextExpectedRevision,
      position: latestPosition(receipt.position, appended.position),
    };
  }

  async change(
    id: string,
    input: ChangeShiftCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(id, ifMatch);
    // A PATCH leaves out what it does not change; a blank location or notes arrives as null and clears it.
    const changes: Partial<ShiftPlan> = definedOnly(input);
    const carer = changes.carerId !== undefined ? await this.carerStanding(changes.carerId) : undefined;
    const events = decide({ type: 'ChangeShift', id, changes, carer }, loaded.state);
    if (events.length === 0 || loaded.revision === 'no_stream' || !loaded.state.exists) {
      return {
        id,
        revision: loaded.revision === 'no_stream' ? -1n : loaded.revision,
        position: loaded.lastEvent?.position,
      };
    }
    const before = loaded.state.plan;
    const after = { ...before, ...changes };
    const moved =
      after.carerId !== before.carerId || after.startTime !== before.startTime || after.endTime !== before.endTime;
    const receipt = moved
      ? await this.bookings.book(
          { carerId: after.carerId, shiftId: id, start: after.startTime, end: after.endTime },
          context,
        )
      : undefined;
    const appended = await this.appendOrUndo(id, events, loaded.revision, context, receipt);
    const kept = after.carerId === before.carerId ? daysOf(after) : [];
    const released = moved
      ? await this.bookings.release(
          before.carerId,
          id,
          daysOf(before).filter((date) => !kept.includes(date)),
          context,
        )
      : undefined;
    return {
      id,
      revision: appended.nextExpectedRevision,
      position: latestPosition(receipt?.position, appended.position, released),
    };
  }

  async cancel(
    id: string,
    reason: string | null,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(id, ifMatch);
    const events = decide({ type: 'CancelShift', id, reason }, loaded.state);
    const appended = await appendEvents(this.store, shiftStreamId(id), events, loaded.revision, context);
    const released = loaded.state.exists
      ? await this.bookings.release(loaded.state.plan.carerId, id, daysOf(loaded.state.plan), context)
      : undefined;
    return { id, revision: appended.nextExpectedRevision, position: latestPosition(appended.position, released) };
  }

  /** Appends the shift's events; if that fails (a stale revision), the new booking is given back. */
  private async appendOrUndo(
    id: string,
    events: readonly ShiftEvent[],
    revision: bigint | 'no_stream',
    context: CommandContext,
    receipt: ShiftBookingReceipt | undefined,
  ) {
    try {
      return await appendEvents(this.store, shiftStreamId(id), events, revision, context);
    } catch (error) {
      await receipt?.undo();
      throw error;
    }
  }

  private async load(id: string, ifMatch: bigint | undefined) {
    const streamId = shiftStreamId(id);
    const loaded = await loadStream<ShiftEvent, ShiftState>(this.store, streamId, evolve, initialShiftState);
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    return loaded;
  }

  /**
   * From the carer's own stream: the command API never decides from a read model
   * (docs/decisions/0001-event-sourcing-with-cqrs.md).
   */
  private async carerStanding(carerId: string): Promise<CarerStanding> {
    const { state } = await loadStream<CarerEvent, CarerState>(
      this.store,
      carerStreamId(carerId),
      evolveCarer,
      initialCarerState,
    );
    if (!state.exists || state.removed) return 'not_found';
    return state.isActive ? 'active' : 'inactive';
  }
}
