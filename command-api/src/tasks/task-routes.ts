import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import {
  assignRequestSchema,
  can,
  completeTaskRequestSchema,
  createTaskRequestSchema,
  reasonRequestSchema,
  updateTaskRequestSchema,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { TASK_NOT_FOUND } from './decide';
import type { TaskWorker } from './task-commands';
import { TaskService } from './task-service';

const taskIdOf = (ctx: ParameterizedContext<CommandState>) => parseRecordId(ctx.params.id, TASK_NOT_FOUND);
/** A body-less POST (start, complete without notes) validates as an empty object. */
const bodyOf = (ctx: ParameterizedContext<CommandState>): unknown => ctx.request.body ?? {};

function workerOf(ctx: ParameterizedContext<CommandState>): TaskWorker {
  const { userId, role } = ctx.state.session;
  return { userId, mayWorkAnyTask: can(role, 'tasks.write') };
}

/**
 * To-do task commands: create, edit, assign, cancel and reopen (tasks.write); start and complete (tasks.work:
 * the assignee, or anyone with tasks.write). Every command on an existing task accepts If-Match.
 */
export function taskRoutes({ store }: CommandDeps): Router<CommandState> {
  const service = new TaskService(store);
  const router = new Router<CommandState>({ prefix: '/api/tasks' });
  const write = requirePermission('tasks.write');
  const work = requirePermission('tasks.work');

  router.post('/', write, async (ctx) => {
    const input = parseOr400(createTaskRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.create(input, commandContext(ctx)));
  });

  router.patch('/:id', write, async (ctx) => {
    const id = taskIdOf(ctx);
    const input = parseOr400(updateTaskRequestSchema, ctx.request.body);
    ctx.body = reply(await service.update(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/assign', write, async (ctx) => {
    const id = taskIdOf(ctx);
    const input = parseOr400(assignRequestSchema, ctx.request.body);
    ctx.body = reply(await service.assign(id, input.assignedTo, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/start', work, async (ctx) => {
    const id = taskIdOf(ctx);
    ctx.body = reply(await service.start(id, workerOf(ctx), parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/complete', work, async (ctx) => {
    const id = taskIdOf(ctx);
    const input = parseOr400(completeTaskRequestSchema, bodyOf(ctx));
    ctx.body = reply(
      await service.complete(id, workerOf(ctx), input.notes ?? null, parseIfMatch(ctx), commandContext(ctx)),
    );
  });

  router.post('/:id/cancel', write, async (ctx) => {
    const id = taskIdOf(ctx);
    const input = parseOr400(reasonRequestSchema, ctx.request.body);
    ctx.body = reply(await service.cancel(id, input.reason, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/reopen', write, async (ctx) => {
    const id = taskIdOf(ctx);
    const input = parseOr400(reasonRequestSchema, ctx.request.body);
    ctx.body = reply(await service.reopen(id, input.reason, parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
