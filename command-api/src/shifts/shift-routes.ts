import Router from '@koa/router';
import type { Middleware } from 'koa';
import { cancelShiftRequestSchema, changeShiftRequestSchema, planShiftRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandDeps } from '../shared/command-deps';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { SHIFT_NOT_FOUND } from './decide';
import { ShiftClashError } from './shift-clash';
import { ShiftService } from './shift-service';

/** Overlapping shifts for one carer answer 409 naming the shift they clash with, so the form can show it. */
const renderShiftClash: Middleware<CommandState> = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof ShiftClashError)) throw error;
    ctx.status = 409;
    ctx.body = { error: error.message, fields: { carerId: error.message }, clash: error.clash };
  }
};

const parseShiftId = (raw: string | undefined) => parseRecordId(raw, SHIFT_NOT_FOUND);

/**
 * Rota shifts (Scheduling & Rotas "New Shift"): POST /api/shifts plans one, PATCH /api/shifts/:id changes it
 * while it is not cancelled, POST /api/shifts/:id/cancel cancels it.
 */
export function shiftRoutes({ store }: CommandDeps): Router<CommandState> {
  const service = new ShiftService(store);
  const router = new Router<CommandState>({ prefix: '/api/shifts' });
  router.use(requirePermission('shifts.write'));
  router.use(renderShiftClash);

  router.post('/', async (ctx) => {
    const input = parseOr400(planShiftRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.plan(input, commandContext(ctx)));
  });

  router.patch('/:id', async (ctx) => {
    const id = parseShiftId(ctx.params.id);
    const input = parseOr400(changeShiftRequestSchema, ctx.request.body);
    ctx.body = reply(await service.change(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/cancel', async (ctx) => {
    const id = parseShiftId(ctx.params.id);
    const input = parseOr400(cancelShiftRequestSchema, ctx.request.body ?? {});
    ctx.body = reply(await service.cancel(id, input.reason ?? null, parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
