import Router from '@koa/router';
import { z } from 'zod';
import { ALERT_AUDIENCES, ALERT_SEVERITIES, ALERT_STATUSES, queryOneOf, queryText, TEXT_LIMITS } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { audienceOf, bellAudienceOf } from '../shared/audience';
import { optionalBoolean } from '../shared/list-filters';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { optionalId } from '../appointments/query-fields';
import { ALERT_SORTS, AlertQueries } from './alert-queries';
import { parseQuery } from '../shared/query-parsing';

export const listQuery = z.object({
  active: optionalBoolean('Active'),
  status: queryOneOf(ALERT_STATUSES, 'Status'),
  severity: queryOneOf(ALERT_SEVERITIES, 'Severity'),
  audience: queryOneOf(ALERT_AUDIENCES, 'Audience'),
  carerId: optionalId('Carer ID must be a UUID'),
  group: queryText('Group', TEXT_LIMITS.alertSubject).optional(),
  rule: queryText('Rule', TEXT_LIMITS.reference).optional(),
  snoozed: optionalBoolean('Snoozed'),
  sort: queryOneOf(ALERT_SORTS, 'Sort'),
  ...pagingFields(),
});
const alertId = z.uuid();

/**
 * GET /api/alerts (?active=&status=&severity=&audience=&carerId=&group=&rule=&snoozed=&sort=&limit=&offset=,
 * X-Total-Count; most severe first unless `sort` says `newest` or `oldest`), /count (the bell) and /:id. alerts.read: every alert of the
 * audiences the role reads (the lists); the bell counts only those of them the person follows (/settings).
 * alerts.readOwn (a carer): only the alerts about their own carer record.
 */
export function alertRoutes({ db }: ReadDeps): Router<ReadState> {
  const queries = new AlertQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/alerts' });
  router.use(requirePermission('alerts.read', 'alerts.readOwn'));

  router.get('/', async (ctx) => {
    const { limit, offset, sort, ...filter } = parseQuery(listQuery, ctx);
    sendPage(ctx, await queries.list(filter, sort ?? 'severity', audienceOf(ctx.state.session), { limit, offset }));
  });

  router.get('/count', async (ctx) => {
    ctx.body = { count: await queries.activeCount(await bellAudienceOf(db, ctx.state.session)) };
  });

  router.get('/:id', async (ctx) => {
    const id = alertId.safeParse(ctx.params.id);
    const alert = id.success ? await queries.byId(id.data, audienceOf(ctx.state.session)) : undefined;
    if (!alert) throw new HttpError(404, 'Alert not found');
    ctx.set('ETag', `"${alert.revision}"`);
    ctx.body = alert;
  });

  return router;
}
