import { commandTime } from '@care/events/server';
import { v7 as uuidv7 } from 'uuid';
import {
  carerStreamId,
  clientStreamId,
  diaryEntryStreamId,
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
import { APPOINTMENT_NOT_FOUND } from '../appointments/decide';
import { CarerWork, type WriterScope } from '../shared/carer-work';
import type { DiaryActor } from './diary-commands';
import { evolve, initialDiaryEntryState, type DiaryEntryState, type DiaryStreamEvent } from './diary-state';
import { decide, DIARY_ENTRY_NOT_FOUND } from './decide';

export interface DiaryWriter extends DiaryActor {
  /** A carer writes entries only as themself, about the clients of their work (shared/carer-work.ts). */
  readonly scope: WriterScope;
}

/** Runs diary commands: load the entry's stream, `decide`, append with the expected revision. */
export class DiaryService {
  constructor(
    private readonly store: EventStore,
    private readonly clock: () => Date = commandTime,
    private readonly work: CarerWork = new CarerWork(store),
  ) {}

  async add(input: CreateDiaryEntryCommandInput, writer: DiaryWriter, context: CommandContext): Promise<CommandResult> {
    const { carerId, clientId, appointmentId, ...content } = input;
    await this.assertCarerMayWrite(writer.scope, { carerId, clientId, appointmentId: appointmentId ?? null });
    await assertRecordsExist(this.store, [
      { streamId: carerStreamId(carerId), removedType: 'CarerRemoved', field: 'carerId', message: 'Carer not found' },
      {
        streamId: clientStreamId(clientId),
        removedType: 'ClientRemoved',
        field: 'clientId',
        message: 'Client not found',
      },
    ]);
    const id = uuidv7();
    const events = decide(
      { type: 'AddDiaryEntry', id, carerId, clientId, appointmentId: appointmentId ?? null, content },
      initialDiaryEntryState,
    );
    const appended = await appendEvents(this.store, diaryEntryStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async review(
    id: string,
    actor: DiaryActor,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(id, ifMatch);
    const events = decide(
      { type: 'ReviewDiaryEntry', id, actor, reviewedAt: this.clock().toISOString() },
      loaded.state,
    );
    const appended = await appendEvents(this.store, diaryEntryStreamId(id), events, loaded.revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async amend(
    id: string,
    input: AmendDiaryEntryCommandInput,
    actor: DiaryActor & { readonly scope: WriterScope },
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const loaded = await this.load(id, ifMatch, actor.scope);
    const { reason, ...changes } = input;
    const events = decide({ type: 'AmendDiaryEntry', id, actor, changes, reason: reason ?? null }, loaded.state);
    if (events.length === 0 || loaded.revision === 'no_stream') {
      return {
        id,
        revision: loaded.revision === 'no_stream' ? -1n : loaded.revision,
        position: loaded.lastEvent?.position,
      };
    }
    const appended = await appendEvents(this.store, diaryEntryStreamId(id), events, loaded.revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  private async load(id: string, ifMatch: bigint | undefined, scope: WriterScope = { kind: 'all' }) {
    const streamId = diaryEntryStreamId(id);
    const loaded = await loadStream<DiaryStreamEvent, DiaryEntryState>(
      this.store,
      streamId,
      evolve,
      initialDiaryEntryState,
    );
    // An entry a carer may not read answers as unknown, before its revision is compared or its state decided on.
    const entry = loaded.state.exists
      ? { ...loaded.state, confidential: loaded.state.content.isConfidential }
      : undefined;
    if (entry && !(await this.work.readsEntry(scope, entry))) {
      throw new DomainError('not_found', DIARY_ENTRY_NOT_FOUND);
    }
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    return loaded;
  }

  /**
   * A carer writes only as their own carer record, about a client of their work, and attaches only a visit of
   * their own to that client. Anything else answers as if it did not exist (404 under its field), whether it does
   * or not, before the records are looked up.
   */
  private async assertCarerMayWrite(
    scope: WriterScope,
    names: { carerId: string; clientId: string; appointmentId: string | null },
  ): Promise<void> {
    if (scope.kind === 'all') return;
    await this.work.assertCarer(scope, names.carerId, { message: 'Carer not found', field: 'carerId' });
    await this.work.assertClient(scope, names.clientId, { message: 'Client not found', field: 'clientId' });
    if (names.appointmentId === null) return;
    const visit = await this.work.assertVisit(scope, names.appointmentId, {
      message: APPOINTMENT_NOT_FOUND,
      field: 'appointmentId',
    });
    if (visit.plan.clientId !== names.clientId)
      throw new DomainError('invalid', 'This visit is not to this client', 'appointmentId');
  }
}
