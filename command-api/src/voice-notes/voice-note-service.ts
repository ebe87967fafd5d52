import { createHash } from 'node:crypto';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  carerStreamId,
  clientStreamId,
  diaryEntryStreamId,
  voiceNoteStreamId,
  WrongExpectedRevisionError,
  type EventStore,
  type RecordVoiceNoteCommandInput,
  type VoiceNoteEvent,
} from '@care/events';
import { discardAudio, saveAudio } from '@care/events/server';
import { APPOINTMENT_NOT_FOUND } from '../appointments/decide';
import {
  evolve as evolveDiaryEntry,
  initialDiaryEntryState,
  type DiaryEntryState,
  type DiaryStreamEvent,
} from '../diary/diary-state';
import type { CommandContext } from '../shared/actor';
import { CarerWork, type WriterScope } from '../shared/carer-work';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { assertRecordsExist, type RecordReference } from '../shared/record-lookup';
import { detectAudio } from './audio-format';
import { decide, VOICE_NOTE_NOT_FOUND } from './decide';
import type { VoiceNoteActor } from './voice-note-commands';
import { evolve, initialVoiceNoteState, type VoiceNoteState } from './voice-note-state';

/**
 * Runs voice-note commands. The audio is too big for the event log: it goes into media.audio under the note's
 * id first, then the event is appended; if the append fails, the blob is deleted again, so a refusal keeps
 * nothing. (A crash between the two leaves an unreferenced blob, never an event without its audio.)
 */
export class VoiceNoteService {
  constructor(
    private readonly store: EventStore,
    private readonly pool: pg.Pool,
    private readonly work: CarerWork = new CarerWork(store),
  ) {}

  async record(
    input: RecordVoiceNoteCommandInput,
    file: { readonly mimeType: string; readonly bytes: Buffer },
    scope: WriterScope,
    context: CommandContext,
  ): Promise<CommandResult> {
    const detected = detectAudio(file.mimeType, file.bytes);
    await this.assertCarerMayName(scope, input);
    await assertRecordsExist(this.store, references(input));
    const phoneId = input.id ?? undefined;
    const id = phoneId ?? uuidv7();
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    if (phoneId !== undefined) {
      const repeat = await this.repeatOf(phoneId, sha256, context.userId);
      if (repeat) return repeat;
    }
    const events = decide(
      {
        type: 'RecordVoiceNote',
        note: {
          id,
          userId: context.userId,
          clientId: input.clientId ?? null,
          carerId: input.carerId ?? null,
          appointmentId: input.appointmentId ?? null,
          diaryEntryId: input.diaryEntryId ?? null,
          title: input.title,
          category: input.category,
          priority: input.priority,
          duration: input.duration,
          tags: input.tags,
          isPrivate: input.isPrivate,
        },
        audio: { ...detected, fileSize: file.bytes.length, sha256 },
      },
      initialVoiceNoteState,
    );
    await saveAudio(this.pool, {
      audioId: id,
      content: file.bytes,
      mimeType: detected.mimeType,
      sha256,
      uploadedBy: context.userId,
    });
    try {
      const appended = await appendEvents(this.store, voiceNoteStreamId(id), events, 'no_stream', context);
      return { id, revision: appended.nextExpectedRevision, position: appended.position };
    } catch (error) {
      await discardAudio(this.pool, id);
      throw error;
    }
  }

  /**
   * A note sent again under the id the phone gave it (a reply that never reached the phone): the same author and
   * recording answer as the first time, without a second copy; anything else under that id is a conflict.
   */
  private async repeatOf(id: string, sha256: string, userId: string): Promise<CommandResult | undefined> {
    const loaded = await loadStream<VoiceNoteEvent, VoiceNoteState>(
      this.store,
      voiceNoteStreamId(id),
      evolve,
      initialVoiceNoteState,
    );
    if (!loaded.state.exists) return undefined;
    if (loaded.state.authorId !== userId || loaded.state.sha256 !== sha256) {
      throw new DomainError('conflict', 'Another voice note already has this ID', 'id');
    }
    return { id, revision: BigInt(loaded.revision), position: loaded.lastEvent?.position };
  }

  async remove(
    id: string,
    ifMatch: bigint | undefined,
    actor: VoiceNoteActor,
    scope: WriterScope,
    context: CommandContext,
  ): Promise<CommandResult> {
    const streamId = voiceNoteStreamId(id);
    const loaded = await loadStream<VoiceNoteEvent, VoiceNoteState>(
      this.store,
      streamId,
      evolve,
      initialVoiceNoteState,
    );
    // A note a carer may not hear (another's, about a client outside their work) answers as unknown.
    const note = loaded.state.exists
      ? { authorUserId: loaded.state.authorId, clientId: loaded.state.clientId, confidential: loaded.state.isPrivate }
      : undefined;
    if (note && !(await this.work.readsEntry(scope, note))) throw new DomainError('not_found', VOICE_NOTE_NOT_FOUND);
    const events = decide({ type: 'RemoveVoiceNote', id, actor }, loaded.state);
    // After decide: a stale If-Match on a note the caller may not see still answers 404, not 409.
    if (ifMatch !== undefined && loaded.revision !== 'no_stream' && loaded.revision !== ifMatch) {
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    }
    const appended = await appendEvents(this.store, streamId, events, loaded.revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /**
   * A carer names only their own carer record, a client of their work, their own visit and a diary entry they may
   * read; anything else answers as if it did not exist (404 under its field), before the records are looked up.
   */
  private async assertCarerMayName(scope: WriterScope, input: RecordVoiceNoteCommandInput): Promise<void> {
    if (scope.kind === 'all') return;
    if (input.carerId)
      await this.work.assertCarer(scope, input.carerId, { message: 'Carer not found', field: 'carerId' });
    if (input.clientId)
      await this.work.assertClient(scope, input.clientId, { message: 'Client not found', field: 'clientId' });
    if (input.appointmentId)
      await this.work.assertVisit(scope, input.appointmentId, {
        message: APPOINTMENT_NOT_FOUND,
        field: 'appointmentId',
      });
    if (input.diaryEntryId) {
      const { state } = await loadStream<DiaryStreamEvent, DiaryEntryState>(
        this.store,
        diaryEntryStreamId(input.diaryEntryId),
        evolveDiaryEntry,
        initialDiaryEntryState,
      );
      const readable =
        state.exists && (await this.work.readsEntry(scope, { ...state, confidential: state.content.isConfidential }));
      if (!readable) throw new DomainError('not_found', 'Diary entry not found', 'diaryEntryId');
    }
  }
}

function references(input: RecordVoiceNoteCommandInput): RecordReference[] {
  const found: RecordReference[] = [];
  if (input.clientId) {
    found.push({
      streamId: clientStreamId(input.clientId),
      removedType: 'ClientRemoved',
      field: 'clientId',
      message: 'Client not found',
    });
  }
  if (input.carerId) {
    found.push({
      streamId: carerStreamId(input.carerId),
      removedType: 'CarerRemoved',
      field: 'carerId',
      message: 'Carer not found',
    });
  }
  if (input.diaryEntryId) {
    found.push({
      streamId: diaryEntryStreamId(input.diaryEntryId),
      // Diary entries are amended, never removed: no event takes one out of use, so existing is enough.
      removedType: 'DiaryEntryRemoved',
      field: 'diaryEntryId',
      message: 'Diary entry not found',
    });
  }
  return found;
}
