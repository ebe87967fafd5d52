import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { carerStreamId, clientStreamId, subjectAccessRequestSchema, subjectAccessStreamId } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { appendEvents } from '../shared/event-stream';
import { commandContext } from '../shared/request-parsing';
import { decideSubjectAccess } from './decide';

/**
 * POST /api/admin/subject-access (administrators): a person asked for a copy of every record about them. The
 * request is recorded as SubjectAccessExported (who, about whom, when, the request's reference) before the read API
 * hands out the files (GET /api/admin/subject-access/:id/export.json and .pdf), which it does only for the same
 * administrator shortly after. A subject whose stream has no events is unknown: 404, nothing appended. A removed
 * client or carer is still a subject: their records are still held, so they may still ask for them.
 */
export function subjectAccessRoutes(deps: CommandDeps): Router<CommandState> {
  const router = new Router<CommandState>();
  router.post('/api/admin/subject-access', requirePermission('subjectAccess.export'), async (ctx) => {
    const request = parseOr400(subjectAccessRequestSchema, ctx.request.body);
    const subjectStream =
      request.subjectKind === 'client' ? clientStreamId(request.subjectId) : carerStreamId(request.subjectId);
    const exportId = randomUUID();
    const decided = decideSubjectAccess(request, (await deps.store.readStream(subjectStream)).length, exportId);
    const appended = await appendEvents(
      deps.store,
      subjectAccessStreamId(exportId),
      [decided],
      'no_stream',
      commandContext(ctx),
    );
    ctx.status = 201;
    ctx.body = commandReply({ id: exportId, revision: appended.nextExpectedRevision, position: appended.position });
  });
  return router;
}
