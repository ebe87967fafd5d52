import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { dataExportStreamId, exportRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { appendEvents } from '../shared/event-stream';
import { commandContext } from '../shared/request-parsing';

/**
 * POST /api/admin/exports (administrators): Export Data starts here. The export is recorded as an event (who, when,
 * what) before the read API hands out the archive (GET /api/admin/exports/:id/archive), which it does only for an
 * export recorded by the same administrator.
 */
export function exportRoutes(deps: CommandDeps): Router<CommandState> {
  const router = new Router<CommandState>();
  router.post('/api/admin/exports', requirePermission('admin.panel'), async (ctx) => {
    const { eventLog, lists } = parseOr400(exportRequestSchema, ctx.request.body);
    const exportId = randomUUID();
    const appended = await appendEvents(
      deps.store,
      dataExportStreamId(exportId),
      [{ type: 'DataExported', data: { exportId, eventLog, lists: [...new Set(lists)] } }],
      'no_stream',
      commandContext(ctx),
    );
    ctx.status = 201;
    ctx.body = commandReply({ id: exportId, revision: appended.nextExpectedRevision, position: appended.position });
  });
  return router;
}
