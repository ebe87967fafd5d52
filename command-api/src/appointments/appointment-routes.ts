import Router from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import {
  amendVisitRequestSchema,
  assignCarerRequestSchema,
  can,
  cancelAppointmentRequestSchema,
  changeAppointmentRequestSchema,
  checkInRequestSchema,
  checkOutRequestSchema,
  noShowRequestSchema,
  positionToToken,
  rescheduleAppointmentRequestSchema,
  scheduleAppointmentRequestSchema,
  scheduleRecurringRequestSchema,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import { CarerWork } from '../shared/carer-work';
import { commandReply } from '../shared/command-reply';
import type { CommandDeps } from '../shared/command-deps';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { AppointmentService, type AppointmentResult, type RecorderIdentity } from './appointment-service';
import { BookingClashError } from './booking-clash';
import { APPOINTMENT_NOT_FOUND } from './decide';
import type { LeaveOverride } from '../leave/leave-check';

const parseAppointmentId = (raw: string | undefined) => parseRecordId(raw, APPOINTMENT_NOT_FOUND);

/** A command's reply with its warnings (e.g. the carer's daily client limit), which the UI shows as toasts. */
const reply = (result: AppointmentResult) => ({ ...commandReply(result), warnings: result.warnings });

/** A body-less POST (unassign, no-show without a reason) validates as an empty object. */
const bodyOf = (ctx: ParameterizedContext<CommandState>): unknown => ctx.request.body ?? {};

/** Whether the booker may book a carer on approved leave, and the reason they gave (administrators only). */
function leaveOverrideOf(ctx: ParameterizedContext<CommandState>, reason: string | null | undefined): LeaveOverride {
  return { reason: reason ?? null, allowed: can(ctx.state.session.role, 'leave.override') };
}

function recorderOf(ctx: ParameterizedContext<CommandState>): RecorderIdentity {
  const { userId, role } = ctx.state.session;
  return { userId, mayRecordAnyVisit: can(role, 'appointments.read') };
}

/** A double booking answers 409 naming the clashing visit, so the form can show when the carer is busy. */
const renderBookingClash: Middleware<CommandState> = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof BookingClashError)) throw error;
    ctx.status = 409;
    ctx.body = {
      error: error.message,
      fields: { carerId: error.message },
      clash: error.clash,
      ...(error.clashes.length > 1 && { clashes: error.clashes }),
    };
  }
};

/**
 * The appointment (visit) commands: schedule (one visit or a weekly pattern), assign, unassign, reschedule,
 * change, cancel, no-show (appointments.write); check in and out (visits.record, a carer only their own
 * visits); amend a completed visit (visits.amend). Every command on an existing visit accepts If-Match.
 */
export function appointmentRoutes({ store, visitTimeRules, carerWindow }: CommandDeps): Router<CommandState> {
  const service = new AppointmentService(store, undefined, visitTimeRules, new CarerWork(store, carerWindow));
  const router = new Router<CommandState>({ prefix: '/api/appointments' });
  router.use(renderBookingClash);
  const write = requirePermission('appointments.write');

  router.post('/', write, async (ctx) => {
    const input = parseOr400(scheduleAppointmentRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(
      await service.schedule(input, commandContext(ctx), leaveOverrideOf(ctx, input.leaveOverrideReason)),
    );
  });

  router.post('/recurring', write, async (ctx) => {
    const input = parseOr400(scheduleRecurringRequestSchema, ctx.request.body);
    const result = await service.scheduleRecurring(
      input,
      commandContext(ctx),
      leaveOverrideOf(ctx, input.leaveOverrideReason),
    );
    ctx.status = 201;
    ctx.body = {
      ids: result.ids,
      seriesId: result.seriesId,
      position: result.position ? positionToToken(result.position) : null,
      warnings: result.warnings,
    };
  });

  router.post('/:id/assign', write, async (ctx) => {
    const id = parseAppointmentId(ctx.params.id);
    const { carerId, leaveOverrideReason } = parseOr400(assignCarerRequestSchema, ctx.request.body);
    const override = leaveOverrideOf(ctx, leaveOverrideReason);
    ctx.body = reply(await service.assign(id, carerId, parseIfMatch(ctx), commandContext(ctx), override));
  });

  router.post('/:id/unassign', write, async (ctx) => {
    const id = parseAppointmentId(ctx.params.id);
    ctx.body = reply(await service.unassign(id, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/reschedule', write, async (ctx) => {
    const id = parseAppointmentId(ctx.params.id);
    const { leaveOverrideReason, ...input } = parseOr400(rescheduleAppointmentRequestSchema, ctx.request.body);
    const override = leaveOverrideOf(ctx, leaveOverrideReason);
    ctx.body = reply(await service.reschedule(id, input, parseIfMatch(ctx), commandContext(ctx), override));
  });

  router.patch('/:id', write, async (ctx) => {
    const id = parseAppointmentId(ctx.params.id);
    const input = parseOr400(changeAppointmentRequestSchema, bodyOf(ctx));
    ctx.body = reply(await service.change(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/cancel', write, async (ctx) => {
    const id = parseAppointmentId(ctx.params.id);
    const { reason } = parseOr400(cancelAppointmentRequestSchema, bodyOf(ctx));
    ctx.body = reply(await service.cancel(id, reason, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/no-show', write, async (ctx) => {
    const id = parseAppointmentId(ctx.params.id);
    const { reason } = parseOr400(noShowRequestSchema, bodyOf(ctx));
    ctx.body = reply(await service.noShow(id, reason ?? null, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/check-in', requirePermission('visits.record'), async (ctx) => {
    const id = parseAppointmentId(ctx.params.id);
    const input = parseOr400(checkInRequestSchema, bodyOf(ctx));
    ctx.body = reply(await service.checkIn(id, input, recorderOf(ctx), parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/check-out', requirePermission('visits.record'), async (ctx) => {
    const id = parseAppointmentId(ctx.params.id);
    const input = parseOr400(checkOutRequestSchema, bodyOf(ctx));
    ctx.body = reply(await service.checkOut(id, input, recorderOf(ctx), parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/amend', requirePermission('visits.amend'), async (ctx) => {
    const id = parseAppointmentId(ctx.params.id);
    const input = parseOr400(amendVisitRequestSchema, ctx.request.body);
    ctx.body = reply(await service.amend(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
