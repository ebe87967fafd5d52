import { v7 as uuidv7 } from 'uuid';
import {
  carerStreamId,
  trainingCompletionKey,
  trainingStreamId,
  WrongExpectedRevisionError,
  type CreateTrainingCommandInput,
  type EventStore,
  type RenewTrainingCommandInput,
  type TrainingCompletionEvent,
  type TrainingDetails,
  type TrainingSliceEvent,
  type UpdateTrainingCommandInput,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { latestPosition } from '../shared/latest-position';
import { assertRecordsExist } from '../shared/record-lookup';
import { Reservations } from '../shared/reservation';
import type { TrainingCommand } from './training-commands';
import { evolve, initialTrainingState, type TrainingState } from './training-state';
import { decide } from './decide';
import { trainingCompletionReservation } from './training-completion-reservation';

/**
 * Runs training commands: load the stream, `decide`, check the carer it names, append with the expected revision.
 * A record also holds its completion (carer, type, completed date) in a reservation stream while no other record
 * does, so Import Data can match a row to a record from the event store alone (training-completion-events.ts).
 * The form may still record a second record of the same completion: only the import refuses one.
 */
export class TrainingService {
  private readonly completions: Reservations<TrainingCompletionEvent>;

  constructor(private readonly store: EventStore) {
    this.completions = new Reservations(store, trainingCompletionReservation);
  }

  /** `onlyNewCompletion`: refuse (409 on completedDate) when another record already holds the completion. */
  async record(
    input: CreateTrainingCommandInput,
    context: CommandContext,
    onlyNewCompletion = false,
  ): Promise<CommandResult> {
    const id = uuidv7();
    const details: TrainingDetails = {
      carerId: input.carerId,
      trainingType: input.trainingType,
      trainingProvider: input.trainingProvider ?? null,
      completedDate: input.completedDate,
      expiryDate: input.expiryDate ?? null,
      certificateNumber: input.certificateNumber ?? null,
      status: input.status,
      documentUrl: input.documentUrl ?? null,
      notes: input.notes ?? null,
    };
    const events = decide({ type: 'RecordTraining', id, details }, initialTrainingState);
    await this.assertCarersExist(events);
    const completion = trainingCompletionKey(details);
    const held = await this.hold(completion, id, context, onlyNewCompletion);
    try {
      const appended = await appendEvents(this.store, trainingStreamId(id), events, 'no_stream', context);
      return { id, revision: appended.nextExpectedRevision, position: latestPosition(held, appended.position) };
    } catch (error) {
      await this.completions.release(completion, id, context);
      throw error;
    }
  }

  update(
    id: string,
    input: UpdateTrainingCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const changes: Partial<TrainingDetails> = {};
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    return this.run({ type: 'UpdateTrainingRecord', id, changes }, ifMatch, context);
  }

  renew(
    id: string,
    input: RenewTrainingCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const { completedDate, expiryDate, certificateNumber } = input;
    return this.run(
      {
        type: 'RenewTraining',
        id,
        completedDate,
        expiryDate: expiryDate ?? null,
        certificateNumber: certificateNumber ?? null,
      },
      ifMatch,
      context,
    );
  }

  remove(id: string, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    return this.run({ type: 'RemoveTrainingRecord', id }, ifMatch, context);
  }

  /** A command on an existing record. Nothing to record (an update that changes nothing) keeps the revision. */
  private async run(
    command: Exclude<TrainingCommand, { type: 'RecordTraining' }>,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ) {
    const streamId = trainingStreamId(command.id);
    const loaded = await loadStream<TrainingSliceEvent, TrainingState>(
      this.store,
      streamId,
      evolve,
      initialTrainingState,
    );
    // A stale If-Match is refused before anything else: the client decided from an older version of the record.
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    const events = decide(command, loaded.state);
    if (events.length === 0 || loaded.revision === 'no_stream') {
      return {
        id: command.id,
        revision: loaded.revision === 'no_stream' ? -1n : loaded.revision,
        position: loaded.lastEvent?.position,
      };
    }
    await this.assertCarersExist(events);
    const appended = await appendEvents(this.store, streamId, events, loaded.revision, context);
    // A new carer, type or completed date, or a removal, moves or gives up the completion the record held.
    const before = completionOf(loaded.state);
    const after = completionOf(events.reduce(evolve, loaded.state));
    const moved = before !== after;
    const released = moved && before !== null ? await this.completions.release(before, command.id, context) : undefined;
    const held = moved && after !== null ? await this.hold(after, command.id, context, false) : undefined;
    return {
      id: command.id,
      revision: appended.nextExpectedRevision,
      position: latestPosition(appended.position, released, held),
    };
  }

  /** Takes the completion for the record; when another record holds it, refuses or (the form) records beside it. */
  private async hold(completion: string, trainingId: string, context: CommandContext, refuseHeld: boolean) {
    try {
      return await this.completions.reserve(completion, trainingId, context);
    } catch (error) {
      if (refuseHeld || !(error instanceof DomainError) || error.kind !== 'conflict') throw error;
      return undefined;
    }
  }

  /**
   * A record may only name a carer who exists and was not removed; checked on the write side only when the
   * carer is set (recorded, or moved to another carer), so later edits of a departed carer's record still work.
   */
  private async assertCarersExist(events: readonly TrainingSliceEvent[]): Promise<void> {
    const carerIds = new Set<string>();
    for (const event of events) {
      if (event.type === 'TrainingRecorded') carerIds.add(event.data.carerId);
      if (event.type === 'TrainingRecordUpdated' && event.data.changes.carerId !== undefined)
        carerIds.add(event.data.changes.carerId);
    }
    await assertRecordsExist(
      this.store,
      [...carerIds].map((carerId) => ({
        streamId: carerStreamId(carerId),
        removedType: 'CarerRemoved',
        field: 'carerId',
        message: 'Carer not found',
      })),
    );
  }
}

/** The completion a live record holds, as its reservation value; null once removed. */
function completionOf(state: TrainingState): string | null {
  return state.exists && !state.removed ? trainingCompletionKey(state.details) : null;
}
