import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import { can } from '@care/events';
import { audioInfo, HttpError, readAudioBytes, requirePermission } from '@care/events/server';
import { readScopeOf, type CarerWork } from '../shared/carer-work';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { pagingFields, sendPage } from '../shared/paging';
import { parseByteRange } from './byte-range';
import { VoiceNoteQueries, type VoiceNoteViewer } from './voice-note-queries';
import { parseQuery } from '../shared/query-parsing';
import { optionalId } from '../appointments/query-fields';

export const listQuery = z.object({
  diaryEntryId: optionalId('Diary entry ID must be a UUID'),
  clientId: optionalId('Client ID must be a UUID'),
  carerId: optionalId('Carer ID must be a UUID'),
  // Paged like every list that grows; without parameters, the newest 100 as before paging.
  ...pagingFields({ defaultLimit: 100 }),
});
const noteId = z.uuid();
const NOT_FOUND = 'Voice note not found';

const viewerOf = (state: ReadState, work: CarerWork): VoiceNoteViewer => ({
  userId: state.session.userId,
  seesPrivate: can(state.session.role, 'diary.readConfidential'),
  visible: work.authoredOrAbout(readScopeOf(state.session), 'voice_notes.user_id', 'voice_notes.client_id'),
});

export function voiceNoteRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new VoiceNoteQueries(deps.db);
  const router = new Router<ReadState>({ prefix: '/api/voice-notes' });
  router.use(requirePermission('diary.read'));

  router.get('/', async (ctx) => {
    const { limit, offset, ...filter } = parseQuery(listQuery, ctx);
    sendPage(ctx, await queries.list(filter, { limit, offset }, viewerOf(ctx.state, deps.work)));
  });

  /**
   * The recording's bytes, for <audio>. Range requests get 206 so the player can seek without loading it all.
   * A note the caller may not see (private, removed, unknown) is a 404 like any unknown id.
   */
  router.get('/:id/audio', async (ctx) => {
    const id = noteId.safeParse(ctx.params.id);
    const note = id.success ? await queries.byId(id.data, viewerOf(ctx.state, deps.work)) : undefined;
    if (!note) throw new HttpError(404, NOT_FOUND);
    const info = await audioInfo(deps.pool, note.id);
    if (!info) {
      ctx.state.log.error({ voiceNoteId: note.id }, 'voice note has no audio in media.audio');
      throw new HttpError(404, NOT_FOUND);
    }
    await sendAudio(ctx, deps, note.id, info.mimeType, info.byteSize, `"${info.sha256}"`);
  });

  return router;
}

async function sendAudio(
  ctx: ParameterizedContext<ReadState>,
  deps: ReadDeps,
  audioId: string,
  mimeType: string,
  size: number,
  etag: string,
): Promise<void> {
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('ETag', etag);
  // If-Range: a range of a different version of the bytes would be garbage, so then send them whole.
  const ifRange = ctx.get('if-range');
  const range = ifRange === '' || ifRange === etag ? parseByteRange(ctx.get('range') || undefined, size) : undefined;
  if (range === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${size}`);
    ctx.body = { error: 'The requested range is outside the recording' };
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const bytes = size === 0 ? Buffer.alloc(0) : await readAudioBytes(deps.pool, audioId, start, end - start + 1);
  if (!bytes) throw new HttpError(404, NOT_FOUND);
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
  }
  // Set last: an error reply before this point must go out as JSON, not labelled as audio.
  ctx.set('Content-Type', mimeType);
  ctx.body = bytes;
}
