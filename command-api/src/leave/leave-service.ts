import { v7 as uuidv7 } from 'uuid';
import {
  carerStreamId,
  LEAVE_NOT_FOUND,
  leaveStreamId,
  WrongExpectedRevisionError,
  type EventStore,
  type LeaveSliceEvent,
  type RequestLeaveCommandInput,
} from '@care/events';
import type { AppointmentService } from '../appointments/appointment-service';
import type { CommandContext } from '../shared/actor';
import type { CarerWork, WriterScope } from '../shared/carer-work';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream, type LoadedStream } from '../shared/event-stream';
import { latestPosition } from '../shared/latest-position';
import { assertRecordsExist } from '../shared/record-lookup';
import { CarerLeaveStream } from './carer-leave-stream';
import { decide } from './decide';
import type { LeaveCommand, LeaveDecider } from './leave-commands';
import { evolve, initialLeaveState, type ExistingLeave, type LeaveState } from './leave-state';
import { visitsInLeave, VisitsInLeaveError } from './leave-visits';

/** The account issuing a leave command: who they are, what they may do, and whose work they write in. */
export interface LeaveActor {
  readonly userId: string;
  readonly mayApprove: boolean;
  readonly scope: WriterScope;
}

const absentLeave = { message: LEAVE_NOT_FOUND };

/**
 * Runs leave commands: load the leave's stream, `decide`, append with the expected revision. An approval also holds
 * the days in the carer's leave stream (refusing an overlap with their other approved leave) and, when asked,
 * unassigns the carer's visits in those days through the visits' own unassign command; a cancellation of approved
 * leave gives the days back.
 */
export class LeaveService {
  private readonly carerLeave: CarerLeaveStream;

  constructor(
    private readonly store: EventStore,
    private readonly work: CarerWork,
    private readonly appointments: AppointmentService,
  ) {
    this.carerLeave = new CarerLeaveStream(store);
  }

  async request(input: RequestLeaveCommandInput, actor: LeaveActor, context: CommandContext): Promise<CommandResult> {
    // A carer names only themselves: any other carer answers as one that does not exist.
    await this.work.assertCarer(actor.scope, input.carerId, { message: 'Carer not found', field: 'carerId' });
    await assertRecordsExist(this.store, [
      {
        streamId: carerStreamId(input.carerId),
        removedType: 'CarerRemoved',
        field: 'carerId',
        message: 'Carer not found',
      },
    ]);
    const id = uuidv7();
    const { carerId, kind, from, to, dayPart } = input;
    const events = decide(
      {
        type: 'RequestLeave',
        id,
        carerId,
        period: { kind, from, to, dayPart },
        note: input.note ?? null,
        requestedByUserId: actor.userId,
      },
      initialLeaveState,
    );
    const appended = await appendEvents(this.store, leaveStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async approve(
    id: string,
    unassignVisits: boolean,
    actor: LeaveActor,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult & { unassignedAppointmentIds: string[] }> {
    const loaded = await this.load(id, actor, ifMatch);
    const decider = await this.deciderOf(actor);
    // Who may approve, and whether it still waits, is answered before anything about the carer's rota.
    decide({ type: 'ApproveLeave', id, decider, unassignedAppointmentIds: [] }, loaded.state);
    const leave = loaded.state as ExistingLeave;
    const waiting = await visitsInLeave(this.store, leave.carerId, leave.period);
    if (waiting.length > 0 && !unassignVisits) throw new VisitsInLeaveError(waiting);

    const booked = await this.carerLeave.book(leave.carerId, id, leave.period, context);
    try {
      // Read again now the days are held: a visit assigned meanwhile is unassigned too (later ones are refused).
      const visits = unassignVisits ? await visitsInLeave(this.store, leave.carerId, leave.period) : [];
      const positions = [booked];
      for (const visit of visits)
        positions.push((await this.appointments.unassign(visit.appointmentId, undefined, context)).position);
      const unassignedAppointmentIds = visits.map((visit) => visit.appointmentId);
      const events = decide({ type: 'ApproveLeave', id, decider, unassignedAppointmentIds }, loaded.state);
      const appended = await appendEvents(this.store, leaveStreamId(id), events, loaded.revision, context);
      return {
        id,
        revision: appended.nextExpectedRevision,
        position: latestPosition(...positions, appended.position),
        unassignedAppointmentIds,
      };
    } catch (error) {
      await this.carerLeave.release(leave.carerId, id, context).catch(() => undefined);
      throw error;
    }
  }

  async decline(
    id: string,
    reason: string,
    actor: LeaveActor,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(id, actor, ifMatch);
    const decider = await this.deciderOf(actor);
    return this.append(id, decide({ type: 'DeclineLeave', id, decider, reason }, loaded.state), loaded, context);
  }

  async cancel(
    id: string,
    reason: string | null,
    actor: LeaveActor,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(id, actor, ifMatch);
    const decider = await this.deciderOf(actor);
    const command: LeaveCommand = { type: 'CancelLeave', id, decider, reason };
    const result = await this.append(id, decide(command, loaded.state), loaded, context);
    const leave = loaded.state as ExistingLeave;
    const released = await this.carerLeave.release(leave.carerId, id, context);
    return { ...result, position: latestPosition(result.position, released) };
  }

  private async append(
    id: string,
    events: readonly LeaveSliceEvent[],
    loaded: LoadedStream<LeaveState>,
    context: CommandContext,
  ): Promise<CommandResult> {
    const appended = await appendEvents(this.store, leaveStreamId(id), events, loaded.revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /**
   * The leave's stream. A carer reaches only the leave of their own carer record: any other answers as leave that
   * does not exist, before its revision or state is told.
   */
  private async load(id: string, actor: LeaveActor, ifMatch: bigint | undefined): Promise<LoadedStream<LeaveState>> {
    const streamId = leaveStreamId(id);
    const loaded = await loadStream<LeaveSliceEvent, LeaveState>(this.store, streamId, evolve, initialLeaveState);
    if (!loaded.state.exists) throw notFound();
    await this.work.assertCarer(actor.scope, loaded.state.carerId, absentLeave);
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    return loaded;
  }

  private async deciderOf(actor: LeaveActor): Promise<LeaveDecider> {
    return { userId: actor.userId, mayApprove: actor.mayApprove, carerId: await this.work.carerIdOf(actor.userId) };
  }
}

function notFound(): DomainError {
  return new DomainError('not_found', LEAVE_NOT_FOUND);
}
