import Router from '@koa/router';
import { londonToday, reportFiltersQuery, reportScope, type ReportScope } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { ReportQueries } from './report-queries';

export const reportQuery = reportFiltersQuery;

/**
 * Reports & Analytics (spec part 2), one route per tab, each taking the same filters (range preset or custom
 * from/to, region, carer). Figures follow spec part 2 section 9 and come from the reports projection's roll-ups.
 */
export function reportRoutes({ db }: ReadDeps): Router<ReadState> {
  const queries = new ReportQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/reports' });
  router.use(requirePermission('reports.read'));
  const scopeOf = (query: unknown): ReportScope => reportScope(parseOr400(reportQuery, query), londonToday());

  router.get('/overview', async (ctx) => {
    ctx.body = await queries.overview(scopeOf(ctx.query));
  });
  router.get('/performance', async (ctx) => {
    ctx.body = await queries.performance(scopeOf(ctx.query));
  });
  router.get('/compliance', async (ctx) => {
    ctx.body = await queries.compliance(scopeOf(ctx.query), londonToday());
  });
  router.get('/quality', async (ctx) => {
    ctx.body = await queries.quality(scopeOf(ctx.query));
  });
  router.get('/operational', async (ctx) => {
    ctx.body = await queries.operational(scopeOf(ctx.query));
  });
  return router;
}
