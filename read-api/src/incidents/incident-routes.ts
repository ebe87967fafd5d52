import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import {
  blankAsAbsent,
  can,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  queryOneOf,
  searchText,
} from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { optionalId } from '../appointments/query-fields';
import { optionalBoolean } from '../shared/list-filters';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { attachCsv, attachPdf, renderPdf, toCsv } from '@care/documents';
import { incidentCsvRows, incidentFullReport, incidentListReport } from './incident-documents';
import { INCIDENT_TABS, IncidentQueries, type IncidentFilter, type IncidentReader } from './incident-queries';
import { parseQuery } from '../shared/query-parsing';

/** The screen's filters: search, severity, tab, and the API's own (type, status, open, overdue, client). */
export const filterQuery = z.object({
  search: z.preprocess(blankAsAbsent, searchText().optional()),
  severity: queryOneOf(INCIDENT_SEVERITIES, 'Severity'),
  type: queryOneOf(INCIDENT_TYPES, 'Type'),
  status: queryOneOf(INCIDENT_STATUSES, 'Status'),
  tab: queryOneOf(INCIDENT_TABS, 'Tab'),
  open: optionalBoolean('Open'),
  overdue: optionalBoolean('Overdue'),
  clientId: optionalId('Client ID must be a UUID'),
});
export const listQuery = filterQuery.extend(pagingFields());
const incidentId = z.uuid();

export function readerOf(ctx: ParameterizedContext<ReadState>): IncidentReader {
  const { userId, role } = ctx.state.session;
  return can(role, 'incidents.read') ? { all: true } : { all: false, userId };
}

/**
 * GET /api/incidents (filters, paging, X-Total-Count; most recent first), /summary (the cards), /analytics, /:id
 * (with notes, referrals and timeline). incidents.read: every incident; incidents.readOwn (a carer): only those
 * they reported or that name their carer record, decided in the query.
 */
export function incidentRoutes({ db }: ReadDeps): Router<ReadState> {
  const queries = new IncidentQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/incidents' });
  const read = requirePermission('incidents.read', 'incidents.readOwn');

  router.get('/', read, async (ctx) => {
    const { limit, offset, ...filter } = parseQuery(listQuery, ctx);
    sendPage(ctx, await queries.list(filter, readerOf(ctx), { limit, offset }));
  });

  router.get('/summary', read, async (ctx) => {
    ctx.body = await queries.summary(parseQuery(filterQuery, ctx), readerOf(ctx));
  });

  router.get('/analytics', read, async (ctx) => {
    ctx.body = await queries.analytics(parseQuery(filterQuery, ctx), readerOf(ctx));
  });

  router.get('/handlers', requirePermission('incidents.manage'), async (ctx) => {
    ctx.body = await queries.handlers();
  });

  /** Every incident matching the filters (the report is never cut off at a page), most recent first. */
  const everyMatching = async (filter: IncidentFilter, reader: IncidentReader) => {
    const rows = [];
    for (;;) {
      const page = await queries.list(filter, reader, { limit: 500, offset: rows.length });
      rows.push(...page.rows);
      if (page.rows.length === 0 || rows.length >= page.total) return rows;
    }
  };

  router.get('/report.pdf', read, async (ctx) => {
    const filter = parseQuery(filterQuery, ctx);
    const reader = readerOf(ctx);
    const [rows, summary] = await Promise.all([
      everyMatching(filter, reader),
      queries.summary({ ...filter, tab: undefined }, reader),
    ]);
    const pdf = await renderPdf(incidentListReport(rows, summary, describeFilters(filter), new Date()));
    attachPdf(ctx, `incidents-${new Date().toISOString().slice(0, 10)}.pdf`, pdf);
  });

  router.get('/export.csv', read, async (ctx) => {
    const { header, rows } = incidentCsvRows(await everyMatching(parseQuery(filterQuery, ctx), readerOf(ctx)));
    attachCsv(ctx, `incidents-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(header, rows));
  });

  router.get('/:id/report.pdf', read, async (ctx) => {
    const id = incidentId.safeParse(ctx.params.id);
    const incident = id.success ? await queries.byId(id.data, readerOf(ctx)) : undefined;
    if (!incident) throw new HttpError(404, 'Incident not found');
    const by = (await queries.personName(ctx.state.session.userId)) ?? 'a signed-in user';
    attachPdf(ctx, `incident-${incident.id}.pdf`, await renderPdf(incidentFullReport(incident, new Date(), by)));
  });

  router.get('/:id', read, async (ctx) => {
    const id = incidentId.safeParse(ctx.params.id);
    const incident = id.success ? await queries.byId(id.data, readerOf(ctx)) : undefined;
    if (!incident) throw new HttpError(404, 'Incident not found');
    ctx.set('ETag', `"${incident.revision}"`);
    ctx.body = incident;
  });

  return router;
}

/** The filters a list report was made with, in words (its subtitle). */
export function describeFilters(filter: IncidentFilter): string {
  const parts = [
    filter.search && `search "${filter.search}"`,
    filter.severity && `severity ${filter.severity}`,
    filter.type && `type ${filter.type.replace('_', ' ')}`,
    filter.status && `status ${filter.status}`,
    filter.tab && filter.tab !== 'overview' && `tab ${filter.tab}`,
    filter.open === true && 'open only',
    filter.overdue === true && 'statutory duty overdue',
  ].filter(Boolean);
  return parts.length === 0 ? 'All incidents' : `Incidents: ${parts.join(', ')}`;
}
