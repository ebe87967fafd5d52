import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { createReportScheduleRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseRecordId } from '../shared/request-parsing';
import { ReportScheduleService } from './report-schedule-service';

const actorOf = (ctx: ParameterizedContext<CommandState>) => ({
  userId: ctx.state.session.userId,
  role: ctx.state.session.role,
});

/**
 * Schedule Report (reports.schedule): a weekly or monthly report, generated on time by the rules process. Pause,
 * resume and delete: whoever scheduled it, or any administrator.
 */
export function reportScheduleRoutes({ store }: CommandDeps): Router<CommandState> {
  const service = new ReportScheduleService(store);
  const router = new Router<CommandState>({ prefix: '/api/report-schedules' });
  router.use(requirePermission('reports.schedule'));
  const idOf = (ctx: ParameterizedContext<CommandState>) => parseRecordId(ctx.params.id, 'Schedule not found');

  router.post('/', async (ctx) => {
    const input = parseOr400(createReportScheduleRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.schedule(input, commandContext(ctx)));
  });
  router.post('/:id/pause', async (ctx) => {
    ctx.body = reply(await service.change(idOf(ctx), 'PauseSchedule', actorOf(ctx), commandContext(ctx)));
  });
  router.post('/:id/resume', async (ctx) => {
    ctx.body = reply(await service.change(idOf(ctx), 'ResumeSchedule', actorOf(ctx), commandContext(ctx)));
  });
  router.delete('/:id', async (ctx) => {
    ctx.body = reply(await service.change(idOf(ctx), 'DeleteSchedule', actorOf(ctx), commandContext(ctx)));
  });
  return router;
}
