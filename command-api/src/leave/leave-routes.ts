import Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import {
  approveLeaveRequestSchema,
  can,
  cancelLeaveRequestSchema,
  declineLeaveRequestSchema,
  LEAVE_NOT_FOUND,
  requestLeaveRequestSchema,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import { AppointmentService } from '../appointments/appointment-service';
import { CarerWork, writerScopeOf } from '../shared/carer-work';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { LeaveOverlapError } from './carer-leave';
import { LeaveService, type LeaveActor } from './leave-service';
import { VisitsInLeaveError } from './leave-visits';

const parseLeaveId = (raw: string | undefined): string => parseRecordId(raw, LEAVE_NOT_FOUND);

/** A body-less POST (approve, cancel without a reason) validates as an empty object. */
const bodyOf = (ctx: ParameterizedContext<CommandState>): unknown => ctx.request.body ?? {};

function actorOf(ctx: ParameterizedContext<CommandState>): LeaveActor {
  const { userId, role } = ctx.state.session;
  return { userId, mayApprove: can(role, 'leave.approve'), scope: writerScopeOf(ctx.state.session) };
}

/**
 * An approval the rota stands in the way of answers 409 with what is in the way: the carer's visits in the leave
 * (`visits`, so the screen can list them before approving with unassignVisits), or the other approved leave it
 * overlaps (`otherLeaveId`).
 */
const renderLeaveConflicts: Middleware<CommandState> = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (error instanceof VisitsInLeaveError) {
      ctx.status = 409;
      ctx.body = { error: error.message, fields: { unassignVisits: error.message }, visits: error.visits };
    } else if (error instanceof LeaveOverlapError) {
      ctx.status = 409;
      ctx.body = { error: error.message, otherLeaveId: error.otherLeaveId };
    } else {
      throw error;
    }
  }
};

/**
 * Leave: a carer requests their own (and may withdraw it while it waits); a coordinator or administrator requests
 * for any carer, and approves, declines or cancels anyone's but their own. Every change accepts If-Match.
 */
export function leaveRoutes({ store, visitTimeRules, carerWindow }: CommandDeps): Router<CommandState> {
  const work = new CarerWork(store, carerWindow);
  const service = new LeaveService(store, work, new AppointmentService(store, undefined, visitTimeRules, work));
  const router = new Router<CommandState>({ prefix: '/api/leave' });
  router.use(renderLeaveConflicts);
  const approver = requirePermission('leave.approve');

  router.post('/', requirePermission('leave.request'), async (ctx) => {
    const input = parseOr400(requestLeaveRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.request(input, actorOf(ctx), commandContext(ctx)));
  });

  router.post('/:id/approve', approver, async (ctx) => {
    const id = parseLeaveId(ctx.params.id);
    const { unassignVisits } = parseOr400(approveLeaveRequestSchema, bodyOf(ctx));
    const result = await service.approve(id, unassignVisits, actorOf(ctx), parseIfMatch(ctx), commandContext(ctx));
    ctx.body = { ...reply(result), unassignedAppointmentIds: result.unassignedAppointmentIds };
  });

  router.post('/:id/decline', approver, async (ctx) => {
    const id = parseLeaveId(ctx.params.id);
    const { reason } = parseOr400(declineLeaveRequestSchema, ctx.request.body);
    ctx.body = reply(await service.decline(id, reason, actorOf(ctx), parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/cancel', requirePermission('leave.request'), async (ctx) => {
    const id = parseLeaveId(ctx.params.id);
    const { reason } = parseOr400(cancelLeaveRequestSchema, bodyOf(ctx));
    ctx.body = reply(await service.cancel(id, reason ?? null, actorOf(ctx), parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
