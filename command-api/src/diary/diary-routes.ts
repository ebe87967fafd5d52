import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { amendDiaryEntryRequestSchema, can, createDiaryEntryRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import { CarerWork, writerScopeOf } from '../shared/carer-work';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandDeps } from '../shared/command-deps';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { DIARY_ENTRY_NOT_FOUND } from './decide';
import type { DiaryActor } from './diary-commands';
import { DiaryService, type DiaryWriter } from './diary-service';

const parseEntryId = (raw: string | undefined) => parseRecordId(raw, DIARY_ENTRY_NOT_FOUND);

function actorOf(ctx: ParameterizedContext<CommandState>): DiaryActor {
  const { userId, role } = ctx.state.session;
  return { userId, canReview: can(role, 'diary.review') };
}

function writerOf(ctx: ParameterizedContext<CommandState>): DiaryWriter {
  return { ...actorOf(ctx), scope: writerScopeOf(ctx.state.session) };
}

/**
 * POST /api/diary adds an entry; PATCH /api/diary/:id amends it (its author or a reviewer);
 * POST /api/diary/:id/review marks it reviewed (reviewers, once).
 */
export function diaryRoutes({ store, carerWindow }: CommandDeps): Router<CommandState> {
  const service = new DiaryService(store, undefined, new CarerWork(store, carerWindow));
  const router = new Router<CommandState>({ prefix: '/api/diary' });

  router.post('/', requirePermission('diary.write'), async (ctx) => {
    const input = parseOr400(createDiaryEntryRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.add(input, writerOf(ctx), commandContext(ctx)));
  });

  router.patch('/:id', requirePermission('diary.write', 'diary.review'), async (ctx) => {
    const id = parseEntryId(ctx.params.id);
    const input = parseOr400(amendDiaryEntryRequestSchema, ctx.request.body);
    ctx.body = reply(await service.amend(id, input, writerOf(ctx), parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/review', requirePermission('diary.review'), async (ctx) => {
    const id = parseEntryId(ctx.params.id);
    ctx.body = reply(await service.review(id, actorOf(ctx), parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
