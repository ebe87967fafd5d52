import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import {
  londonToday,
  REPORT_RANGE_LABELS,
  reportExportQuery,
  reportFiltersQuery,
  reportScope,
  type ReportFormat,
  type ReportScope,
} from '@care/events';
import { requirePermission } from '@care/events/server';
import { READ_MODEL_SCHEMA } from '@care/projector';
import { reportFile, ReportQueries } from '@care/documents';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { parseQuery } from '../shared/query-parsing';
import { bellAudienceOf } from '../shared/audience';
import { reportAlertCount } from './report-alerts';

export const reportQuery = reportFiltersQuery;

/**
 * Reports & Analytics, one route per tab, each taking the same filters (range preset or custom from/to, region,
 * carer). Figures come from the reports projection's roll-ups, by the formulas each tab states.
 */
export function reportRoutes({ db }: ReadDeps): Router<ReadState> {
  const queries = new ReportQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/reports' });
  router.use(requirePermission('reports.read'));
  const scopeOf = (ctx: ParameterizedContext<ReadState>): ReportScope =>
    reportScope(parseQuery(reportQuery, ctx), londonToday());

  // The overview's alert figure is the dashboard's (report-alerts.ts), for the audiences the reader follows.
  router.get('/overview', async (ctx) => {
    const scope = scopeOf(ctx);
    const [overview, activeAlerts] = await Promise.all([
      queries.overview(scope),
      bellAudienceOf(db, ctx.state.session).then((audience) => reportAlertCount(db, audience, scope)),
    ]);
    ctx.body = { ...overview, activeAlerts };
  });
  router.get('/performance', async (ctx) => {
    ctx.body = await queries.performance(scopeOf(ctx));
  });
  router.get('/compliance', async (ctx) => {
    ctx.body = await queries.compliance(scopeOf(ctx), londonToday());
  });
  router.get('/quality', async (ctx) => {
    ctx.body = await queries.quality(scopeOf(ctx));
  });
  router.get('/operational', async (ctx) => {
    ctx.body = await queries.operational(scopeOf(ctx));
  });
  // Export Reports: exactly what the filters show, as a real file (PDF with its charts, or CSV).
  const exportAs = (format: ReportFormat) => async (ctx: ParameterizedContext<ReadState>) => {
    const query = parseQuery(reportExportQuery, ctx);
    const today = londonToday();
    const scope = reportScope(query, today);
    const activeAlerts = await reportAlertCount(db, await bellAudienceOf(db, ctx.state.session), scope);
    const carer = scope.carerId
      ? await db
          .withSchema(READ_MODEL_SCHEMA)
          .selectFrom('report_carers')
          .select(['first_name', 'last_name'])
          .where('id', '=', scope.carerId)
          .executeTakeFirst()
      : undefined;
    const file = await reportFile(
      db,
      {
        kind: query.report,
        scope,
        rangeLabel: REPORT_RANGE_LABELS[query.range],
        measures: query.measures,
        groupBy: query.groupBy,
        today,
        generatedAt: new Date(),
        carerName: carer ? `${carer.first_name} ${carer.last_name}` : null,
        activeAlerts,
      },
      format,
    );
    ctx.type = file.contentType;
    ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    ctx.body = file.body;
  };
  router.get('/export.pdf', exportAs('pdf'));
  router.get('/export.csv', exportAs('csv'));
  return router;
}
