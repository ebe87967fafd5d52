import Router from '@koa/router';
import { acknowledgeAlertGroupRequestSchema, alertAudiencesReadBy } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import type { CommandState } from '../shared/command-state';
import { commandContext } from '../shared/request-parsing';
import { AlertGroupService } from './alert-group-service';

/**
 * POST /api/alert-groups/acknowledge (alerts.manage): acknowledges every unacknowledged member of a group of alerts
 * (alert-group-service.ts), each recorded on its own alert.
 */
export function alertGroupRoutes({ store }: CommandDeps): Router<CommandState> {
  const groups = new AlertGroupService(store);
  const router = new Router<CommandState>({ prefix: '/api/alert-groups' });
  router.post('/acknowledge', requirePermission('alerts.manage'), async (ctx) => {
    const input = parseOr400(acknowledgeAlertGroupRequestSchema, ctx.request.body);
    ctx.body = await groups.acknowledge(
      { ...input, note: input.note ?? null },
      alertAudiencesReadBy(ctx.state.session.role),
      commandContext(ctx),
    );
  });
  return router;
}
