import { v7 as uuidv7 } from 'uuid';
import {
  carerStreamId,
  trainingStreamId,
  WrongExpectedRevisionError,
  type CreateTrainingCommandInput,
  type EventStore,
  type RenewTrainingCommandInput,
  type TrainingDetails,
  type TrainingSliceEvent,
  type UpdateTrainingCommandInput,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream } from '../shared/event-stream';
import { assertRecordsExist } from '../shared/record-lookup';
import type { TrainingCommand } from './training-commands';
import { evolve, initialTrainingState, type TrainingState } from './training-state';
import { decide } from './decide';

/** Runs training commands: load the stream, `decide`, check the carer it names, append with the expected revision. */
export class TrainingService {
  constructor(private readonly store: EventStore) {}

  async record(input: CreateTrainingCommandInput, context: CommandContext): Promise<CommandResult> {
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
    const appended = await appendEvents(this.store, trainingStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  update(id: string, input: UpdateTrainingCommandInput, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    const changes: Partial<TrainingDetails> = {};
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    return this.run({ type: 'UpdateTrainingRecord', id, changes }, ifMatch, context);
  }

  renew(id: string, input: RenewTrainingCommandInput, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    const { completedDate, expiryDate, certificateNumber } = input;
    return this.run(
      { type: 'RenewTraining', id, completedDate, expiryDate: expiryDate ?? null, certificateNumber: certificateNumber ?? null },
      ifMatch,
      context,
    );
  }

  remove(id: string, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    return this.run({ type: 'RemoveTrainingRecord', id }, ifMatch, context);
  }

  /** A command on an existing record. Nothing to record (an update that changes nothing) keeps the revision. */
  private async run(command: Exclude<TrainingCommand, { type: 'RecordTraining' }>, ifMatch: bigint | undefined, context: CommandContext) {
    const streamId = trainingStreamId(command.id);
    const loaded = await loadStream<TrainingSliceEvent, TrainingState>(this.store, streamId, evolve, initialTrainingState);
    // A stale If-Match is refused before anything else: the client decided from an older version of the record.
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    const events = decide(command, loaded.state);
    if (events.length === 0 || loaded.revision === 'no_stream') {
      return { id: command.id, revision: loaded.revision === 'no_stream' ? -1n : loaded.revision, position: loaded.lastEvent?.position };
    }
    await this.assertCarersExist(events);
    const appended = await appendEvents(this.store, streamId, events, loaded.revision, context);
    return { id: command.id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /**
   * A record may only name a carer who exists and was not removed; checked on the write side only when the
   * carer is set (recorded, or moved to another carer), so later edits of a departed carer's record still work.
   */
  private async assertCarersExist(events: readonly TrainingSliceEvent[]): Promise<void> {
    const carerIds = new Set<string>();
    for (const event of events) {
      if (event.type === 'TrainingRecorded') carerIds.add(event.data.carerId);
      if (event.type === 'TrainingRecordUpdated' && event.data.changes.carerId !== undefined) carerIds.add(event.data.changes.carerId);
    }
    await assertRecordsExist(
      this.store,
      [...carerIds].map((carerId) => ({ streamId: carerStreamId(carerId), removedType: 'CarerRemoved', field: 'carerId', message: 'Carer not found' })),
    );
  }
}
