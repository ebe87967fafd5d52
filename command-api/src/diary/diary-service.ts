import { v7 as uuidv7 } from 'uuid';
import {
  type CarerEvent,
  carerStreamId,
  clientStreamId,
  diaryEntryStreamId,
  parseRecordedEvent,
  WrongExpectedRevisionError,
  type AmendDiaryEntryCommandInput,
  type CreateDiaryEntryCommandInput,
  type EventStore,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { assertRecordsExist } from '../shared/record-lookup';
import { evolve as evolveCarer, initialCarerState, type CarerState } from '../carers/carer-state';
import type { DiaryActor } from './diary-commands';
import { evolve, initialDiaryEntryState, type DiaryEntryState, type DiaryStreamEvent } from './diary-state';
import { decide } from './decide';

export interface DiaryWriter extends DiaryActor {
  /** A carer writes entries only under their own carer record (they cannot read anyone else's). */
  readonly onlyAsOwnCarer: boolean;
}

/** Runs diary commands: load the entry's stream, `decide`, append with the expected revision. */
export class DiaryService {
  constructor(
    private readonly store: EventStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async add(input: CreateDiaryEntryCommandInput, writer: DiaryWriter, context: CommandContext): Promise<CommandResult> {
    const { carerId, clientId, appointmentId, ...content } = input;
    await assertRecordsExist(this.store, [
      { streamId: carerStreamId(carerId), removedType: 'CarerRemoved', field: 'carerId', message: 'Carer not found' },
      { streamId: clientStreamId(clientId), removedType: 'ClientRemoved', field: 'clientId', message: 'Client not found' },
    ]);
    if (writer.onlyAsOwnCarer && !(await this.isCarerOf(carerId, writer.userId))) {
      throw new DomainError('invalid', 'You can only write diary entries as yourself', 'carerId');
    }
    const id = uuidv7();
    const events = decide(
      { type: 'AddDiaryEntry', id, carerId, clientId, appointmentId: appointmentId ?? null, content },
      initialDiaryEntryState,
    );
    const appended = await appendEvents(this.store, diaryEntryStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async review(id: string, actor: DiaryActor, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    const loaded = await this.load(id, ifMatch);
    const events = decide({ type: 'ReviewDiaryEntry', id, actor, reviewedAt: this.clock().toISOString() }, loaded.state);
    const appended = await appendEvents(this.store, diaryEntryStreamId(id), events, loaded.revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async amend(
    id: string,
    input: AmendDiaryEntryCommandInput,
    actor: DiaryActor,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(id, ifMatch);
    const { reason, ...changes } = input;
    const events = decide({ type: 'AmendDiaryEntry', id, actor, changes, reason: reason ?? null }, loaded.state);
    if (events.length === 0 || loaded.revision === 'no_stream') {
      return { id, revision: loaded.revision === 'no_stream' ? -1n : loaded.revision, position: loaded.lastEvent?.position };
    }
    const appended = await appendEvents(this.store, diaryEntryStreamId(id), events, loaded.revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  private async load(id: string, ifMatch: bigint | undefined) {
    const streamId = diaryEntryStreamId(id);
    const loaded = await loadStream<DiaryStreamEvent, DiaryEntryState>(this.store, streamId, evolve, initialDiaryEntryState);
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    return loaded;
  }

  /** Whether this user account is the one linked to the carer record now (registration, then links and unlinks). */
  private async isCarerOf(carerId: string, userId: string): Promise<boolean> {
    const carer = await loadStream<CarerEvent, CarerState>(this.store, carerStreamId(carerId), evolveCarer, initialCarerState);
    return carer.state.exists && !carer.state.removed && carer.state.userId === userId;
  }
}
