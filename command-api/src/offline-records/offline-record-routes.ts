import Router from '@koa/router';
import { positionToToken, unappliedOfflineRecordRequestSchema } from '@care/events';
import type { UnappliedOfflineRecordReply } from '@care/events/api';
import { parseOr400 } from '@care/events/server';
import { CarerWork, writerScopeOf } from '../shared/carer-work';
import type { CommandDeps } from '../shared/command-deps';
import type { CommandState } from '../shared/command-state';
import { commandContext } from '../shared/request-parsing';
import { OfflineRecordService } from './offline-record-service';

/**
 * POST /api/offline-records/unapplied: a phone's outbox reports a record the server refused when it was sent (any
 * signed-in user, for their own records). 201 with the record's id and the office alert's.
 */
export function offlineRecordRoutes({ store, carerWindow }: CommandDeps): Router<CommandState> {
  const records = new OfflineRecordService(store, new CarerWork(store, carerWindow));
  const router = new Router<CommandState>({ prefix: '/api/offline-records' });

  router.post('/unapplied', async (ctx) => {
    const input = parseOr400(unappliedOfflineRecordRequestSchema, ctx.request.body ?? {});
    const { session } = ctx.state;
    const name = `${session.firstName} ${session.lastName}`.trim() || session.email;
    const result = await records.reportUnapplied(
      input,
      { userId: session.userId, name, scope: writerScopeOf(session) },
      commandContext(ctx),
    );
    ctx.status = 201;
    ctx.body = {
      id: result.id,
      alertId: result.alertId,
      revision: result.revision.toString(),
      position: result.position ? positionToToken(result.position) : '',
    } satisfies UnappliedOfflineRecordReply;
  });

  return router;
}
