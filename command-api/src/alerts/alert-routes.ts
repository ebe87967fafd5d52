import Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import {
  acknowledgeAlertRequestSchema,
  alertAudiencesReadBy,
  alertTaskRequestSchema,
  assignRequestSchema,
  escalateAlertRequestSchema,
  reasonRequestSchema,
  resolveAlertRequestSchema,
  snoozeAlertRequestSchema,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { TaskService } from '../tasks/task-service';
import { AlertService } from './alert-service';
import { DomainError } from '../shared/domain-error';
import { ALERT_NOT_FOUND } from './decide';
import { followUpTask } from './follow-up-task';

const alertIdOf = (ctx: ParameterizedContext<CommandState>) => parseRecordId(ctx.params.id, ALERT_NOT_FOUND);
/** A body-less POST (acknowledge, make a task with every default) validates as an empty object. */
const bodyOf = (ctx: ParameterizedContext<CommandState>): unknown => ctx.request.body ?? {};

/**
 * People's alert commands (alerts.manage): acknowledge, assign, escalate, resolve, reopen, snooze, unsnooze, and make a follow-up
 * task in one step. Each accepts If-Match (the alert's revision). The rule runner raises and clears alerts through
 * AlertService directly, not over HTTP.
 */
export function alertRoutes({ store }: CommandDeps): Router<CommandState> {
  const alerts = new AlertService(store);
  const tasks = new TaskService(store);
  const router = new Router<CommandState>({ prefix: '/api/alerts' });
  const mayManage = requirePermission('alerts.manage');
  // Then an alert of an audience the person does not read (a finance alert, for a coordinator) is not there for them:
  // 404 as for an alert that does not exist, before anything is decided or appended.
  const manage: Middleware<CommandState> = (ctx, next) =>
    mayManage(ctx, async () => {
      const loaded = await alerts.load(alertIdOf(ctx));
      if (loaded.state.exists && !alertAudiencesReadBy(ctx.state.session.role).includes(loaded.state.audience))
        throw new DomainError('not_found', ALERT_NOT_FOUND);
      await next();
    });

  router.post('/:id/acknowledge', manage, async (ctx) => {
    const id = alertIdOf(ctx);
    const input = parseOr400(acknowledgeAlertRequestSchema, bodyOf(ctx));
    ctx.body = reply(await alerts.acknowledge(id, input.note ?? null, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/assign', manage, async (ctx) => {
    const id = alertIdOf(ctx);
    const input = parseOr400(assignRequestSchema, ctx.request.body);
    ctx.body = reply(await alerts.assign(id, input.assignedTo, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/escalate', manage, async (ctx) => {
    const id = alertIdOf(ctx);
    const input = parseOr400(escalateAlertRequestSchema, ctx.request.body);
    ctx.body = reply(await alerts.escalate(id, input.severity, input.reason, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/resolve', manage, async (ctx) => {
    const id = alertIdOf(ctx);
    const input = parseOr400(resolveAlertRequestSchema, ctx.request.body);
    ctx.body = reply(await alerts.resolve(id, input.note, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/reopen', manage, async (ctx) => {
    const id = alertIdOf(ctx);
    const input = parseOr400(reasonRequestSchema, ctx.request.body);
    ctx.body = reply(await alerts.reopen(id, input.reason, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/snooze', manage, async (ctx) => {
    const id = alertIdOf(ctx);
    const input = parseOr400(snoozeAlertRequestSchema, ctx.request.body);
    ctx.body = reply(await alerts.snooze(id, input.until, input.reason, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/unsnooze', manage, async (ctx) => {
    ctx.body = reply(await alerts.unsnooze(alertIdOf(ctx), parseIfMatch(ctx), commandContext(ctx)));
  });

  /** The task is a new stream; the alert's own stream is unchanged (the read side links them by TaskCreated.alertId). */
  router.post('/:id/task', manage, async (ctx) => {
    const id = alertIdOf(ctx);
    const input = parseOr400(alertTaskRequestSchema, bodyOf(ctx));
    const alert = await alerts.load(id);
    const created = await tasks.createTask(followUpTask(id, alert.state, input), commandContext(ctx), 'alert');
    ctx.status = 201;
    ctx.body = reply(created);
  });

  return router;
}
