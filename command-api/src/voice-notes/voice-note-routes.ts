import Router from '@koa/router';
import {
  can,
  recordVoiceNoteRequestSchema,
  VOICE_NOTE_AUDIO_FIELD,
  VOICE_NOTE_AUDIO_REQUIRED_MESSAGE,
} from '@care/events';
import { HttpError, requirePermission, validationError } from '@care/events/server';
import { CarerWork, writerScopeOf } from '../shared/carer-work';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { receiveUpload } from './audio-upload';
import { VoiceNoteService } from './voice-note-service';

export function voiceNoteRoutes(deps: CommandDeps): Router<CommandState> {
  const service = new VoiceNoteService(deps.store, deps.pool, new CarerWork(deps.store, deps.carerWindow));
  const router = new Router<CommandState>({ prefix: '/api/voice-notes' });
  router.use(requirePermission('diary.write'));

  /** multipart/form-data: the recording in `audio`, the note's fields beside it (events/src/voice-notes). */
  router.post('/', async (ctx) => {
    if (!ctx.is('multipart/form-data')) {
      throw new HttpError(415, 'Send the voice note as multipart/form-data with the recording in the "audio" field');
    }
    const { file, fields } = await receiveUpload(ctx);
    const parsed = recordVoiceNoteRequestSchema.safeParse(fields);
    const problems = parsed.success ? {} : { ...validationError(parsed.error).fields };
    if (!file || file.bytes.length === 0) problems[VOICE_NOTE_AUDIO_FIELD] = VOICE_NOTE_AUDIO_REQUIRED_MESSAGE;
    if (!parsed.success || !file || Object.keys(problems).length > 0)
      throw new HttpError(400, 'Validation failed', problems);
    ctx.status = 201;
    ctx.body = reply(await service.record(parsed.data, file, writerScopeOf(ctx.state.session), commandContext(ctx)));
  });

  /** The author, or a reviewer (diary.review), takes a note out of the lists; its audio stays in the record. */
  router.delete('/:id', async (ctx) => {
    const id = parseRecordId(ctx.params.id, 'Voice note not found');
    const { role, userId } = ctx.state.session;
    const actor = { userId, mayReview: can(role, 'diary.review'), mayReadPrivate: can(role, 'diary.readConfidential') };
    ctx.body = reply(
      await service.remove(id, parseIfMatch(ctx), actor, writerScopeOf(ctx.state.session), commandContext(ctx)),
    );
  });

  return router;
}
