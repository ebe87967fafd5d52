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
import { evolve as evolveCarer, initialCarerState, type CarerState } from '../carers/carer-state';
import type { CarerStanding } from './shift-commands';
import { evolve, initialShiftState, type ShiftState } from './shift-state';
import { decide } from './decide';

/** Runs shift commands: load the shift's stream (and its carer's), `decide`, append with the expected revision. */
export class ShiftService {
  constructor(private readonly store: EventStore) {}

  async plan(input: PlanShiftCommandInput, context: CommandContext): Promise<CommandResult> {
    const id = uuidv7();
    const plan: ShiftPlan = { ...input, location: input.location ?? null, notes: input.notes ?? null };
    const carer = await this.carerStanding(plan.carerId);
    const events = decide({ type: 'PlanShift', id, plan, carer }, initialShiftState);
    const appended = await appendEvents(this.store, shiftStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async change(id: string, input: ChangeShiftCommandInput, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    const loaded = await this.load(id, ifMatch);
    // A PATCH leaves out what it does not change; a blank location or notes arrives as null and clears it.
    const changes: Partial<ShiftPlan> = definedOnly(input);
    const carer = changes.carerId !== undefined ? await this.carerStanding(changes.carerId) : undefined;
    const events = decide({ type: 'ChangeShift', id, changes, carer }, loaded.state);
    if (events.length === 0 || loaded.revision === 'no_stream') {
      return { id, revision: loaded.revision === 'no_stream' ? -1n : loaded.revision, position: loaded.lastEvent?.position };
    }
    const appended = await appendEvents(this.store, shiftStreamId(id), events, loaded.revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async cancel(id: string, reason: string | null, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    const loaded = await this.load(id, ifMatch);
    const events = decide({ type: 'CancelShift', id, reason }, loaded.state);
    const appended = await appendEvents(this.store, shiftStreamId(id), events, loaded.revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  private async load(id: string, ifMatch: bigint | undefined) {
    const streamId = shiftStreamId(id);
    const loaded = await loadStream<ShiftEvent, ShiftState>(this.store, streamId, evolve, initialShiftState);
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    return loaded;
  }

  /** From the carer's own stream: the command API never decides from a read model (DESIGN.md). */
  private async carerStanding(carerId: string): Promise<CarerStanding> {
    const { state } = await loadStream<CarerEvent, CarerState>(this.store, carerStreamId(carerId), evolveCarer, initialCarerState);
    if (!state.exists || state.removed) return 'not_found';
    return state.isActive ? 'active' : 'inactive';
  }
}
