import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import { blankAsAbsent, can, CARE_PLAN_STATUSES, MAX_CARE_PLAN_VERSION, queryOneOf, searchText } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import type { ReadScope } from '../shared/carer-work';
import { pagingFields, sendPage, wholeNumber } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { attachPdf, renderPdf } from '@care/documents';
import { carePlanPdfSpec } from './care-plan-pdf';
import { CARE_PLAN_SORTS, CARE_PLAN_VIEWS, CarePlanQueries } from './care-plan-queries';
import { parseQuery } from '../shared/query-parsing';

export const listQuery = z.object({
  search: z.preprocess(blankAsAbsent, searchText().optional()),
  status: queryOneOf(CARE_PLAN_STATUSES, 'Status'),
  view: queryOneOf(CARE_PLAN_VIEWS, 'View'),
  sort: queryOneOf(CARE_PLAN_SORTS, 'Sort'),
  clientId: z.preprocess(blankAsAbsent, z.uuid({ error: 'Client ID must be a UUID' }).optional()),
  ...pagingFields(),
});
export const diffQuery = z.object({
  from: wholeNumber('From', 1, MAX_CARE_PLAN_VERSION, 1),
  to: wholeNumber('To', 1, MAX_CARE_PLAN_VERSION, 1),
});
const planId = z.uuid();
const NOT_FOUND = 'Care plan not found';

/** carePlans.read: every plan; carePlans.readOwn (a carer): the plans in use of the clients on their visits. */
function scopeOf(ctx: ParameterizedContext<ReadState>): ReadScope {
  const { userId, role } = ctx.state.session;
  return can(role, 'carePlans.read') ? { kind: 'all' } : { kind: 'carer', userId };
}

/**
 * GET /api/care-plans (?search=&status=&view=&sort=&clientId=&limit=&offset=, X-Total-Count), /stats, /templates,
 * /:id (with its versions, reviews and history) and /:id/diff?from=&to= (field by field).
 */
export function carePlanRoutes({ db, work }: ReadDeps): Router<ReadState> {
  const queries = new CarePlanQueries(db, work);
  const router = new Router<ReadState>({ prefix: '/api/care-plans' });
  const read = requirePermission('carePlans.read', 'carePlans.readOwn');

  router.get('/', read, async (ctx) => {
    const { limit, offset, ...filter } = parseQuery(listQuery, ctx);
    sendPage(ctx, await queries.list(filter, scopeOf(ctx), { limit, offset }));
  });

  router.get('/stats', read, async (ctx) => {
    ctx.body = await queries.stats(scopeOf(ctx));
  });

  router.get('/templates', requirePermission('carePlans.read'), async (ctx) => {
    ctx.body = await queries.templates();
  });

  router.get('/:id', read, async (ctx) => {
    const id = planId.safeParse(ctx.params.id);
    const plan = id.success ? await queries.byId(id.data, scopeOf(ctx)) : undefined;
    if (!plan) throw new HttpError(404, NOT_FOUND);
    ctx.set('ETag', `"${plan.revision}"`);
    ctx.body = plan;
  });

  /** View Full Plan, printable: the whole plan as a PDF. */
  router.get('/:id/pdf', read, async (ctx) => {
    const id = planId.safeParse(ctx.params.id);
    const plan = id.success ? await queries.byId(id.data, scopeOf(ctx)) : undefined;
    if (!plan) throw new HttpError(404, NOT_FOUND);
    const name = plan.clientName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'client';
    attachPdf(ctx, `care-plan-${name}-v${plan.version}.pdf`, await renderPdf(carePlanPdfSpec(plan)));
  });

  router.get('/:id/diff', read, async (ctx) => {
    const id = planId.safeParse(ctx.params.id);
    const { from, to } = parseQuery(diffQuery, ctx);
    const diff = id.success ? await queries.diff(id.data, from, to, scopeOf(ctx)) : undefined;
    if (!diff) throw new HttpError(404, NOT_FOUND);
    ctx.body = diff;
  });

  return router;
}
