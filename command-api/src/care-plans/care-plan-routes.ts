import Router from '@koa/router';
import {
  agreeCarePlanRequestSchema,
  changeCarePlanStatusRequestSchema,
  changeCarePlanTemplateRequestSchema,
  createCarePlanRequestSchema,
  createCarePlanTemplateRequestSchema,
  recordCarePlanReviewRequestSchema,
  scheduleCarePlanReviewRequestSchema,
  updateCarePlanRequestSchema,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { CarePlanService } from './care-plan-service';
import { CarePlanTemplateService } from './template-service';

const PLAN_NOT_FOUND = 'Care plan not found';

/** Care plans (coordinators and administrators) and their templates (administrators). */
export function carePlanRoutes(deps: CommandDeps): Router<CommandState> {
  const plans = new CarePlanService(deps.store);
  const templates = new CarePlanTemplateService(deps.store);
  const router = new Router<CommandState>({ prefix: '/api/care-plans' });
  const write = requirePermission('carePlans.write');

  // Templates first: "templates" must not be taken for a plan's id.
  router.post('/templates', requirePermission('carePlans.templates'), async (ctx) => {
    const input = parseOr400(createCarePlanTemplateRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await templates.create(input, commandContext(ctx)));
  });
  router.patch('/templates/:id', requirePermission('carePlans.templates'), async (ctx) => {
    const id = parseRecordId(ctx.params.id, 'Template not found');
    const input = parseOr400(changeCarePlanTemplateRequestSchema, ctx.request.body);
    ctx.body = reply(await templates.change(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/', write, async (ctx) => {
    const input = parseOr400(createCarePlanRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await plans.create(input, commandContext(ctx)));
  });
  router.patch('/:id', write, async (ctx) => {
    const id = parseRecordId(ctx.params.id, PLAN_NOT_FOUND);
    const input = parseOr400(updateCarePlanRequestSchema, ctx.request.body);
    ctx.body = reply(await plans.update(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });
  router.post('/:id/agreement', write, async (ctx) => {
    const id = parseRecordId(ctx.params.id, PLAN_NOT_FOUND);
    const input = parseOr400(agreeCarePlanRequestSchema, ctx.request.body);
    ctx.body = reply(await plans.agree(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });
  router.post('/:id/review-date', write, async (ctx) => {
    const id = parseRecordId(ctx.params.id, PLAN_NOT_FOUND);
    const input = parseOr400(scheduleCarePlanReviewRequestSchema, ctx.request.body);
    ctx.body = reply(await plans.scheduleReview(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });
  router.post('/:id/reviews', write, async (ctx) => {
    const id = parseRecordId(ctx.params.id, PLAN_NOT_FOUND);
    const input = parseOr400(recordCarePlanReviewRequestSchema, ctx.request.body);
    ctx.body = reply(await plans.recordReview(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });
  router.post('/:id/status', write, async (ctx) => {
    const id = parseRecordId(ctx.params.id, PLAN_NOT_FOUND);
    const input = parseOr400(changeCarePlanStatusRequestSchema, ctx.request.body);
    ctx.body = reply(await plans.changeStatus(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
