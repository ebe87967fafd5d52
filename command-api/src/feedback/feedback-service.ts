import { v7 as uuidv7 } from 'uuid';
import {
  feedbackStreamId,
  WrongExpectedRevisionError,
  type CreateFeedbackCommandInput,
  type EventStore,
  type FeedbackSliceEvent,
  type UpdateFeedbackCommandInput,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream } from '../shared/event-stream';
import { decide } from './decide';
import { evolve, initialFeedbackState, type FeedbackState } from './feedback-state';

/** Runs feedback commands: load the stream, `decide`, append with the expected revision. */
export class FeedbackService {
  constructor(private readonly store: EventStore) {}

  async submit(input: CreateFeedbackCommandInput, context: CommandContext): Promise<CommandResult> {
    const id = uuidv7();
    const events = decide(
      {
        type: 'SubmitFeedback',
        id,
        feedbackType: input.type,
        category: input.category,
        message: input.message,
        rating: input.rating ?? null,
        page: input.page,
      },
      initialFeedbackState,
    );
    const appended = await appendEvents(this.store, feedbackStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async review(
    id: string,
    input: UpdateFeedbackCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const streamId = feedbackStreamId(id);
    const loaded = await loadStream<FeedbackSliceEvent, FeedbackState>(
      this.store,
      streamId,
      evolve,
      initialFeedbackState,
    );
    const events = decide(
      { type: 'ReviewFeedback', id, status: input.status, adminNotes: input.adminNotes },
      loaded.state,
    );
    // decide refused an unknown id above, so the stream exists from here on.
    const revision = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    if (ifMatch !== undefined && ifMatch !== revision)
      throw new WrongExpectedRevisionError(streamId, ifMatch, revision);
    if (events.length === 0) return { id, revision, position: loaded.lastEvent?.position };
    const appended = await appendEvents(this.store, streamId, events, revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }
}
